/** Product constants from the spec (section 9) shared by server and web. */
export const HTTP_TIMEOUT_MS = 10_000;

export const storageKeys = {
  token: 'token',
  /** When the stored session expires and when the web client renews it: `{ expiresAt, renewAt }`. */
  tokenRenewal: 'tokenRenewal',
  theme: 'theme',
} as const;

/** The web page the GitHub callback lands on with `?code=`; it exchanges the code and moves on. */
export const OAUTH_COMPLETE_PATH = '/login/github';

export const accountType = 'Free';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 39;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 100;
/** How recent a GitHub sign-in must be for a GitHub-only account to change its email or set a password. */
export const REAUTH_WINDOW_MINUTES = 10;
export const EMAIL_MAX = 254;

export const pageSizes = {
  apiDefault: 30,
  providerMax: 100,
  deploymentsDefault: 20,
  dashboardRepositoriesFetched: 20,
  dashboardRepositoriesShown: 6,
  repositoriesPage: 50,
  repoPageCommits: 10,
  repoPagePullRequests: 10,
  projectsShown: 6,
  dashboardDeploymentsShown: 5,
  notificationsPanel: 10,
  notificationsPage: 20,
} as const;

export const ACTIVITY_WINDOW_DAYS = 30;
export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;

export const truncation = {
  repositoryDescription: 120,
  commitMessage: 80,
  pullRequestTitle: 60,
  pullRequestBody: 100,
  defaultLength: 100,
  shortSha: 7,
} as const;

export const toastConfig = {
  maxVisible: 20,
  defaultDurationMs: 4000,
  successDurationMs: 3000,
  errorDurationMs: 5000,
} as const;

export const NOTIFICATION_BADGE_MAX = 9;

/** Query parameters the OAuth callback puts on its redirect, read by the web app. */
export const githubRedirectParams = {
  loginError: 'error',
  settingsResult: 'github',
  settingsError: 'github_error',
} as const;
