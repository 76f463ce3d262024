import { z } from 'zod';
import { ACTIVITY_WINDOW_DAYS } from './constants.js';
import { pageQuerySchema, paginationSchema } from './pagination.js';

const ownerSchema = z.object({ login: z.string(), avatar_url: z.string() });

/** The hosting shape of a repository (spec §3), as GitHub names its fields. */
export const repositorySchema = z.object({
  id: z.number(),
  name: z.string(),
  full_name: z.string(),
  owner: ownerSchema,
  description: z.string().nullable(),
  private: z.boolean(),
  fork: z.boolean(),
  archived: z.boolean(),
  language: z.string().nullable(),
  stargazers_count: z.number(),
  forks_count: z.number(),
  watchers_count: z.number(),
  open_issues_count: z.number(),
  updated_at: z.string().nullable(),
  created_at: z.string().nullable(),
  pushed_at: z.string().nullable(),
  html_url: z.string(),
  default_branch: z.string(),
  size: z.number(),
  topics: z.array(z.string()),
});
export type Repository = z.infer<typeof repositorySchema>;

export const commitSchema = z.object({
  sha: z.string(),
  html_url: z.string(),
  commit: z.object({
    message: z.string(),
    author: z.object({ name: z.string(), date: z.string() }).nullable(),
    committer: z.object({ date: z.string() }).nullable(),
  }),
  author: ownerSchema.nullable(),
});
export type Commit = z.infer<typeof commitSchema>;

export const pullRequestSchema = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  state: z.enum(['open', 'closed']),
  /** Derived from merged_at: GitHub's list answers carry no `merged` key. */
  merged: z.boolean(),
  merged_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  draft: z.boolean(),
  comments: z.number(),
  user: ownerSchema.nullable(),
  html_url: z.string(),
  /** owner/name of the repository the pull request belongs to. */
  repository: z.string(),
  head: z.object({
    ref: z.string(),
    repo: z.object({ name: z.string(), html_url: z.string() }).nullable(),
  }),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

export const branchSchema = z.object({
  name: z.string(),
  sha: z.string(),
  protected: z.boolean(),
});
export type Branch = z.infer<typeof branchSchema>;

export const languageShareSchema = z.object({
  name: z.string(),
  bytes: z.number(),
  /** Share of the repository's bytes, 0–100 with one decimal. */
  percent: z.number(),
});
export type LanguageShare = z.infer<typeof languageShareSchema>;

/** Null where no earlier figure exists to compare with; the UI shows "—". */
const changeSchema = z.number().nullable();

export const githubStatsSchema = z.object({
  totalRepos: z.number(),
  /** Null when GitHub could not tell (failing or too slow): unknown is never shown as 0. */
  totalCommits: z.number().nullable(),
  openIssues: z.number(),
  totalStars: z.number(),
  totalForks: z.number(),
  /** Percent change against the same figure 30 days ago. */
  changes: z.object({
    totalRepos: changeSchema,
    totalCommits: changeSchema,
    openIssues: changeSchema,
    totalStars: changeSchema,
  }),
});
export type GithubStats = z.infer<typeof githubStatsSchema>;

export const repositoryFilterSchema = z.enum(['all', 'public', 'private', 'fork']);
export const repositorySortSchema = z.enum(['updated', 'name', 'stars', 'forks']);
export type RepositoryFilter = z.infer<typeof repositoryFilterSchema>;
export type RepositorySort = z.infer<typeof repositorySortSchema>;

/** Search, filter and sort apply to all of the user's repositories, then the page is cut. */
export const reposQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  filter: repositoryFilterSchema.default('all'),
  sort: repositorySortSchema.default('updated'),
});
export type ReposQuery = z.input<typeof reposQuerySchema>;

// "." and ".." are no GitHub names, and in a provider URL they would walk to another endpoint.
function isNotDotSegment(value: string): boolean {
  return value !== '.' && value !== '..';
}

export const repoParamsSchema = z.object({
  owner: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'is not a GitHub owner name')
    .refine(isNotDotSegment, 'is not a GitHub owner name'),
  repo: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'is not a GitHub repository name')
    .refine(isNotDotSegment, 'is not a GitHub repository name'),
});

export const commitsQuerySchema = pageQuerySchema.extend({
  sha: z.string().trim().min(1).max(255).optional(),
});

export const pullStateSchema = z.enum(['all', 'open', 'closed']);
export const pullsQuerySchema = pageQuerySchema.extend({
  state: pullStateSchema.default('all'),
});

export const pullRequestFilterSchema = z.enum(['all', 'open', 'closed', 'merged']);
export const pullRequestSortSchema = z.enum(['updated', 'created']);
export type PullRequestFilter = z.infer<typeof pullRequestFilterSchema>;
export type PullRequestSort = z.infer<typeof pullRequestSortSchema>;

/** Pull requests across every repository: authored, review requested or assigned (involves:@me). */
export const pullRequestsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  filter: pullRequestFilterSchema.default('all'),
  sort: pullRequestSortSchema.default('updated'),
});
export type PullRequestsQuery = z.input<typeof pullRequestsQuerySchema>;

export const activityQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(ACTIVITY_WINDOW_DAYS),
});

/** Where the background sync of the user's GitHub data stands. */
export const syncStatusSchema = z.object({
  /** What a running sync is doing (`repositories`, `pull-requests`, `commits`); null when idle. */
  phase: z.string().nullable(),
  done: z.number().nullable(),
  total: z.number().nullable(),
  /** Why the last attempt failed; null when it succeeded. The data shown is the last good one. */
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /**
   * A sync stopped at one of GitHub's rate limits, to go on from where it stopped at `until`:
   * a wait, not a failure (issue 33). Absent or null when not waiting.
   */
  waiting: z
    .object({
      limit: z.enum(['core', 'search', 'graphql', 'secondary']),
      until: z.string(),
    })
    .nullable()
    .optional(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** Every answer read from the synced store says when its data was last confirmed. */
const syncedFields = { syncedAt: z.string().nullable(), sync: syncStatusSchema };
export const syncResultSchema = z.object(syncedFields);
export type SyncResult = z.infer<typeof syncResultSchema>;

export const reposResultSchema = z.object({
  ...syncedFields,
  repositories: z.array(repositorySchema),
  pagination: paginationSchema,
});
export const repositoryResultSchema = z.object({ ...syncedFields, repository: repositorySchema });
export const commitsResultSchema = z.object({
  ...syncedFields,
  commits: z.array(commitSchema),
  pagination: paginationSchema,
});
export const pullsResultSchema = z.object({
  ...syncedFields,
  pullRequests: z.array(pullRequestSchema),
  pagination: paginationSchema,
});
export const branchesResultSchema = z.object({ branches: z.array(branchSchema) });
export const languagesResultSchema = z.object({ languages: z.array(languageShareSchema) });
export const activityDaySchema = z.object({
  /** UTC day, `YYYY-MM-DD`. */
  date: z.string(),
  commits: z.number(),
  pullRequests: z.number(),
});
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const activityResultSchema = z.object({
  ...syncedFields,
  /** One entry per day of the window, oldest first. */
  daily: z.array(activityDaySchema),
  stats: z.object({
    days: z.number(),
    activeRepos: z.number(),
    totalRepos: z.number(),
  }),
  repositories: z.array(repositorySchema),
});
export const statsResultSchema = githubStatsSchema.extend(syncedFields);

export const rateLimitResultSchema = z.object({
  limit: z.number(),
  remaining: z.number(),
  /** ISO time the window resets. */
  reset: z.string(),
  syncedAt: z.string(),
});
