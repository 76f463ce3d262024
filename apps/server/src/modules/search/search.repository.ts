import type { SearchResult, SearchResultKind } from '@shipdeck/shared/search';
import type { RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The command palette's search over the synced store: the user's repositories (through their
 * access rows), pull requests in those repositories, and their own Vercel projects and
 * deployments. Every kind is one query that ranks its rows in SQL (exact, then prefix, then
 * anywhere in the text) and reads at most `limit` of them; the kinds are then merged into one list.
 *
 * No index is added for it: matching text anywhere in a name cannot use a B-tree, the Vercel
 * tables' primary keys start with the user's id, and the access rows' primary key answers whether
 * the user sees a repository. Over the 5,000-repository demo account each query takes a few
 * milliseconds at most (bench/search.ts).
 */

/** Lower rank first: how well a row matched. */
const RANK = { exact: 0, prefix: 1, word: 2, anywhere: 3, weak: 4 } as const;

/** What starts a word inside a name, a branch or a title: `lazy-api` is found by `api` first. */
const WORD_SEPARATORS = [' ', '-', '/', '.', '\\_'];

/** Among results of the same rank, the order of the kinds. */
const KIND_ORDER: Record<SearchResultKind, number> = {
  team: 0,
  repository: 1,
  'pull-request': 2,
  'vercel-project': 3,
  deployment: 4,
};

/** `%`, `_` and `\` typed by the user match themselves (`escape '\'` on every LIKE below). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface Needle {
  /** Lower-cased text, for equality. */
  exact: string;
  prefix: string;
  /** At the start of a word inside the text. */
  wordStarts: string[];
  anywhere: string;
  /** `#123` or `123`: a pull-request number. */
  number: number | null;
  /** Four or more hexadecimal digits: a commit SHA prefix (lower-cased, LIKE-safe). */
  shaPrefix: string | null;
}

function needleOf(q: string): Needle {
  const exact = q.toLowerCase();
  const escaped = escapeLike(exact);
  const numberMatch = /^#?(\d{1,9})$/.exec(exact);
  return {
    exact,
    prefix: `${escaped}%`,
    wordStarts: WORD_SEPARATORS.map((separator) => `%${separator}${escaped}%`),
    // One character is in nearly every name: it matches at the start only. Anywhere, it would
    // rank and sort the whole store (four times the time of any longer text over 5,000 repositories).
    anywhere: exact.length > 1 ? `%${escaped}%` : `${escaped}%`,
    number: numberMatch ? Number(numberMatch[1]) : null,
    shaPrefix: /^[0-9a-f]{4,40}$/.test(exact) ? `${exact}%` : null,
  };
}

