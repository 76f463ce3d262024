import type { Db } from '../../../db/database.js';
import type { NewCommitRow, NewPullRequestRow } from '../github-store.repository.js';
import { saveCommits, savePullRequests, saveRepositoryPage } from '../github-store.repository.js';

/** A repository in the synced store, seen by `userId`, through the sync's own writes. */
export async function storeRepository(
  db: Db,
  userId: string,
  repo: { id: number; owner: string; name: string; htmlUrl?: string },
): Promise<void> {
  const now = new Date().toISOString();
  await saveRepositoryPage(
    db,
    userId,
    [
      {
        id: repo.id,
        name: repo.name,
        full_name: `${repo.owner}/${repo.name}`,
        owner_login: repo.owner,
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
        html_url: repo.htmlUrl ?? `https://github.com/${repo.owner}/${repo.name}`,
        default_branch: 'main',
        size: 1,
        topics: '[]',
        synced_at: now,
      },
    ],
    now,
  );
}

/** A pull request in the synced store, as a repository's pull list describes it. */
export async function storePullRequest(
  db: Db,
  pull: Partial<NewPullRequestRow> & {
    id: number;
    repository_id: number;
    number: number;
    author_login: string;
  },
): Promise<void> {
  const now = new Date().toISOString();
  await savePullRequests(
    db,
    [
      {
        title: `Pull ${pull.number}`,
        body: null,
        state: 'open',
        draft: 0,
        merged_at: null,
        author_avatar_url: null,
        head_sha: null,
        head_ref: 'feature',
        head_repo_name: null,
        head_repo_html_url: null,
        base_ref: 'main',
        html_url: `https://github.com/x/y/pull/${pull.number}`,
        comments: 0,
        requested_reviewers: '[]',
        assignees: '[]',
        created_at: now,
        updated_at: now,
        closed_at: null,
        review_state: null,
        checks_state: null,
        synced_at: now,
        ...pull,
      },
    ],
    'list',
  );
}

export async function storeCommit(
  db: Db,
  commit: { repository_id: number; sha: string; html_url: string },
): Promise<void> {
  const now = new Date().toISOString();
  const row: NewCommitRow = {
    message: 'A commit',
    author_name: null,
    author_login: null,
    author_avatar_url: null,
    committed_at: now,
    committer_date: now,
    synced_at: now,
    ...commit,
  };
  await saveCommits(db, [row]);
}
