import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import type { AutoMergeState, ChecksState, ReviewState } from '@shipdeck/shared/insights';
import { z } from 'zod';
import { RateLimitWait } from '../github-client/rate-limit-wait.js';
import type { DecidingReview } from './fetch-ship-state.js';

/**
 * Pull requests per GraphQL query. Each costs one `commits(last: 1)` request in GitHub's cost
 * rule, so 100 of them are 100 requests: 1 point, the least a query can cost.
 */
export const GRAPHQL_PULLS_PER_QUERY = 100;

export interface PullToRate {
  id: number | string;
  owner_login: string;
  name: string;
  number: number;
}

/** One pull request's ship status as GraphQL reports it. */
export interface GraphqlShipState {
  headSha: string;
  review: ReviewState;
  checks: ChecksState;
  /** The newest approval or request for changes, when asked for (to tell it as news). */
  latestReview: DecidingReview | null;
  /** What the team pages' waiting-on rules and review load need, when asked for. */
  team: GraphqlTeamFields | null;
  /** Merge when ready while on (`autoMergeRequest`), null while off (issue 37). */
  autoMerge: AutoMergeState | null;
  /** The repository's merge settings, which GraphQL shows every reader (REST only admins). */
  repository: GraphqlMergeSettings | null;
}

export interface GraphqlMergeSettings {
  mergeCommitAllowed: boolean;
  squashMergeAllowed: boolean;
  rebaseMergeAllowed: boolean;
  autoMergeAllowed: boolean;
}

const mergeSettingsSchema = z.object({
  mergeCommitAllowed: z.boolean(),
  squashMergeAllowed: z.boolean(),
  rebaseMergeAllowed: z.boolean(),
  autoMergeAllowed: z.boolean(),
});

/** A team pass's extra fields (issue 36): who is asked, who reviewed and when, conflicts. */
export interface GraphqlTeamFields {
  draft: boolean;
  /** MERGEABLE, CONFLICTING or UNKNOWN. */
  mergeable: string;
  requestedReviewers: string[];
  /** `org/slug` of each requested team. */
  requestedTeams: string[];
  reviews: { id: number; reviewerLogin: string; state: string; submittedAt: string }[];
}

/**
 * GraphQL cannot be used here (GHES without it, a token it refuses, an answer it botched) or is
 * failing right now (a 5xx).
 */
export class GraphqlUnavailableError extends Error {
  override name = 'GraphqlUnavailableError';
}