/** `lower(column) like pattern`, with the backslash as the escape on SQLite and PostgreSQL. */
function like(column: RawBuilder<unknown>, pattern: string) {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * The rank of a row matched on any of `columns`: exact, prefix, a word's start or anywhere, the
 * best of them. Evaluated for matched rows only. `wordColumns` (all of them by default) are the
 * ones looked at for a word's start: a repository's full name holds its name's words too.
 */
function textRank(
  columns: RawBuilder<unknown>[],
  needle: Needle,
  wordColumns: RawBuilder<unknown>[] = columns,
) {
  const exact = sql.join(
    columns.map((column) => sql`lower(${column}) = ${needle.exact}`),
    sql` or `,
  );
  const prefix = sql.join(
    columns.map((column) => like(column, needle.prefix)),
    sql` or `,
  );
  const word = sql.join(
    wordColumns.flatMap((column) => needle.wordStarts.map((pattern) => like(column, pattern))),
    sql` or `,
  );
  return sql<number>`case when ${exact} then ${sql.lit(RANK.exact)} when ${prefix} then ${sql.lit(RANK.prefix)} when ${word} then ${sql.lit(RANK.word)} else ${sql.lit(RANK.anywhere)} end`;
}

const firstLine = (text: string | null) => (text ?? '').split('\n', 1)[0]?.trim() ?? '';

/**
 * The user's access row to a repository, for `exists`: the rows are read from the (shared) store
 * table, and the user's access is looked up only for those whose text matched. Driving the query
 * from the user's 5,000 access rows instead costs a primary-key lookup of the repository each,
 * whatever the text: four times slower on SQLite for a text found in few names (bench/search.ts).
 * PostgreSQL plans the semi-join from its statistics either way.
 */
function accessOf(db: Db, userId: string, repositoryColumn: 'r.id' | 'p.repository_id') {
  return db
    .selectFrom('github_repository_access as a')
    .select(sql.lit(1).as('one'))
    .where('a.user_id', '=', userId)
    .where(sql<SqlBool>`a.repository_id = ${sql.ref(repositoryColumn)}`);
}

interface Ranked {
  rank: number;
  result: SearchResult;
}

/** The teams GitHub lists for the user (issue 36), by `org/slug` or name. */
async function searchTeams(db: Db, userId: string, needle: Needle, limit: number) {
  const key = sql`t.org_login || '/' || t.slug`;
  const name = sql.ref('t.name');
  const slug = sql.ref('t.slug');
  const rows = await db
    .selectFrom('github_teams as t')
    .innerJoin('github_team_viewers as v', 'v.team_id', 't.id')
    .where('v.user_id', '=', userId)
    .where((eb) => eb.or([like(key, needle.anywhere), like(name, needle.anywhere)]))
    .select([
      't.id',
      't.org_login',
      't.slug',
      't.name',
      textRank([slug, name, key], needle).as('rank'),
    ])
    .orderBy('rank')
    .orderBy('t.org_login')
    .orderBy('t.slug')
    .limit(limit)
    .execute();
  return rows.map((row): Ranked => ({
    rank: Number(row.rank),
    result: {
      kind: 'team',
      id: String(row.id),
      title: `${row.org_login}/${row.slug}`,
      subtitle: row.name,
      href: `/teams/${encodeURIComponent(row.org_login)}/${encodeURIComponent(row.slug)}`,
    },
  }));
}

async function searchRepositories(db: Db, userId: string, needle: Needle, limit: number) {
  const name = sql.ref('r.name');
  const fullName = sql.ref('r.full_name');
  const rows = await db
    .selectFrom('github_repositories as r')
    .where((eb) =>
      // Anywhere in the full name holds the name's start too, but a start only does not.
      needle.exact.length > 1
        ? like(fullName, needle.anywhere)
        : eb.or([like(fullName, needle.prefix), like(name, needle.prefix)]),
    )
    .where((eb) => eb.exists(accessOf(db, userId, 'r.id')))
    .select([
      'r.id',
      'r.full_name',
      'r.owner_login',
      'r.name',
      'r.description',
      'r.language',
      // The repository's own name counts as much as its full name: `shop` finds octo/shop first.
      textRank([name, fullName], needle, [fullName]).as('rank'),
    ])
    .orderBy('rank')
    .orderBy(sql`coalesce(r.pushed_at, '')`, 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((row): Ranked => ({
    rank: Number(row.rank),
    result: {
      kind: 'repository',
      id: String(row.id),
      title: row.full_name,
      subtitle: [row.language, firstLine(row.description)].filter(Boolean).join(' · '),
      href: `/repo/${encodeURIComponent(row.owner_login)}/${encodeURIComponent(row.name)}`,
    },
  }));
}

async function searchPullRequests(db: Db, userId: string, needle: Needle, limit: number) {
  const title = sql.ref('p.title');
  const rank =
    needle.number === null
      ? textRank([title], needle)
      : sql<number>`case when p.number = ${needle.number} then ${sql.lit(RANK.exact)} else ${textRank([title], needle)} end`;
  const rows = await db
    .selectFrom('github_pull_requests as p')
    .innerJoin('github_repositories as r', 'r.id', 'p.repository_id')
    .where((eb) =>
      needle.number === null
        ? like(title, needle.anywhere)
        : eb.or([eb('p.number', '=', needle.number), like(title, needle.anywhere)]),
    )
    .where((eb) => eb.exists(accessOf(db, userId, 'p.repository_id')))
    .select([
      'p.id',
      'p.number',
      'p.title',
      'p.state',
      'p.merged_at',
      'p.draft',
      'p.html_url',
      'r.full_name',
      rank.as('rank'),
    ])
    .orderBy('rank')
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row): Ranked => {
    const state = row.merged_at
      ? 'merged'
      : row.state === 'open' && row.draft
        ? 'draft'
        : row.state;
    return {
      rank: Number(row.rank),
      result: {
        kind: 'pull-request',
        id: String(row.id),
        title: row.title,
        subtitle: `${row.full_name} #${row.number} · ${state}`,
        href: row.html_url,
      },
    };
  });
}

