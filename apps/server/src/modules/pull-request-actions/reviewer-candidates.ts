import type { Octokit } from '@octokit/rest';
import { RequestError } from '@octokit/request-error';
import type { ReviewerCandidates } from '@shipdeck/shared/pull-request-actions';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ActionPullRequestRow } from './action-pull-request.repository.js';

// Who can be asked to review, read from GitHub with the person's own token through the
// conditional client (`githubClientFor`), not from a synced table. DESIGN §2 keeps provider calls
// off the request path except on-demand detail that is not synced; a repository's collaborators
// and teams are that kind of detail: wanted only when someone opens the reviewer picker, for one
// repository, and only by people with push access. Syncing them for every repository of every
// user would spend requests each pass on lists hardly anyone opens. Through the conditional client
// the first open costs a page or a few, and every keystroke after is answered from the person's
// own stored answer (a free 304 once the freshness window passes), never from another person's.

/** Collaborators and teams read per repository: 10 pages of 100, the search filters them. */
const MAX_PAGES = 10;
/** Shown per kind, the best matches first. */
const SHOWN = 20;

async function pages<T>(read: (page: number) => Promise<{ data: T[] }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await read(page);
    all.push(...data);
    if (data.length < 100) break;
  }
  return all;
}

/** Matches `q` anywhere in the login, slug or name, ignoring case; an empty `q` matches all. */
function matches(q: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = q.toLowerCase();
  return needle === '' || texts.some((text) => text?.toLowerCase().includes(needle));
}

/** Logins (lower case) that belong to a Shipdeck account on this instance. */
async function shipdeckLogins(db: Db, logins: readonly string[]): Promise<Set<string>> {
  if (logins.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('github_login')
    .where(
      sql<string>`lower(github_login)`,
      'in',
      logins.map((login) => login.toLowerCase()),
    )
    .execute();
  return new Set(rows.flatMap((row) => (row.github_login ? [row.github_login.toLowerCase()] : [])));
}

/**
 * The people with push access to the repository (GitHub refuses a review request to anyone
 * else) other than the author, and the owner organisation's teams with access, matching `q`.
 * People with a Shipdeck account come first (`onShipdeck`), then by login. A token that may not
 * list the repository's teams (fine-grained without Administration: read) gets people only.
 */
export async function reviewerCandidates(
  db: Db,
  octokit: Octokit,
  pull: ActionPullRequestRow,
  q: string,
): Promise<ReviewerCandidates> {
  const owner = pull.owner_login;
  const repo = pull.repository_name;
  const [collaborators, teams] = await Promise.all([
    pages((page) => octokit.rest.repos.listCollaborators({ owner, repo, per_page: 100, page })),
    pages((page) => octokit.rest.repos.listTeams({ owner, repo, per_page: 100, page })).catch(
      (error: unknown) => {
        if (error instanceof RequestError && (error.status === 403 || error.status === 404))
          return [];
        throw error;
      },
    ),
  ]);
  const author = pull.author_login?.toLowerCase() ?? null;
  const people = collaborators.filter(
    (person) =>
      person.permissions?.push === true &&
      person.login.toLowerCase() !== author &&
      person.type !== 'Bot' &&
      matches(q, person.login, person.name),
  );
  const onShipdeck = await shipdeckLogins(
    db,
    people.map((person) => person.login),
  );
  const users = people
    .map((person) => ({
      login: person.login,
      avatarUrl: person.avatar_url,
      onShipdeck: onShipdeck.has(person.login.toLowerCase()),
    }))
    .sort(
      (a, b) =>
        Number(b.onShipdeck) - Number(a.onShipdeck) ||
        a.login.localeCompare(b.login, 'en', { sensitivity: 'base' }),
    )
    .slice(0, SHOWN);
  return {
    users,
    teams: teams
      .filter((team) => matches(q, team.slug, team.name))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
      .slice(0, SHOWN)
      .map((team) => ({ slug: team.slug, name: team.name, org: owner })),
  };
}
