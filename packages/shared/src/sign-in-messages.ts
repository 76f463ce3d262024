// The texts of the sign-in and sign-up pages (and the server's answers to them), apart from
// messages.ts so those pages, budgeted at 100 KB of first-load JS, load only these.

export const validationMessages = {
  usernameRequired: 'Username is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 39 characters',
  usernamePattern: 'Username may only contain letters, numbers, hyphens and underscores',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  displayNameRequired: 'Display name is required',
  displayNameMax: 'Display name must be at most 100 characters',
} as const;

/** The errors the sign-in pages show; messages.ts's `errorMessages` includes them all. */
export const signInErrorMessages = {
  server: 'Server error. Please try again later.',
  network: 'Network error. Please check your connection.',
  authenticate: 'Failed to authenticate',
  loginFailed: 'Login failed. Please try again.',
  signupFailed: 'Signup failed. Please try again.',
  invalidCredentials: 'Invalid email or password',
  unauthorized: 'Authentication required',
  sessionExpired: 'Your session has expired. Please sign in again.',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already in use',
  signupsInviteOnly:
    'This Shipdeck instance is invite-only. Ask an admin of this instance for an invitation link.',
  signupsClosed:
    'This Shipdeck instance is invite-only: sign-ups are closed. Ask an admin of this instance for an invitation link.',
  accountDisabled: 'This account is disabled',
  invitationInvalid: 'This invitation link is not valid. Ask an admin for a new one.',
  invitationUsed: 'This invitation has already been used. Ask an admin for a new one.',
  invitationExpired: 'This invitation has expired. Ask an admin for a new one.',
  invitationEmailMismatch: 'This invitation is for a different email address.',
  passwordResetInvalid:
    'This password reset link is not valid: it was used, it expired, or it was never issued.',
} as const;

/** Links on the sign-in pages (mail.ts's `mailUiTexts` pulls zod, over /login's 100 KB budget). */
export const signInLinkTexts = {
  forgotPassword: 'Forgot password?',
} as const;

/** messages.ts's `successMessages` includes these. */
export const signInSuccessMessages = {
  accountCreated: 'Account created successfully! Please sign in.',
  passwordReset: 'Your password has been changed. Please sign in with it.',
} as const;

/** Values of the `error` query parameter the OAuth callback sends back to /login. */
export const oauthErrorMessages: Record<string, string> = {
  auth_failed: 'GitHub authentication failed. Please try again.',
  server_error: 'Server error during authentication. Please try again.',
  oauth_not_configured: 'GitHub OAuth is not configured. Please contact support.',
  account_exists:
    'An account with this email already exists. Sign in with your password, then connect GitHub in Settings.',
  github_in_use: 'That GitHub account is already connected to another Shipdeck account.',
  signups_closed:
    'This Shipdeck instance is invite-only. Ask an admin for an invitation link, then sign up from it.',
  account_disabled: 'This account is disabled',
  invitation_invalid:
    'This invitation link cannot be used: it was used, revoked or has expired, or is for another email address. Ask an admin for a new one.',
};
export const oauthErrorFallback = 'Authentication failed.';
