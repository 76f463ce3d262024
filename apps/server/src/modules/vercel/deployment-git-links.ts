/**
 * Which GitHub repository, commit and pull request a Vercel project or deployment belongs to.
 * Today this is read from Vercel's own Git metadata (`link.org/repo`, `meta.githubCommit*`),
 * which needs no join; once the synced GitHub tables land, these are the only functions to
 * switch to a join on `github_repositories.id` = repoId and `github_commits.sha`.
 */

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

/** `owner/name` → the pair the tables are searched by; null for anything else. */
export function splitFullName(fullName: string): { org: string; repo: string } | null {
  const [org, repo, ...rest] = fullName.split('/');
  return org && repo && rest.length === 0 ? { org, repo } : null;
}
