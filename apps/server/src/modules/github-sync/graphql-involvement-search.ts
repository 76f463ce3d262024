import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import { pageSizes } from '@shipdeck/shared/constants';
import { z } from 'zod';
import { RateLimitWait } from '../github-client/rate-limit-wait.js';
import type { SearchItem } from '../github-store/github-wire.js';
import { GraphqlUnavailableError } from '../ship-status/graphql-ship-states.js';

/**
 * The involvement search's slices by GraphQL `search(type: ISSUE)` (issue 33): counted in points
 * of the token's 5,000 an hour, not in REST search's 30 a minute. It asks for exactly what the
 * REST hit's row keeps (labels, comment count and body included), and hands each node back in
 * the REST hit's shape, so both paths store the same rows.
 */
const QUERY = `query InvolvementSearch($q: String!, $after: String) {
  search(query: $q, type: ISSUE, first: ${pageSizes.providerMax}, after: $after) {
    issueCount
    pageInfo { endCursor }
    nodes {
      ... on PullRequest {
        databaseId number title body state isDraft url createdAt updatedAt closedAt mergedAt
        author { login avatarUrl }
        assignees(first: 10) { nodes { login avatarUrl } }
        labels(first: 20) { nodes { name } }
        comments { totalCount }
        repository { nameWithOwner }
      }
    }
  }
}`;

const actor = z.object({ login: z.string(), avatarUrl: z.string() });

const node = z.object({
  databaseId: z.number(),
  number: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  state: z.enum(['OPEN', 'CLOSED', 'MERGED']),
  isDraft: z.boolean(),
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  mergedAt: z.string().nullable(),
  author: actor.nullable(),
  assignees: z.object({ nodes: z.array(actor) }),
  labels: z.object({ nodes: z.array(z.object({ name: z.string() })) }).nullable(),
  comments: z.object({ totalCount: z.number() }),
  repository: z.object({ nameWithOwner: z.string() }),
});

const answerSchema = z.object({
  search: z.object({
    issueCount: z.number(),
    pageInfo: z.object({ endCursor: z.string().nullable() }),
    // An issue hit (not asked for by `is:pr`) would be an empty object: skipped.
    nodes: z.array(z.union([node, z.object({}).strict()])),
  }),
});

const errorsSchema = z.object({
  name: z.literal('GraphqlResponseError'),
  errors: z.array(z.object({ type: z.string().optional(), message: z.string() })),
  headers: z.record(z.string(), z.unknown()).optional(),
});

export interface GraphqlSearchPage {
  total: number;
  /** Each hit as REST search would list it (`repository_url` ends in `/repos/{owner}/{name}`). */
  items: SearchItem[];
  endCursor: string | null;
}

const asAccount = (person: z.infer<typeof actor>) => ({
  login: person.login,
  avatar_url: person.avatarUrl,
});

/**
 * One page of `query` (newest update first), after `after`. Throws GraphqlUnavailableError where
 * this GitHub has no GraphQL for us (404/401), fails now (5xx) or cannot answer this shape, and a
 * RateLimitWait on the graphql limit when the points are spent (a 200 carrying RATE_LIMITED).
 */
export async function searchPullsByGraphql(
  octokit: Octokit,
  query: string,
  after: string | null,
): Promise<GraphqlSearchPage> {
  let data: unknown;
  try {
    data = await octokit.graphql(QUERY, { q: `${query} sort:updated-desc`, after });
  } catch (error) {
    if (
      error instanceof RequestError &&
      (error.status === 404 || error.status === 401 || error.status >= 500)
    ) {
      throw new GraphqlUnavailableError(`GitHub GraphQL answered ${error.status}`);
    }
    const parsed = errorsSchema.safeParse(error);
    if (!parsed.success) throw error;
    if (parsed.data.errors.some((e) => e.type === 'RATE_LIMITED')) {
      const reset = Number(parsed.data.headers?.['x-ratelimit-reset']);
      throw new RateLimitWait(
        'graphql',
        Number.isFinite(reset) && reset > 0
          ? new Date(reset * 1000 + 1000)
          : new Date(Date.now() + 15 * 60_000),
      );
    }
    throw new GraphqlUnavailableError(
      parsed.data.errors[0]?.message ?? 'GitHub GraphQL answered errors',
    );
  }
  const { search } = answerSchema.parse(data);
  const items = search.nodes.flatMap((hit): SearchItem[] => {
    if (!('databaseId' in hit)) return [];
    return [
      {
        id: hit.databaseId,
        number: hit.number,
        title: hit.title,
        // GraphQL's body is never null; REST's is null where there is none.
        body: hit.body === '' || hit.body === null ? null : hit.body,
        state: hit.state === 'OPEN' ? 'open' : 'closed',
        draft: hit.isDraft,
        user: hit.author ? asAccount(hit.author) : null,
        assignees: hit.assignees.nodes.map(asAccount),
        labels: hit.labels?.nodes ?? [],
        html_url: hit.url,
        created_at: hit.createdAt,
        updated_at: hit.updatedAt,
        closed_at: hit.closedAt,
        comments: hit.comments.totalCount,
        repository_url: `/repos/${hit.repository.nameWithOwner}`,
        pull_request: { merged_at: hit.mergedAt },
      },
    ];
  });
  return { total: search.issueCount, items, endCursor: search.pageInfo.endCursor };
}
