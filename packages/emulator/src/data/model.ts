import { z } from 'zod';

// The emulated world. These schemas are both the in-memory record types and the format of a
// data file passed with `--data` (validated on load); times are ISO 8601 strings on the GitHub
// side and epoch milliseconds on the Vercel side, as each provider sends them.

const iso = z.string();
const int = z.number().int();

export const emailSchema = z.object({
  email: z.string(),
  primary: z.boolean(),
  verified: z.boolean(),
  visibility: z.enum(['public', 'private']).nullable(),
});

export const accountSchema = z.object({
  id: int,
  login: z.string(),
  type: z.enum(['User', 'Organization', 'Bot']),
  name: z.string().nullable(),
  company: z.string().nullable().default(null),
  blog: z.string().nullable().default(null),
  location: z.string().nullable().default(null),
  bio: z.string().nullable().default(null),
  twitterUsername: z.string().nullable().default(null),
  hireable: z.boolean().nullable().default(null),
  /** The address shown on the public profile (`/user.email`); the full list is `emails`. */
  publicEmail: z.string().nullable().default(null),
  emails: z.array(emailSchema).default([]),
  followers: int.default(0),
  following: int.default(0),
  publicGists: int.default(0),
  privateGists: int.default(0),
  twoFactorAuthentication: z.boolean().default(false),
  createdAt: iso,
  updatedAt: iso,
  /** Organisations only: the users who belong to it. */
  memberIds: z.array(int).default([]),
});
export type Account = z.infer<typeof accountSchema>;

export const repoSchema = z.object({
  id: int,
  ownerId: int,
  name: z.string(),
  /** Former names under the same owner; requests for them get 301 to `/repositories/{id}`. */
  previousNames: z.array(z.string()).default([]),
  description: z.string().nullable(),
  homepage: z.string().nullable().default(null),
  private: z.boolean(),
  fork: z.boolean().default(false),
  parentId: int.nullable().default(null),
  archived: z.boolean().default(false),
  disabled: z.boolean().default(false),
  isTemplate: z.boolean().default(false),
  language: z.string().nullable(),
  topics: z.array(z.string()).default([]),
  defaultBranch: z.string().default('main'),
  licenseKey: z
    .enum(['mit', 'apache-2.0', 'gpl-3.0', 'bsd-3-clause', 'unlicense'])
    .nullable()
    .default(null),
  stars: int.default(0),
  watchers: int.default(0),
  forks: int.default(0),
  openIssues: int.default(0),
  size: int.default(0),
  hasIssues: z.boolean().default(true),
  hasProjects: z.boolean().default(true),
  hasWiki: z.boolean().default(true),
  hasPages: z.boolean().default(false),
  hasDiscussions: z.boolean().default(false),
  createdAt: iso,
  updatedAt: iso,
  pushedAt: iso,
  collaboratorIds: z.array(int).default([]),
  /** No commits at all: commit endpoints answer 409. */
  empty: z.boolean().default(false),
  /** Commits/pull requests to generate when the history is not given in the data file. */
  richness: z.enum(['rich', 'light']).default('light'),
  /**
   * The merge settings (`allow_*`); absent means GitHub's defaults: every method allowed,
   * auto-merge not. Optional, so generated repositories and data files read back the same.
   */
  mergeSettings: z
    .object({
      allowMergeCommit: z.boolean(),
      allowSquashMerge: z.boolean(),
      allowRebaseMerge: z.boolean(),
      allowAutoMerge: z.boolean(),
    })
    .optional(),
  /** Branch protection of the default branch: approvals and required checks to merge. */
  protection: z
    .object({
      requiredApprovingReviewCount: int.min(0).max(6),
      /** Check-run names (or status contexts) that must pass. */
      requiredStatusChecks: z.array(z.string()),
    })
    .optional(),
});
export type Repo = z.infer<typeof repoSchema>;

export const fileChangeSchema = z.object({
  filename: z.string(),
  status: z.enum(['added', 'removed', 'modified', 'renamed']),
  additions: int,
  deletions: int,
  patch: z.string().optional(),
  previousFilename: z.string().optional(),
});
export type FileChange = z.infer<typeof fileChangeSchema>;

