// Issue 33: REST search against GraphQL `search(type: ISSUE)` for the involvement lists a first
// sync reads (`is:pr involves:@me`, then `is:pr review-requested:@me`), on the emulator's default
// large world at 50 ms latency, straight against the emulator (no Shipdeck server: the transport
// alone). Both read the same way the sync does: 100 a page, newest update first, keyset slices
// (`updated:<=` the oldest update seen, ties read again and counted once; a page all of one
// update time goes on by page). REST search spends one of 30 searches a minute per page and waits
// for the window when it is spent, as the sync's pacing does; GraphQL spends points of 5,000 an
// hour (shared with the ship-status queries). Then the next refresh's first page both ways: REST
// asks it conditionally (a 304 costs nothing), a GraphQL POST cannot be.
//
//   npx tsx --conditions=@shipdeck/source bench/involvement-search.ts [--repos 5000] [--latency 50]
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulator } from '@shipdeck/emulator/start-emulator';

const { values } = parseArgs({
  options: {
    repos: { type: 'string', default: '5000' },
    latency: { type: 'string', default: '50' },
  },
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PER_PAGE = 100;
const SEARCH_CAP = 1000;
const QUERIES = ['is:pr involves:@me', 'is:pr review-requested:@me'];

interface Hit {
  id: number;
  updatedAt: string;
}
interface Page {
  total: number;
  hits: Hit[];
}
interface Tally {
  requests: number;
  waitedMs: number;
  /** REST: searches spent; GraphQL: points spent. */
  spent: number;
}

/** Reads one query to its end by keyset slices, as `searchPullRequests` in the sync does. */
async function readAll(
  base: string,
  ask: (query: string, page: number) => Promise<Page>,
): Promise<Set<number>> {
  const found = new Set<number>();
  let slice: string | null = null;
  let page = 1;
  for (;;) {
    const query = slice === null ? base : `${base} updated:<=${slice}`;
    const { total, hits } = await ask(query, page);
    for (const hit of hits) found.add(hit.id);
    const oldest = hits.at(-1)?.updatedAt;
    if (
      !oldest ||
      hits.length < PER_PAGE ||
      page * PER_PAGE >= total ||
      page * PER_PAGE >= SEARCH_CAP
    ) {
      return found;
    }
    if (oldest === (slice ?? hits[0]?.updatedAt) && hits[0]?.updatedAt === oldest) page += 1;
    else {
      slice = oldest;
      page = 1;
    }
  }
}

async function main() {
  const repos = Number(values.repos);
  const latencyMs = Number(values.latency);
  const emulator = await startEmulator({ repos, faults: { latencyMs } });
  const token = emulator.demo.githubToken;
  const headers = {
    authorization: `token ${token}`,
    'user-agent': 'shipdeck-bench',
    accept: 'application/vnd.github+json',
  };
  try {
    // Histories are generated on first use: a GraphQL search of everything warms them (and
    // spends no REST search), so neither side pays for their generation.
    await fetch(`${emulator.url}/api/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ search(query: "is:pr", type: ISSUE, first: 1) { issueCount } }',
      }),
    });

    // REST: one of 30 searches a minute per page; at 0 left, wait for the window's reset.
    const rest: Tally = { requests: 0, waitedMs: 0, spent: 0 };
    let firstEtag = null as string | null;
    const restAsk = async (query: string, page: number): Promise<Page> => {
      for (;;) {
        const url = `${emulator.githubApiUrl}/search/issues?${new URLSearchParams({
          q: query,
          sort: 'updated',
          order: 'desc',
          per_page: String(PER_PAGE),
          page: String(page),
        }).toString()}`;
        const response = await fetch(url, { headers });
        rest.requests += 1;
        const reset = Number(response.headers.get('x-ratelimit-reset')) * 1000;
        if (response.status === 403 || response.status === 429) {
          const waited = Math.max(0, reset - Date.now()) + 1000;
          rest.waitedMs += waited;
          await sleep(waited);
          continue;
        }
        rest.spent += 1;
        if (query === QUERIES[0] && page === 1) firstEtag = response.headers.get('etag');
        const body = (await response.json()) as {
          total_count: number;
          items: { id: number; updated_at: string }[];
        };
        // Paced like the sync: the window's last search waits for its reset before the next.
        if (response.headers.get('x-ratelimit-remaining') === '0') {
          const waited = Math.max(0, reset - Date.now()) + 1000;
          rest.waitedMs += waited;
          await sleep(waited);
        }
        return {
          total: body.total_count,
          hits: body.items.map((item) => ({ id: item.id, updatedAt: item.updated_at })),
        };
      }
    };

    // GraphQL: one query a page, asking for what the sync's slices ask (graphql-involvement-
    // search.ts: every column the REST hit's row keeps, labels included); its cost and the points
    // left come back in `rateLimit`.
    const graphql: Tally = { requests: 0, waitedMs: 0, spent: 0 };
    let pointsLeft: number | null = null;
    const graphqlAsk = async (query: string, page: number): Promise<Page> => {
      // Pages past the first by cursor: GitHub's search cursors are positions, like `page`.
      const after =
        page > 1 ? Buffer.from(`cursor:v2:${(page - 1) * PER_PAGE - 1}`).toString('base64') : null;
      const response = await fetch(`${emulator.url}/api/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query($q: String!, $after: String) {
            rateLimit { cost remaining resetAt }
            search(query: $q, type: ISSUE, first: ${PER_PAGE}, after: $after) {
              issueCount
              pageInfo { hasNextPage endCursor }
              nodes { ... on PullRequest { databaseId number title body state isDraft url createdAt
                updatedAt closedAt mergedAt author { login avatarUrl }
                assignees(first: 10) { nodes { login avatarUrl } } labels(first: 20) { nodes { name } }
                comments { totalCount } repository { nameWithOwner } } }
            }
          }`,
          variables: { q: `${query} sort:updated-desc`, after },
        }),
      });
      graphql.requests += 1;
      const body = (await response.json()) as {
        data: {
          rateLimit: { cost: number; remaining: number };
          search: { issueCount: number; nodes: { databaseId: number; updatedAt: string }[] };
        };
      };
      graphql.spent += body.data.rateLimit.cost;
      pointsLeft = body.data.rateLimit.remaining;
      return {
        total: body.data.search.issueCount,
        hits: body.data.search.nodes.map((node) => ({
          id: node.databaseId,
          updatedAt: node.updatedAt,
        })),
      };
    };

    // One after the other, so each query reads alone as the sync's do.
    const sequential = async (ask: (query: string, page: number) => Promise<Page>) => {
      const started = performance.now();
      const found: Set<number>[] = [];
      for (const query of QUERIES) found.push(await readAll(query, ask));
      return { ms: performance.now() - started, found };
    };
    const graphqlRun = await sequential(graphqlAsk);
    const restRun = await sequential(restAsk);
    const same = QUERIES.every((_, index) => {
      const a = restRun.found[index] ?? new Set<number>();
      const b = graphqlRun.found[index] ?? new Set<number>();
      return a.size === b.size && [...a].every((id) => b.has(id));
    });

    // The next refresh's first page, nothing changed (REST asked once its window has room).
    const window = await fetch(`${emulator.githubApiUrl}/rate_limit`, { headers });
    const searchWindow = (
      (await window.json()) as {
        resources: { search: { remaining: number; reset: number } };
      }
    ).resources.search;
    if (searchWindow.remaining === 0)
      await sleep(Math.max(0, searchWindow.reset * 1000 - Date.now()) + 1000);
    const conditional = await fetch(
      `${emulator.githubApiUrl}/search/issues?${new URLSearchParams({
        q: QUERIES[0] ?? '',
        sort: 'updated',
        order: 'desc',
        per_page: String(PER_PAGE),
        page: '1',
      }).toString()}`,
      { headers: { ...headers, ...(firstEtag ? { 'if-none-match': firstEtag } : {}) } },
    );
    const beforeRefresh = graphql.spent;
    await graphqlAsk(QUERIES[0] ?? '', 1);

    const result = {
      repositoriesInWorld: repos,
      latencyMs,
      pullRequestsFound: QUERIES.map((query, index) => ({
        query,
        found: restRun.found[index]?.size ?? 0,
      })),
      sameResults: same,
      rest: {
        requests: rest.requests,
        searchesSpent: rest.spent,
        wallSeconds: Math.round(restRun.ms / 100) / 10,
        waitedSeconds: Math.round(rest.waitedMs / 100) / 10,
        searchLimitMinutes: Math.ceil(rest.spent / 30),
      },
      graphql: {
        requests: graphql.requests,
        pointsSpent: beforeRefresh,
        pointsLeftOf5000: pointsLeft,
        wallSeconds: Math.round(graphqlRun.ms / 100) / 10,
        waitedSeconds: 0,
      },
      refreshFirstPage: {
        rest: { status: conditional.status, costs: conditional.status === 304 ? 0 : 1 },
        graphql: { points: graphql.spent - beforeRefresh },
      },
      loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
    };
    console.log(JSON.stringify(result, null, 2));
    await mkdir(join(root, 'bench/results'), { recursive: true });
    await writeFile(
      join(root, `bench/results/involvement-search-${repos}.json`),
      JSON.stringify(result, null, 2),
    );
  } finally {
    await emulator.close();
  }
}

await main();