const pullSchema = z.object({
  number: z.number(),
  headRefOid: z.string(),
  reviewDecision: z.enum(['APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED']).nullable(),
  latestOpinionatedReviews: z
    .object({
      nodes: z.array(
        z.object({
          databaseId: z.number(),
          state: z.enum(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED', 'PENDING']),
          submittedAt: z.string().nullable(),
          author: z.object({ login: z.string() }).nullable(),
        }),
      ),
    })
    .optional(),
  isDraft: z.boolean().optional(),
  mergeable: z.enum(['MERGEABLE', 'CONFLICTING', 'UNKNOWN']).optional(),
  autoMergeRequest: z
    .object({
      mergeMethod: z.enum(['MERGE', 'SQUASH', 'REBASE']),
      enabledAt: z.string().nullable(),
      enabledBy: z.object({ login: z.string() }).nullable(),
    })
    .nullable()
    .optional(),
  reviewRequests: z
    .object({
      nodes: z.array(
        z.object({
          requestedReviewer: z
            .union([
              z.object({ __typename: z.literal('User'), login: z.string() }),
              z.object({
                __typename: z.literal('Team'),
                slug: z.string(),
                organization: z.object({ login: z.string() }),
              }),
              // Bots and mannequins: asked, but nobody a team page names.
              z.object({ __typename: z.string() }),
            ])
            .nullable(),
        }),
      ),
    })
    .optional(),
  reviews: z
    .object({
      nodes: z.array(
        z.object({
          databaseId: z.number(),
          state: z.string(),
          submittedAt: z.string().nullable(),
          author: z.object({ login: z.string() }).nullable(),
        }),
      ),
    })
    .optional(),
  commits: z.object({
    nodes: z.array(
      z.object({
        commit: z.object({
          statusCheckRollup: z
            .object({ state: z.enum(['SUCCESS', 'FAILURE', 'ERROR', 'PENDING', 'EXPECTED']) })
            .nullable(),
        }),
      }),
    ),
  }),
});

const errorSchema = z.object({
  type: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});

/** What `octokit.graphql` throws for an answer carrying `errors` (partial `data` kept). */
const responseErrorSchema = z.object({
  name: z.literal('GraphqlResponseError'),
  errors: z.array(errorSchema),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});

const PULL_FIELDS =
  'headRefOid reviewDecision autoMergeRequest { mergeMethod enabledAt enabledBy { login } } commits(last: 1) { nodes { commit { statusCheckRollup { state } } } }';
/** What merging is allowed, once per repository of the query: free of extra cost. */
const REPOSITORY_FIELDS =
  'mergeCommitAllowed squashMergeAllowed rebaseMergeAllowed autoMergeAllowed';
/**
 * Only a pass that tells news asks who reviewed last: another connection per pull request, so
 * about 2 points per 100 instead of 1.
 */
const REVIEW_FIELDS =
  'latestOpinionatedReviews(last: 1) { nodes { databaseId state submittedAt author { login } } }';

/**
 * The team pass's fields: requested people and teams (`RequestedReviewer` is a union,
 * PROVIDERS.md §10.2), the submitted reviews (the newest 100), draft and conflicts.
 */
const TEAM_FIELDS =
  'isDraft mergeable reviewRequests(first: 50) { nodes { requestedReviewer { __typename ... on User { login } ... on Team { slug organization { login } } } } } reviews(last: 100) { nodes { databaseId state submittedAt author { login } } }';

function teamFieldsOf(node: z.infer<typeof pullSchema>): GraphqlTeamFields | null {
  if (node.reviewRequests === undefined || node.reviews === undefined) return null;
  const requestedReviewers: string[] = [];
  const requestedTeams: string[] = [];
  for (const { requestedReviewer: asked } of node.reviewRequests.nodes) {
    if (asked && 'login' in asked) requestedReviewers.push(asked.login);
    else if (asked && 'slug' in asked)
      requestedTeams.push(`${asked.organization.login}/${asked.slug}`);
  }
  return {
    draft: node.isDraft ?? false,
    mergeable: node.mergeable ?? 'UNKNOWN',
    requestedReviewers,
    requestedTeams,
    reviews: node.reviews.nodes.flatMap((review) =>
      review.submittedAt !== null && review.author !== null && review.state !== 'PENDING'
        ? [
            {
              id: review.databaseId,
              reviewerLogin: review.author.login,
              state: review.state,
              submittedAt: review.submittedAt,
            },
          ]
        : [],
    ),
  };
}

/**
 * A null decision means the branch requires no review; Shipdeck's REST derivation says
 * `review_required` until someone approves, and GraphQL gives no verdict to go on either.
 */
function reviewOf(decision: z.infer<typeof pullSchema>['reviewDecision']): ReviewState {
  if (decision === 'APPROVED') return 'approved';
  if (decision === 'CHANGES_REQUESTED') return 'changes_requested';
  return 'review_required';
}

/** EXPECTED is a required check that has not reported yet: still pending. */
function checksOf(
  rollup: { state: 'SUCCESS' | 'FAILURE' | 'ERROR' | 'PENDING' | 'EXPECTED' } | null,
): ChecksState {
  if (rollup === null) return 'none';
  if (rollup.state === 'SUCCESS') return 'passing';
  if (rollup.state === 'FAILURE' || rollup.state === 'ERROR') return 'failing';
  return 'pending';
}

/**
 * One aliased query for up to 100 pull requests of any repositories: `rN: repository(...)`
 * holding `pM: pullRequest(number: M)`. Names go in as JSON strings, which GraphQL reads alike.
 */
export function shipStatusQuery(
  pulls: readonly PullToRate[],
  withReviews = false,
  withTeamFields = false,
): {
  query: string;
  aliases: Map<string, PullToRate>;
} {
  const byRepository = new Map<string, PullToRate[]>();
  for (const pull of pulls) {
    const key = `${pull.owner_login}/${pull.name}`;
    byRepository.set(key, [...(byRepository.get(key) ?? []), pull]);
  }
  const aliases = new Map<string, PullToRate>();
  const parts: string[] = [];
  let r = 0;
  for (const group of byRepository.values()) {
    const [first] = group;
    if (!first) continue;
    const inner = group.map((pull) => {
      aliases.set(`r${r}.p${pull.number}`, pull);
      return `p${pull.number}: pullRequest(number: ${pull.number}) { number ${PULL_FIELDS}${withReviews ? ` ${REVIEW_FIELDS}` : ''}${withTeamFields ? ` ${TEAM_FIELDS}` : ''} }`;
    });
    parts.push(
      `r${r}: repository(owner: ${JSON.stringify(first.owner_login)}, name: ${JSON.stringify(first.name)}) { ${REPOSITORY_FIELDS} ${inner.join(' ')} }`,
    );
    r += 1;
  }
  return {
    query: `query ShipStatus { ${parts.join(' ')} rateLimit { cost remaining resetAt } }`,
    aliases,
  };
}

/** Sends one query; GraphQL's partial answers (a deleted pull request) keep the rest. */
async function ask(
  octokit: Octokit,
  query: string,
): Promise<{ data: Record<string, unknown>; errors: z.infer<typeof errorSchema>[] }> {
  try {
    const data: unknown = await octokit.graphql(query);
    return { data: z.record(z.string(), z.unknown()).parse(data), errors: [] };
  } catch (error) {
    // 404/401: this server has no GraphQL for us; 5xx: it fails now. Either way the REST reads
    // serve this pass (they are conditional, and held to the sync's budget).
    if (
      error instanceof RequestError &&
      (error.status === 404 || error.status === 401 || error.status >= 500)
    ) {
      throw new GraphqlUnavailableError(`GitHub GraphQL answered ${error.status}`);
    }
    const parsed = responseErrorSchema.safeParse(error);
    if (!parsed.success) throw error;
    const { errors } = parsed.data;
    if (errors.some((e) => e.type === 'RATE_LIMITED')) {
      // A spent GraphQL budget is a 200 with an error; its reset is within the hour. A wait
      // on GraphQL's limit, which the sync status names.
      throw new RateLimitWait('graphql', new Date(Date.now() + 15 * 60_000));
    }
    // Only a pull request or repository that is gone is a per-item answer; anything else
    // (an unknown field on an older GHES, a resource limit) means this shape does not work here.
    if (errors.some((e) => e.type !== 'NOT_FOUND') || !parsed.data.data) {
      throw new GraphqlUnavailableError(errors[0]?.message ?? 'GitHub GraphQL answered errors');
    }
    return { data: parsed.data.data, errors };
  }
}

/**
 * Head, review decision and check rollup of these pull requests, 100 to a query (about one
 * point each). Pull requests GitHub no longer resolves are missing from the answer.
 * Throws GraphqlUnavailableError when the REST reads must do instead, RetryLaterError when the
 * budget is spent.
 */
export async function readShipStatesByGraphql(
  octokit: Octokit,
  pulls: readonly PullToRate[],
  options: {
    withReviews: boolean;
    /** Also who is asked, the reviews and conflicts (the team pass, issue 36). */
    withTeamFields?: boolean;
    onQuery?: (done: number) => Promise<void>;
  },
): Promise<Map<string, GraphqlShipState>> {
  const states = new Map<string, GraphqlShipState>();
  for (let start = 0; start < pulls.length; start += GRAPHQL_PULLS_PER_QUERY) {
    const { query, aliases } = shipStatusQuery(
      pulls.slice(start, start + GRAPHQL_PULLS_PER_QUERY),
      options.withReviews,
      options.withTeamFields ?? false,
    );
    const { data } = await ask(octokit, query);
    for (const [alias, pull] of aliases) {
      const [repositoryKey = '', pullKey = ''] = alias.split('.');
      const repository = data[repositoryKey];
      if (typeof repository !== 'object' || repository === null) continue;
      const node = pullSchema.safeParse((repository as Record<string, unknown>)[pullKey]);
      if (!node.success) continue;
      const settings = mergeSettingsSchema.safeParse(repository);
      const autoMerge = node.data.autoMergeRequest;
      const head = node.data.commits.nodes[0]?.commit.statusCheckRollup ?? null;
      const last = node.data.latestOpinionatedReviews?.nodes.at(-1);
      states.set(String(pull.id), {
        headSha: node.data.headRefOid,
        review: reviewOf(node.data.reviewDecision),
        checks: checksOf(head),
        latestReview:
          last && (last.state === 'APPROVED' || last.state === 'CHANGES_REQUESTED')
            ? {
                id: last.databaseId,
                state: last.state,
                reviewerLogin: last.author?.login ?? null,
                submittedAt: last.submittedAt,
              }
            : null,
        team: teamFieldsOf(node.data),
        autoMerge: autoMerge
          ? {
              method:
                autoMerge.mergeMethod === 'MERGE'
                  ? 'merge'
                  : autoMerge.mergeMethod === 'SQUASH'
                    ? 'squash'
                    : 'rebase',
              enabledBy: autoMerge.enabledBy?.login ?? null,
              enabledAt: autoMerge.enabledAt,
            }
          : null,
        repository: settings.success ? settings.data : null,
      });
    }
    await options.onQuery?.(Math.min(pulls.length, start + GRAPHQL_PULLS_PER_QUERY));
  }
  return states;
}
