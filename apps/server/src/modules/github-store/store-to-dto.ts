import type { Commit, PullRequest, Repository } from '@shipdeck/shared/github';
import type { GithubCommitRow } from './github-commits.table.js';
import type { PullRequestListRow } from './github-reads.repository.js';
import type { GithubRepositoryRow } from './github-repositories.table.js';

function stringArray(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

export function repositoryFromRow(row: GithubRepositoryRow): Repository {
  return {
    id: Number(row.id),
    name: row.name,
    full_name: row.full_name,
    owner: { login: row.owner_login, avatar_url: row.owner_avatar_url },
    description: row.description,
    private: row.private === 1,
    fork: row.fork === 1,
    archived: row.archived === 1,
    language: row.language,
    stargazers_count: row.stargazers_count,
    forks_count: row.forks_count,
    watchers_count: row.watchers_count,
    open_issues_count: row.open_issues_count,
    updated_at: row.updated_at,
    created_at: row.created_at,
    pushed_at: row.pushed_at,
    html_url: row.html_url,
    default_branch: row.default_branch,
    size: row.size,
    topics: stringArray(row.topics),
  };
}

export function pullRequestFromRow(row: PullRequestListRow): PullRequest {
  return {
    id: Number(row.id),
    number: row.number,
    title: row.title,
    body: row.body,
    state: row.state,
    merged: row.merged_at !== null,
    merged_at: row.merged_at,
    closed_at: row.closed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    draft: row.draft === 1,
    comments: row.comments,
    user: row.author_login
      ? { login: row.author_login, avatar_url: row.author_avatar_url ?? '' }
      : null,
    html_url: row.html_url,
    repository: row.full_name,
    head: {
      ref: row.head_ref ?? '',
      repo:
        row.head_repo_name && row.head_repo_html_url
          ? { name: row.head_repo_name, html_url: row.head_repo_html_url }
          : null,
    },
  };
}

export function commitFromRow(row: GithubCommitRow): Commit {
  return {
    sha: row.sha,
    html_url: row.html_url,
    commit: {
      message: row.message,
      author: { name: row.author_name ?? '', date: row.committed_at },
      committer: row.committer_date ? { date: row.committer_date } : null,
    },
    author: row.author_login
      ? { login: row.author_login, avatar_url: row.author_avatar_url ?? '' }
      : null,
  };
}
