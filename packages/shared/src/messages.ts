/**
 * Every user-facing text that both the server and the web app show.
 * The product spec treats these strings as contracts: change them here only. Those the sign-in
 * pages show live in sign-in-messages.ts, so those pages load none of the rest.
 */
import { signInErrorMessages, signInSuccessMessages } from './sign-in-messages.js';

export const errorMessages = {
  ...signInErrorMessages,
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
  githubBudgetNotReported:
    'GitHub has not reported a rate-limit budget for this account yet: it will after the first sync.',
  githubTokenRevoked:
    'GitHub no longer accepts the saved access. Connect GitHub again in Settings.',
  repositoryNotFound: "Repository not found (doesn't exist or no access)",
  pullRequestNotFound: 'Pull request not found (not synced yet, or no access)',
  teamNotFound: 'Team not found (GitHub does not list it for your token)',
  connectGithubToken: 'Failed to connect GitHub with the token',
  adminOnly: 'Only an admin of this instance can do this.',
  ownerOnly: 'Only an owner can make or remove an owner or admin.',
  lastOwner:
    'The last owner cannot be demoted, disabled or deleted. Make another account an owner first.',
  selfDisable: 'You cannot disable your own account.',
  userNotFound: 'No such account',
  invitationNotFound: 'No such pending invitation',
  serverVercelOff:
    "An admin has not let members use this server's Vercel account. Connect your own Vercel token instead.",
  serverVercelViewOnly:
    "Members may view this server's Vercel account but not act on it. Ask an admin to allow actions.",
} as const;

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
  ...signInSuccessMessages,
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

/**
 * The GitHub side of the inbox (issue 28): why an action on a GitHub notification failed. Each
 * write goes to GitHub first, so every one of these also means nothing was changed in Shipdeck.
 */
export const githubInboxMessages = {
  invalidId: 'A GitHub notification id is "github-" followed by the thread\'s number',
  notFound: 'No such notification in your inbox',
  threadGone:
    'GitHub has no such notification thread for your account any more; it was left as it was.',
  missingScope:
    'GitHub refused: the saved GitHub access lacks the notifications (or repo) scope. Connect GitHub again with that scope; nothing was changed.',
  unsupportedToken:
    'GitHub does not let fine-grained tokens or GitHub App tokens read or change notifications. Connect GitHub with a classic token or sign in with GitHub; nothing was changed.',
  forbidden: 'GitHub refused the change; nothing was changed',
  rateLimited: 'GitHub is rate limiting this account. Nothing was changed; try again in a minute.',
  unavailable: 'GitHub did not answer. Nothing was changed; try again in a moment.',
  refused: 'GitHub refused the change; nothing was changed',
  muteShipdeckItem: 'Only GitHub notifications can be muted',
} as const;