export const commitSchema = z.object({
  sha: z.string(),
  message: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  /** The GitHub account the author email belongs to; null for addresses GitHub cannot match. */
  authorId: int.nullable(),
  committerName: z.string(),
  committerEmail: z.string(),
  committerId: int.nullable(),
  authoredAt: iso,
  committedAt: iso,
  parents: z.array(z.string()),
  verified: z.boolean().default(false),
  /** Generated on first use when absent. */
  files: z.array(fileChangeSchema).optional(),
});
export type Commit = z.infer<typeof commitSchema>;

export const branchSchema = z.object({
  name: z.string(),
  sha: z.string(),
  protected: z.boolean().default(false),
});
export type Branch = z.infer<typeof branchSchema>;

export const labelSchema = z.object({
  id: int,
  name: z.string(),
  color: z.string(),
  description: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

export const pullSchema = z.object({
  id: int,
  number: int,
  title: z.string(),
  body: z.string().nullable(),
  state: z.enum(['open', 'closed']),
  draft: z.boolean().default(false),
  locked: z.boolean().default(false),
  userId: int,
  headRef: z.string(),
  headSha: z.string(),
  baseRef: z.string(),
  baseSha: z.string(),
  labels: z.array(labelSchema).default([]),
  assigneeIds: z.array(int).default([]),
  requestedReviewerIds: z.array(int).default([]),
  createdAt: iso,
  updatedAt: iso,
  closedAt: iso.nullable(),
  mergedAt: iso.nullable(),
  mergeCommitSha: z.string().nullable(),
  mergedById: int.nullable(),
  comments: int.default(0),
  reviewComments: int.default(0),
  commits: int.default(1),
  additions: int.default(0),
  deletions: int.default(0),
  changedFiles: int.default(0),
  mergeableState: z.enum(['clean', 'dirty', 'blocked', 'unstable', 'behind', 'unknown', 'draft']),
  /** GitHub computes mergeability in the background: the first fetch of an open PR sees null. */
  mergeabilityComputed: z.boolean().default(false),
  /** Teams whose review is requested (`requested_teams`); last, as it is added to generated pulls. */
  requestedTeamIds: z.array(int).optional(),
  /** Merge when ready while on (`auto_merge`, GraphQL `autoMergeRequest`). */
  autoMerge: z
    .object({
      enabledById: int,
      mergeMethod: z.enum(['merge', 'squash', 'rebase']),
      enabledAt: iso,
    })
    .nullable()
    .optional(),
});
export type Pull = z.infer<typeof pullSchema>;

export const reviewSchema = z.object({
  id: int,
  pullNumber: int,
  userId: int,
  body: z.string(),
  state: z.enum(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED', 'PENDING']),
  submittedAt: iso.nullable(),
  commitId: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const checkRunSchema = z.object({
  id: int,
  headSha: z.string(),
  name: z.string(),
  status: z.enum(['queued', 'in_progress', 'completed']),
  conclusion: z
    .enum(['success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required'])
    .nullable(),
  startedAt: iso.nullable(),
  completedAt: iso.nullable(),
  title: z.string().nullable(),
  summary: z.string().nullable(),
  app: z.enum(['github-actions', 'vercel']),
  checkSuiteId: int,
  detailsUrl: z.string().nullable(),
  /**
   * Which attempt of its suite made it (a re-run adds new runs, numbered on); absent is 1.
   * Actions runs' workflow run reports the highest as `run_attempt`.
   */
  runAttempt: int.optional(),
});
export type CheckRun = z.infer<typeof checkRunSchema>;

export const commitStatusSchema = z.object({
  id: int,
  sha: z.string(),
  state: z.enum(['error', 'failure', 'pending', 'success']),
  context: z.string(),
  description: z.string().nullable(),
  targetUrl: z.string().nullable(),
  creatorId: int,
  createdAt: iso,
  updatedAt: iso,
});
export type CommitStatus = z.infer<typeof commitStatusSchema>;

export const ghDeploymentSchema = z.object({
  id: int,
  sha: z.string(),
  ref: z.string(),
  task: z.string().default('deploy'),
  environment: z.string(),
  description: z.string().nullable(),
  creatorId: int,
  createdAt: iso,
  updatedAt: iso,
  productionEnvironment: z.boolean(),
  transientEnvironment: z.boolean().default(false),
});
export type GhDeployment = z.infer<typeof ghDeploymentSchema>;

export const ghDeploymentStatusSchema = z.object({
  id: int,
  deploymentId: int,
  state: z.enum(['error', 'failure', 'inactive', 'pending', 'success', 'queued', 'in_progress']),
  description: z.string(),
  environment: z.string(),
  targetUrl: z.string(),
  environmentUrl: z.string(),
  logUrl: z.string(),
  creatorId: int,
  createdAt: iso,
  updatedAt: iso,
});
export type GhDeploymentStatus = z.infer<typeof ghDeploymentStatusSchema>;

export const repoHistorySchema = z.object({
  commits: z.array(commitSchema).default([]),
  branches: z.array(branchSchema).default([]),
  pulls: z.array(pullSchema).default([]),
  reviews: z.array(reviewSchema).default([]),
  checkRuns: z.array(checkRunSchema).default([]),
  statuses: z.array(commitStatusSchema).default([]),
  deployments: z.array(ghDeploymentSchema).default([]),
  deploymentStatuses: z.array(ghDeploymentStatusSchema).default([]),
  languages: z.record(z.string(), int).default({}),
});
export type RepoHistoryData = z.infer<typeof repoHistorySchema>;

/** A thread subscription (`PUT …/subscription`); `ignored: true` mutes the thread. */
export const threadSubscriptionSchema = z.object({
  ignored: z.boolean(),
  createdAt: iso,
});

/**
 * One GitHub notification thread of one user. Subject URLs are kept as paths below the
 * repository's API URL (`/pulls/12`, `/issues/comments/9`), so answers follow the emulator's
 * origin; null where GitHub sends null (CheckSuite, invitations, alerts).
 */
export const threadSchema = z.object({
  id: int,
  userId: int,
  repoId: int,
  reason: z.string(),
  subject: z.object({
    type: z.string(),
    title: z.string(),
    path: z.string().nullable(),
    latestCommentPath: z.string().nullable(),
  }),
  unread: z.boolean(),
  updatedAt: iso,
  lastReadAt: iso.nullable(),
  /** Marked done (`DELETE /notifications/threads/{id}`): gone from `all=false`, read in `all=true`. */
  done: z.boolean().default(false),
  /** null: no thread subscription (GET …/subscription answers 404), as for watched repositories. */
  subscription: threadSubscriptionSchema.nullable().default(null),
});
export type Thread = z.infer<typeof threadSchema>;
export type ThreadInput = z.input<typeof threadSchema>;

export const vercelUserSchema = z.object({
  uid: z.string(),
  githubUserId: int.nullable(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  createdAt: int,
  defaultTeamId: z.string().nullable().default(null),
});
export type VercelUser = z.infer<typeof vercelUserSchema>;

export const vercelTeamSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
  createdAt: int,
  updatedAt: int,
  creatorUid: z.string(),
  plan: z.enum(['hobby', 'pro', 'enterprise']).default('pro'),
  members: z.array(
    z.object({ uid: z.string(), role: z.enum(['OWNER', 'MEMBER', 'DEVELOPER', 'VIEWER']) }),
  ),
});
export type VercelTeam = z.infer<typeof vercelTeamSchema>;

export const vercelProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The owning scope: a user's uid or a team's id. */
  accountId: z.string(),
  framework: z.enum(['nextjs', 'vite', 'astro', 'remix', 'sveltekit', 'nuxtjs']).nullable(),
  nodeVersion: z.enum(['18.x', '20.x', '22.x']).default('22.x'),
  rootDirectory: z.string().nullable().default(null),
  createdAt: int,
  updatedAt: int,
  /** The linked GitHub repository, if any. */
  repoId: int.nullable(),
  productionBranch: z.string().default('main'),
});
export type VercelProject = z.infer<typeof vercelProjectSchema>;

export const vercelStateSchema = z.enum([
  'QUEUED',
  'INITIALIZING',
  'BUILDING',
  'READY',
  'ERROR',
  'CANCELED',
]);
export type VercelState = z.infer<typeof vercelStateSchema>;

export const vercelDeploymentSchema = z.object({
  uid: z.string(),
  projectId: z.string(),
  /** Hostname without scheme, as Vercel sends it. */
  url: z.string(),
  creatorUid: z.string(),
  createdAt: int,
  buildingAt: int.nullable(),
  readyAt: int.nullable(),
  state: vercelStateSchema,
  target: z.enum(['production']).nullable(),
  source: z.enum(['git', 'cli', 'redeploy']).default('git'),
  meta: z.record(z.string(), z.string()),
  errorCode: z.string().nullable().default(null),
  errorMessage: z.string().nullable().default(null),
  regions: z.array(z.string()).default(['iad1']),
  aliases: z.array(z.string()).default([]),
  /** The GitHub deployment Vercel's integration created for it, if the project is linked. */
  githubDeploymentId: int.nullable().default(null),
});
export type VercelDeployment = z.infer<typeof vercelDeploymentSchema>;

/** A team of an organisation: members, repositories with the team's permission, and nesting. */
export const teamSchema = z.object({
  id: int,
  orgId: int,
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable().default(null),
  privacy: z.enum(['closed', 'secret']).default('closed'),
  /** The parent team: its member list includes this team's members, as GitHub's does. */
  parentId: int.nullable().default(null),
  memberIds: z.array(int).default([]),
  repos: z
    .array(
      z.object({
        repoId: int,
        permission: z.enum(['pull', 'triage', 'push', 'maintain', 'admin']).default('push'),
      }),
    )
    .default([]),
  createdAt: iso,
  updatedAt: iso,
});
export type Team = z.infer<typeof teamSchema>;

export const githubTokenSchema = z.object({
  token: z.string(),
  accountId: int,
  scopes: z.array(z.string()),
  /** The OAuth app that issued it; null for personal access tokens. */
  clientId: z.string().nullable().default(null),
  /**
   * A fine-grained personal access token (`github_pat_…`): `scopes` stand for its repository
   * permissions, and GitHub sends no X-OAuth-Scopes header for it.
   */
  fineGrained: z.boolean().optional(),
});
export type GithubToken = z.infer<typeof githubTokenSchema>;

export const vercelTokenSchema = z.object({ token: z.string(), uid: z.string() });
export type VercelToken = z.infer<typeof vercelTokenSchema>;

export const oauthAppSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  name: z.string(),
  /** Registered callback URL; null accepts any redirect_uri (handy when the port is random). */
  callbackUrl: z.string().nullable().default(null),
});
export type OAuthApp = z.infer<typeof oauthAppSchema>;

export const worldDataSchema = z.object({
  accounts: z.array(accountSchema),
  repos: z.array(repoSchema),
  teams: z.array(teamSchema).default([]),
  /** Keyed by repository id; repositories missing here get a generated history. */
  histories: z.record(z.string(), repoHistorySchema).default({}),
  vercel: z
    .object({
      users: z.array(vercelUserSchema).default([]),
      teams: z.array(vercelTeamSchema).default([]),
      projects: z.array(vercelProjectSchema).default([]),
      deployments: z.array(vercelDeploymentSchema).default([]),
    })
    .default({ users: [], teams: [], projects: [], deployments: [] }),
  tokens: z
    .object({
      github: z.array(githubTokenSchema).default([]),
      vercel: z.array(vercelTokenSchema).default([]),
    })
    .default({ github: [], vercel: [] }),
  oauthApps: z.array(oauthAppSchema).default([]),
  /**
   * GitHub notification threads of every user. When given (even empty), these are all the
   * threads there are; when absent, each user's are generated from the world.
   */
  notifications: z.array(threadSchema).optional(),
});
export type WorldData = z.infer<typeof worldDataSchema>;