async function searchProjects(db: Db, userId: string, needle: Needle, limit: number) {
  const name = sql.ref('v.name');
  const rows = await db
    .selectFrom('vercel_projects as v')
    .where('v.user_id', '=', userId)
    .where(like(name, needle.anywhere))
    .select([
      'v.id',
      'v.name',
      'v.framework',
      'v.link_org',
      'v.link_repo',
      textRank([name], needle).as('rank'),
    ])
    .orderBy('rank')
    .orderBy('v.updated_at', 'desc')
    .orderBy('v.id')
    .limit(limit)
    .execute();
  return rows.map((row): Ranked => ({
    rank: Number(row.rank),
    result: {
      kind: 'vercel-project',
      id: row.id,
      title: row.name,
      subtitle: [
        'Vercel project',
        row.framework,
        row.link_org && row.link_repo ? `${row.link_org}/${row.link_repo}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      // The app has no page per project: its deployments, found by its name.
      href: `/deployments?q=${encodeURIComponent(row.name)}`,
    },
  }));
}

async function searchDeployments(db: Db, userId: string, needle: Needle, limit: number) {
  const name = sql.ref('d.name');
  const branch = sql.ref('d.branch');
  // A deployment found by its project's name alone ranks below the project itself.
  const bySha =
    needle.shaPrefix === null
      ? sql``
      : sql`when d.commit_sha like ${needle.shaPrefix} then ${sql.lit(RANK.prefix)} `;
  const rank = sql<number>`case ${bySha}when ${like(branch, needle.anywhere)} then ${textRank([branch], needle)} else ${sql.lit(RANK.weak)} end`;
  const rows = await db
    .selectFrom('vercel_deployments as d')
    .where('d.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        like(name, needle.anywhere),
        like(branch, needle.anywhere),
        ...(needle.shaPrefix !== null ? [eb('d.commit_sha', 'like', needle.shaPrefix)] : []),
      ]),
    )
    .select([
      'd.id',
      'd.name',
      'd.branch',
      'd.target',
      'd.state',
      'd.commit_sha',
      'd.commit_message',
      rank.as('rank'),
    ])
    .orderBy('rank')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((row): Ranked => ({
    rank: Number(row.rank),
    result: {
      kind: 'deployment',
      id: row.id,
      title: `${row.name} · ${row.branch ?? row.target}`,
      subtitle: [
        row.target === 'production' ? 'Production' : 'Preview',
        row.state.toLowerCase(),
        row.commit_sha?.slice(0, 7),
        firstLine(row.commit_message),
      ]
        .filter(Boolean)
        .join(' · '),
      href: `/deployments/${encodeURIComponent(row.id)}`,
    },
  }));
}

/** At most `limit` results for `q` (already trimmed, non-empty), best first. */
export async function searchStore(
  db: Db,
  userId: string,
  q: string,
  limit: number,
): Promise<SearchResult[]> {
  const needle = needleOf(q);
  // On PostgreSQL the queries run at once on the pool's connections.
  const lists = await Promise.all([
    searchTeams(db, userId, needle, limit),
    searchRepositories(db, userId, needle, limit),
    searchPullRequests(db, userId, needle, limit),
    searchProjects(db, userId, needle, limit),
    searchDeployments(db, userId, needle, limit),
  ]);
  const ranked = lists
    .flatMap((list) => list.map((entry, index) => ({ ...entry, index })))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        KIND_ORDER[a.result.kind] - KIND_ORDER[b.result.kind] ||
        a.index - b.index,
    );
  // Every kind that matched gets its share of the answer first (`main` names a branch of every
  // production deployment, and should still show the repositories it finds); what the others leave
  // goes to the best of the rest. The answer stays in rank order.
  const share = Math.ceil(limit / Math.max(1, lists.filter((list) => list.length).length));
  const taken = new Map<SearchResultKind, number>();
  const chosen = new Set<(typeof ranked)[number]>();
  for (const entry of ranked) {
    const count = taken.get(entry.result.kind) ?? 0;
    if (count < share && chosen.size < limit) {
      chosen.add(entry);
      taken.set(entry.result.kind, count + 1);
    }
  }
  for (const entry of ranked) {
    if (chosen.size >= limit) break;
    chosen.add(entry);
  }
  return ranked.filter((entry) => chosen.has(entry)).map((entry) => entry.result);
}
