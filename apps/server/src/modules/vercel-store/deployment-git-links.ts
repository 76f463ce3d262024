/**
 * Which GitHub repository, commit and pull request a Vercel project or deployment belongs to.
 * First from the synced GitHub tables (joined in `vercel-read.repository.ts`: the project link's
 * `repoId` to `github_repositories.id`, the commit SHA to `github_commits` and to the pull request
 * whose head it is); Vercel's own Git metadata (`link.org/repo`, `meta.githubCommit*`) only where
 * the GitHub side is not synced.
 */
import type { GithubCommitMatch, GithubRepositoryMatch } from './vercel-read.repository.js';

export interface GitRepositoryRef {
  fullName: string;
  id: number | null;
  htmlUrl: string;
}

export function repositoryRef(
  githubWebUrl: string,
  link: { type: string | null; org: string | null; repo: string | null; repoId: number | null },
): GitRepositoryRef | null {
  if (!link.type?.startsWith('github') || !link.org || !link.repo) return null;
  const fullName = `${link.org}/${link.repo}`;
  return { fullName, id: link.repoId, htmlUrl: `${githubWebUrl}/${fullName}` };
}

/** The synced repository when the join found one; else what Vercel's metadata names. */
export function matchedRepository(
  match: GithubRepositoryMatch,
  fallback: () => GitRepositoryRef | null,
): GitRepositoryRef | null {
  if (
    match.gh_repository_id === null ||
    match.gh_repository_full_name === null ||
    match.gh_repository_html_url === null
  ) {
    return fallback();
  }
  return {
    fullName: match.gh_repository_full_name,
    id: Number(match.gh_repository_id),
    htmlUrl: match.gh_repository_html_url,
  };
}

export function commitUrl(repository: GitRepositoryRef | null, sha: string | null): string | null {
  return repository && sha ? `${repository.htmlUrl}/commit/${sha}` : null;
}

export function pullRequestUrl(
  repository: GitRepositoryRef | null,
  pullRequestId: number | null,
): string | null {
  return repository && pullRequestId !== null
    ? `${repository.htmlUrl}/pull/${pullRequestId}`
    : null;
}

/** The synced commit and pull request first; the deployment's `meta` pull request id after. */
export function matchedCommitLinks(
  match: GithubCommitMatch,
  repository: GitRepositoryRef | null,
  meta: { sha: string | null; pullRequestId: number | null },
): { commitUrl: string | null; pullRequestId: number | null; pullRequestUrl: string | null } {
  if (match.gh_pull_number !== null && match.gh_pull_url !== null) {
    return {
      commitUrl: match.gh_commit_url ?? commitUrl(repository, meta.sha),
      pullRequestId: Number(match.gh_pull_number),
      pullRequestUrl: match.gh_pull_url,
    };
  }
  return {
    commitUrl: match.gh_commit_url ?? commitUrl(repository, meta.sha),
    pullRequestId: meta.pullRequestId,
    pullRequestUrl: pullRequestUrl(repository, meta.pullRequestId),
  };
}

/** `owner/name` → the pair the tables are searched by; null for anything else. */
export function splitFullName(fullName: string): { org: string; repo: string } | null {
  const [org, repo, ...rest] = fullName.split('/');
  return org && repo && rest.length === 0 ? { org, repo } : null;
}
