import type { Db } from '../../../db/database.js';

const HOUR_MS = 3_600_000;
let nextId = 9_000_000;

export interface SeededTeam {
  org: string;
  slug: string;
  repositoryId: number;
}

/**
 * A crafted team in the store, as the teams sync leaves it: `viewers` (user ids) see it, its
 * `members` are GitHub logins (each account given here also carries its login), and it has one
 * public repository.
 */
export async function seedTeam(
  db: Db,
  options: {
    org?: string;
    slug?: string;
    name?: string;
    viewers: readonly string[];
    members: readonly { login: string; userId?: string }[];
  },
): Promise<SeededTeam> {
  const org = options.org ?? 'acme';
  const slug = options.slug ?? `team${(nextId += 1)}`;
  const teamId = (nextId += 1);
  const repositoryId = (nextId += 1);
  const now = new Date().toISOString();
  for (const member of options.members) {
    if (member.userId)
      await db
        .updateTable('users')
        .set({ github_login: member.login })
        .where('id', '=', member.userId)
        .execute();
  }
  await db
    .insertInto('github_teams')
    .values({
      id: teamId,
      org_login: org,
      slug,
      name: options.name ?? `Team ${slug}`,
      description: null,
      html_url: `https://github.com/orgs/${org}/teams/${slug}`,
      parent: null,
      members_etag: null,
      repositories_etag: null,
      synced_at: now,
    })
    .execute();
  for (const userId of options.viewers)
    await db
      .insertInto('github_team_viewers')
      .values({ user_id: userId, team_id: teamId, synced_at: now })
      .execute();
  for (const member of options.members)
    await db
      .insertInto('github_team_members')
      .values({ team_id: teamId, login: member.login, avatar_url: '' })
      .execute();
  const name = `repo${repositoryId}`;
  await db
    .insertInto('github_repositories')
    .values({
      id: repositoryId,
      name,
      full_name: `${org}/${name}`,
      owner_login: org,
      owner_avatar_url: '',
      description: null,
      private: 0,
      fork: 0,
      archived: 0,
      language: null,
      stargazers_count: 0,
      forks_count: 0,
      watchers_count: 0,
      open_issues_count: 0,
      created_at: now,
      updated_at: now,
      pushed_at: now,
      html_url: `https://github.com/${org}/${name}`,
      default_branch: 'main',
      size: 0,
      topics: '[]',
      synced_at: now,
    })
    .execute();
  await db
    .insertInto('github_team_repositories')
    .values({
      team_id: teamId,
      repository_id: repositoryId,
      full_name: `${org}/${name}`,
      private: 0,
      html_url: `https://github.com/${org}/${name}`,
    })
    .execute();
  return { org, slug, repositoryId };
}

/** An open pull request in the team's repository, opened `ageHours` before `now`. */
export async function seedPull(
  db: Db,
  team: SeededTeam,
  options: {
    now: number;
    title?: string;
    author?: string;
    ageHours?: number;
    draft?: boolean;
    requestedReviewers?: string[];
    labels?: string[];
  },
): Promise<number> {
  const id = (nextId += 1);
  const number = id % 100_000;
  const opened = new Date(options.now - (options.ageHours ?? 48) * HOUR_MS).toISOString();
  await db
    .insertInto('github_pull_requests')
    .values({
      id,
      repository_id: team.repositoryId,
      number,
      title: options.title ?? `Pull ${number}`,
      body: null,
      state: 'open',
      draft: options.draft ? 1 : 0,
      merged_at: null,
      author_login: options.author ?? 'alice',
      author_avatar_url: '',
      head_sha: `sha${id}`,
      head_ref: `branch${id}`,
      head_repo_name: null,
      head_repo_html_url: null,
      base_ref: 'main',
      html_url: `https://github.com/${team.org}/repo${team.repositoryId}/pull/${number}`,
      comments: 0,
      requested_reviewers: JSON.stringify(options.requestedReviewers ?? ['bob']),
      assignees: '[]',
      created_at: opened,
      updated_at: opened,
      closed_at: null,
      labels: JSON.stringify(options.labels ?? []),
      review_state: 'review_required',
      checks_state: 'passing',
      synced_at: new Date().toISOString(),
    })
    .execute();
  return number;
}
