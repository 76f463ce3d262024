import type { RestEndpointMethodTypes } from '@octokit/rest';
import type { Commit, PullRequest, Repository } from '@shipdeck/shared/github';

// Types of the answers as the installed Octokit describes them, so the two cannot drift apart.
type Api = RestEndpointMethodTypes;
type GithubRepository =
  | Api['repos']['listForAuthenticatedUser']['response']['data'][number]
  | Api['repos']['get']['response']['data'];
type GithubCommit = Api['repos']['listCommits']['response']['data'][number];
type GithubPull = Api['pulls']['list']['response']['data'][number];

export function toRepository(repo: GithubRepository): Repository {
  return {
    id: Number(repo.id),
    name: repo.name,
    full_name: repo.full_name,
    owner: { login: repo.owner.login, avatar_url: repo.owner.avatar_url },
    description: repo.description ?? null,
    private: repo.private,
    fork: repo.fork,
    archived: repo.archived ?? false,
    language: repo.language ?? null,
    stargazers_count: repo.stargazers_count ?? 0,
    forks_count: repo.forks_count ?? 0,
    watchers_count: repo.watchers_count ?? 0,
    open_issues_count: repo.open_issues_count ?? 0,
    updated_at: repo.updated_at ?? null,
    created_at: repo.created_at ?? null,
    pushed_at: repo.pushed_at ?? null,
    html_url: repo.html_url,
    default_branch: repo.default_branch ?? 'main',
    size: repo.size ?? 0,
    topics: repo.topics ?? [],
  };
}

export function toCommit(commit: GithubCommit): Commit {
  const author = commit.author && 'login' in commit.author ? commit.author : null;
  return {
    sha: commit.sha,
    html_url: commit.html_url,
    commit: {
      message: commit.commit.message,
      author: commit.commit.author
        ? { name: commit.commit.author.name ?? '', date: commit.commit.author.date ?? '' }
        : null,
      committer: commit.commit.committer?.date ? { date: commit.commit.committer.date } : null,
    },
    author: author ? { login: author.login, avatar_url: author.avatar_url } : null,
  };
}

export function toPullRequest(pull: GithubPull, repository: string): PullRequest {
  return {
    id: Number(pull.id),
    number: pull.number,
    title: pull.title,
    body: pull.body ?? null,
    state: pull.state === 'closed' ? 'closed' : 'open',
    merged: pull.merged_at !== null,
    merged_at: pull.merged_at,
    closed_at: pull.closed_at,
    created_at: pull.created_at,
    updated_at: pull.updated_at,
    draft: pull.draft ?? false,
    // The list answer has no comment count; the search answer does.
    comments: 0,
    user: pull.user ? { login: pull.user.login, avatar_url: pull.user.avatar_url } : null,
    html_url: pull.html_url,
    repository,
    head: {
      ref: pull.head.ref,
      repo: pull.head.repo
        ? { name: pull.head.repo.name, html_url: pull.head.repo.html_url }
        : null,
    },
  };
}
