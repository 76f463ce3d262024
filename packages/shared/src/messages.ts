/**
 * Every user-facing text that both the server and the web app show.
 * The product spec treats these strings as contracts: change them here only.
 */
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

export const errorMessages = {
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
  currentPasswordIncorrect: 'Current password is incorrect',
  reauthRequired:
    'For your security, sign in with GitHub again, then make this change within 10 minutes.',
  githubDisconnectNeedsPassword:
    'Set a password before disconnecting GitHub, or you could not sign in again',
  deleteConfirmationMismatch: 'Type your username exactly to confirm',
  rateLimited: 'Too many attempts. Please wait and try again.',
  notFound: 'Not found',
  webhookHeaders: 'X-GitHub-Delivery and X-GitHub-Event headers are required',
  invalidUrl: 'The address is not valid',
  urlPartTooLong: 'Part of the address is too long',
  updateProfile: 'Failed to update profile',
  updatePreferences: 'Failed to update preferences',
  savePreferences: 'Failed to save preferences',
  changePassword: 'Failed to change password',
  disconnectGithub: 'Failed to disconnect GitHub account',
  deleteAccount: 'Failed to delete account',
  loadData: 'Failed to load data',
  loadRepositories: 'Failed to load repositories',
  loadPullRequests: 'Failed to load pull requests',
  loadRepositoryData: 'Failed to load repository data',
  loadDeployments: 'Failed to load deployments',
  checkConsole: 'Check console for details',
  githubNotConnected: 'Connect your GitHub account to see this.',
  githubUnavailable: 'GitHub could not be reached. Please try again in a moment.',
  githubTokenRevoked:
    'GitHub no longer accepts the saved access. Connect GitHub again in Settings.',
  repositoryNotFound: "Repository not found (doesn't exist or no access)",
  connectGithubToken: 'Failed to connect GitHub with the token',
} as const;

/** Values of the `error` query parameter the OAuth callback sends back to /login. */
export const oauthErrorMessages: Record<string, string> = {
  auth_failed: 'GitHub authentication failed. Please try again.',
  server_error: 'Server error during authentication. Please try again.',
  oauth_not_configured: 'GitHub OAuth is not configured. Please contact support.',
  account_exists:
    'An account with this email already exists. Sign in with your password, then connect GitHub in Settings.',
  github_in_use: 'That GitHub account is already connected to another Shipdeck account.',
};
export const oauthErrorFallback = 'Authentication failed.';

/** Texts of the flows that hand a session to the browser. */
export const sessionHandoffMessages = {
  signingIn: 'Signing you in…',
  switchAccountTitle: 'Switch to another account?',
  switchAccountDescription:
    'This link carries a sign-in for a different account than the one you are signed in to. Only switch if you asked for it.',
  keepSession: 'Stay signed in',
  switchAccount: 'Switch account',
} as const;

export const successMessages = {
  accountCreated: 'Account created successfully! Please sign in.',
  profileUpdated: 'Profile updated successfully!',
  passwordChanged: 'Password changed successfully!',
  preferencesUpdated: 'Preferences updated successfully!',
  preferencesSaved: 'Preferences saved successfully!',
  githubDisconnected: 'GitHub account disconnected',
  githubConnected: 'GitHub account connected',
  accountDeleted: 'Account deleted successfully.',
} as const;

/** Disconnecting GitHub deletes what was synced from it, so the settings page asks first. */
export const githubDisconnectMessages = {
  title: 'Disconnect GitHub?',
  description:
    'Shipdeck forgets your GitHub token and removes the repositories, commits, pull requests and activity it synced from GitHub for you. Connecting again syncs them from scratch.',
  confirm: 'Disconnect GitHub',
} as const;

/** Redeploy, promote, rollback and cancel (issue 27): what Shipdeck says when Vercel refuses. */
export const vercelActionMessages = {
  notConnected: 'Connect your Vercel account in Settings to act on deployments.',
  hobbyRollback:
    'Hobby can only roll back to the previous deployment. Upgrade the Vercel account to Pro to roll back further.',
  tokenScope:
    'The Vercel token cannot make this change: it lacks the scope or the team role for it. Reconnect Vercel with a token that can.',
  reconnect: 'Vercel no longer accepts the saved token. Reconnect Vercel in Settings.',
  conflict: 'Vercel refused the change:',
  rateLimited: 'Vercel is rate limiting this account. Try again in a minute.',
  unavailable: 'Vercel did not answer the request. Nothing was changed on our side; try again.',
  cancelFinished: 'Only a queued or building deployment can be cancelled; this one is',
  noRollbackTarget: 'There is no earlier ready production deployment to roll back to.',
  rollbackNotProduction: 'Only a ready production deployment can take production back.',
  promoteNotReady: 'Only a ready deployment can be promoted to production.',
  alreadyProduction: 'This deployment already serves production.',
} as const;

/**
 * Why a personal access token was refused (PUT /auth/github). Apart from errorMessages, which
 * the sign-in pages load: only the server and the token form need these.
 */
export const githubTokenMessages = {
  badCredentials:
    'GitHub refused this token: bad credentials. Check that it was copied whole and has not expired or been revoked.',
  missingScope:
    'GitHub accepted this token, but it lacks the repo scope (or public_repo, for public repositories only) that Shipdeck needs to read your repositories.',
  forbidden: 'GitHub refused this token',
  rateLimited:
    'GitHub is rate limiting this token right now, so it could not be checked. Try again in a few minutes.',
  apiNotFound:
    'The GitHub API address this server is set to (GITHUB_API_URL) does not answer like GitHub. On GitHub Enterprise Server it ends in /api/v3.',
} as const;
