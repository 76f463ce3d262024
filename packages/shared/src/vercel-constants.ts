import { pageSizes } from './constants.js';

// Vercel's limits and texts, apart from its schemas (vercel.ts) so the web pages that show them
// do not download zod. The schemas take their limits and messages from here.

export const vercelMessages = {
  tokenRequired: 'Paste a Vercel access token, or use the server account',
  tokenInvalid: 'Vercel does not accept this token: it is wrong, expired or revoked',
  teamNotFound: 'This token cannot see that Vercel team',
  serverAccountMissing: 'This server has no Vercel account of its own',
  unavailable: 'Vercel could not be reached. Please try again in a moment.',
  notConnected: 'Connect your Vercel account to see your projects and deployments.',
  reconnect: 'Vercel no longer accepts the saved token. Reconnect Vercel in Settings.',
  connected: 'Vercel account connected',
  disconnected: 'Vercel account disconnected',
  connectFailed: 'Failed to connect Vercel',
  disconnectFailed: 'Failed to disconnect Vercel',
  loadProjects: 'Failed to load projects',
  loadDeployment: 'Failed to load the deployment',
  deploymentNotFound: 'Deployment not found',
  projectNotFound: 'Project not found',
} as const;

export const vercelLimits = {
  tokenMax: 200,
  searchMax: 200,
  /** Deployments kept per project on the first sync; later syncs add only what is new. */
  initialDeploymentsPerProject: 100,
  buildLogLines: 40,
  deploymentsPage: 50,
  projectsPageDefault: pageSizes.apiDefault,
} as const;

/** READY → Deployed, BUILDING → Building, ERROR → Failed, anything else → Unknown (spec §4). */
export const deploymentStatusLabels: Record<string, string> = {
  READY: 'Deployed',
  BUILDING: 'Building',
  ERROR: 'Failed',
};
export const unknownStatusLabel = 'Unknown';

/** The repository page's labels (spec §4): Deployed, Failed, Building, Queued, Cancelled. */
export const deploymentStateLabels: Record<string, string> = {
  READY: 'Deployed',
  ERROR: 'Failed',
  BUILDING: 'Building',
  INITIALIZING: 'Building',
  QUEUED: 'Queued',
  CANCELED: 'Cancelled',
};

export const deploymentFilters = ['all', 'ready', 'building', 'error'] as const;
export const deploymentSorts = ['updated', 'created'] as const;
export type DeploymentFilter = (typeof deploymentFilters)[number];
export type DeploymentSort = (typeof deploymentSorts)[number];
