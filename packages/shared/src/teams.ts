import { z } from 'zod';
import { doraResultSchema, shipPullRequestSchema } from './insights.js';
import { TEAM_GROUP_MAX_LIMIT, TEAM_GROUP_PAGE_SIZE } from './team-constants.js';

// Team mode (issue 36): the teams GitHub lists for the viewer's own token, read into the store by
// the sync, and what their pull requests wait on. Every answer is read from Shipdeck's tables.

/** The notice a token without `read:org` (or classic `repo`/`user`) gets instead of an error. */
export const TEAMS_SCOPE_NOTICE = 'Add `read:org` to your GitHub token to see your teams.';

/** Who an open pull request waits on, in the order the team page shows the groups. */
export const WAITING_ON_KINDS = ['reviewers', 'author', 'merge'] as const;
export const waitingOnKindSchema = z.enum(WAITING_ON_KINDS);
export type WaitingOnKind = z.infer<typeof waitingOnKindSchema>;

export const waitingOnSchema = z.object({
  kind: waitingOnKindSchema,
  /** GitHub logins it waits on: the author, the requested reviewers, or who may merge. */
  logins: z.array(z.string()),
  /** Team slugs whose review was requested (kind `reviewers`), `org/slug`. */
  teams: z.array(z.string()),
  /** Why, in the words the row shows: "changes requested", "failing checks", "draft", … */
  reason: z.string(),
});
export type WaitingOn = z.infer<typeof waitingOnSchema>;

const teamKeySchema = z.object({
  org: z.string(),
  slug: z.string(),
});

export const teamParamsSchema = teamKeySchema;
export type TeamParams = z.infer<typeof teamParamsSchema>;

export const teamSummarySchema = teamKeySchema.extend({
  name: z.string(),
  description: z.string().nullable(),
  htmlUrl: z.string(),
  /** `org/slug` of the parent team, when GitHub nests it. */
  parent: z.string().nullable(),
  memberCount: z.number().int(),
  repositoryCount: z.number().int(),
  /** Open pull requests in the team's repositories the viewer can read, by who they wait on. */
  waiting: z.object({
    reviewers: z.number().int(),
    author: z.number().int(),
    merge: z.number().int(),
  }),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** `GET /api/teams`. */
export const teamsResultSchema = z.object({
  teams: z.array(teamSummarySchema),
  /** TEAMS_SCOPE_NOTICE when the token cannot list teams; null otherwise. */
  notice: z.string().nullable(),
  syncedAt: z.string().nullable(),
});
export type TeamsResult = z.infer<typeof teamsResultSchema>;

export const teamMemberSchema = z.object({
  login: z.string(),
  avatarUrl: z.string(),
  /** Whether this GitHub login belongs to a Shipdeck account on this instance. */
  hasAccount: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamRepositorySchema = z.object({
  fullName: z.string(),
  private: z.boolean(),
  htmlUrl: z.string(),
});
export type TeamRepository = z.infer<typeof teamRepositorySchema>;

/** `GET /api/teams/:org/:slug`: only repositories the viewer's own GitHub access can read. */
export const teamDetailResultSchema = z.object({
  team: teamSummarySchema,
  members: z.array(teamMemberSchema),
  repositories: z.array(teamRepositorySchema),
  syncedAt: z.string().nullable(),
});
export type TeamDetailResult = z.infer<typeof teamDetailResultSchema>;

export const TEAM_PULL_SORTS = ['age', 'stale'] as const;

/** `GET /api/teams/:org/:slug/pull-requests` filters. */
export const teamPullRequestsQuerySchema = z.object({
  /** Only pull requests that wait on this GitHub login. */
  waitingOn: z.string().trim().min(1).max(39).optional(),
  /** Only pull requests with no activity for at least this many hours. */
  stale: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  drafts: z.enum(['show', 'hide']).default('show'),
  sort: z.enum(TEAM_PULL_SORTS).default('age'),
  /** At most this many rows per group (each group's `total` counts them all). */
  limit: z.coerce.number().int().min(1).max(TEAM_GROUP_MAX_LIMIT).default(TEAM_GROUP_PAGE_SIZE),
});
export type TeamPullRequestsQuery = z.input<typeof teamPullRequestsQuerySchema>;

// Without the body, which the rows never show and which is most of a pull request's bytes.
export const teamPullRequestSchema = shipPullRequestSchema.omit({ body: true }).extend({
  waitingOn: waitingOnSchema,
  /** Logins whose review is still requested, and `org/slug` of requested teams. */
  requestedReviewers: z.array(z.string()),
  requestedTeams: z.array(z.string()),
  /** When the last activity happened (GitHub's updated_at): staleness is measured from it. */
  lastActivityAt: z.string(),
});
export type TeamPullRequest = z.infer<typeof teamPullRequestSchema>;

export const teamPullRequestsResultSchema = z.object({
  /** One group per WAITING_ON_KINDS entry, in that order, empty groups included. */
  groups: z.array(
    z.object({
      kind: waitingOnKindSchema,
      /** The group's pull requests after the filters; `pullRequests` holds the first `limit`. */
      total: z.number().int(),
      pullRequests: z.array(teamPullRequestSchema),
    }),
  ),
  total: z.number().int(),
  syncedAt: z.string().nullable(),
});
export type TeamPullRequestsResult = z.infer<typeof teamPullRequestsResultSchema>;

export const reviewLoadMemberSchema = teamMemberSchema.extend({
  openRequests: z.object({
    direct: z.number().int(),
    /** Requests made of a team they belong to (this one or another). */
    viaTeam: z.number().int(),
  }),
  reviewsGiven: z.object({
    last7Days: z.number().int(),
    last30Days: z.number().int(),
  }),
  /** Median minutes from being asked to their first review, over 30 days; null without any. */
  medianFirstReviewMinutes: z.number().nullable(),
});
export type ReviewLoadMember = z.infer<typeof reviewLoadMemberSchema>;

/** `GET /api/teams/:org/:slug/review-load`. */
export const reviewLoadResultSchema = z.object({
  members: z.array(reviewLoadMemberSchema),
  syncedAt: z.string().nullable(),
});
export type ReviewLoadResult = z.infer<typeof reviewLoadResultSchema>;

/** `GET /api/teams/:org/:slug/dora`: the same figures as `/insights`, over the team's projects. */
export const teamDoraResultSchema = doraResultSchema;
export type TeamDoraResult = z.infer<typeof teamDoraResultSchema>;
