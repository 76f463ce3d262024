import { OAUTH_COMPLETE_PATH } from '@shipdeck/shared/constants';

/** Client routes of the SPA. The spec treats these paths as contracts. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** Opened from a password-reset link: `?token=` is the reset token, not a session. */
  resetPassword: '/reset-password',
  /** "Forgot password?": asks for a reset link by email. */
  forgotPassword: '/forgot-password',
  /** Opened from the link mailed to a new email address: `?token=` confirms it. */
  confirmEmail: '/confirm-email',
  githubComplete: OAUTH_COMPLETE_PATH,
  dashboard: '/dashboard',
  repositories: '/repositories',
  pullRequests: '/pull-requests',
  deployments: '/deployments',
  insights: '/insights',
  profile: '/profile',
  settings: '/settings',
  notifications: '/notifications',
  admin: '/admin',
  repo: (owner: string, repo: string) =>
    `/repo/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
  team: (org: string, slug: string) =>
    `/teams/${encodeURIComponent(org)}/${encodeURIComponent(slug)}`,
} as const;

/** Paths the server answers itself: reach them with a full-page navigation, never the router. */
export const serverPaths = {
  githubAuth: '/auth/github',
  docs: '/docs',
} as const;

/**
 * Pages on GitHub's web server, relative to this installation's GITHUB_WEB_URL (github.com or a
 * GitHub Enterprise Server): read them through `useGithubWebLink`, never as github.com literals.
 */
export const githubWebPaths = {
  dashboard: '/dashboard',
  settings: '/settings/profile',
  newRepository: '/new',
} as const;

export const externalLinks = {
  vercelDashboard: 'https://vercel.com/dashboard',
  vercelNew: 'https://vercel.com/new',
} as const;
