import { vercelDeploymentsResultSchema, vercelProjectResultSchema } from '@shipdeck/shared/vercel';
import { describe, expect, it } from 'vitest';
import { bearer, dataOf, testDialects, useTestApp } from '../../../test-app.js';
import { useEmulator } from '../../../test-github.js';
import {
  storeCommit,
  storePullRequest,
  storeRepository,
} from '../../github-store/__tests__/store-fixtures.js';
import { signUpWithVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2, deploymentsPerProject: 8 });

/** The synced store names the repository differently from Vercel's metadata, to tell them apart. */
const SYNCED_HOST = 'https://github.example.test';

describe.each(testDialects)('deployments matched to the synced GitHub tables on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  const connectedUser = () => signUpWithVercel(t.app, emulator.handle);

  async function linkedProject(userId: string) {
    return t.database.db
      .selectFrom('vercel_projects')
      .select(['id', 'link_repo_id', 'link_org', 'link_repo'])
      .where('user_id', '=', userId)
      .where('link_repo_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  it('joins repository, commit and pull request on the synced GitHub tables', async () => {
    const { userId, token } = await connectedUser();
    const project = await linkedProject(userId);
    const repositoryId = Number(project.link_repo_id);
    await storeRepository(t.database.db, userId, {
      id: repositoryId,
      owner: 'renamed-org',
      name: 'renamed-repo',
      htmlUrl: `${SYNCED_HOST}/renamed-org/renamed-repo`,
    });
    const deployments = await t.database.db
      .selectFrom('vercel_deployments')
      .select(['id', 'commit_sha', 'pr_id'])
      .where('user_id', '=', userId)
      .where('project_id', '=', project.id)
      .where('commit_sha', 'is not', null)
      .orderBy('created_at', 'desc')
      .execute();
    // Built from a commit the store knows, but not from any pull request Vercel named.
    const fromCommit = deployments.find((d) => d.pr_id === null);
    const unmatched = deployments.find(
      (d) => d.pr_id === null && d.commit_sha !== fromCommit?.commit_sha,
    );
    if (!fromCommit?.commit_sha || !unmatched?.commit_sha) throw new Error('too few deployments');
    const sha = fromCommit.commit_sha;
    await storeCommit(t.database.db, {
      repository_id: repositoryId,
      sha,
      html_url: `${SYNCED_HOST}/renamed-org/renamed-repo/commit/${sha}?synced`,
    });
    await storePullRequest(t.database.db, {
      id: 990_001,
      repository_id: repositoryId,
      number: 4321,
      author_login: 'octocat',
      head_sha: sha,
      html_url: `${SYNCED_HOST}/renamed-org/renamed-repo/pull/4321`,
    });

    const list = dataOf(
      await get(token, `/api/vercel/projects/${project.id}/deployments?limit=100`),
      vercelDeploymentsResultSchema,
    );
    const matched = list.deployments.find((d) => d.id === fromCommit.id);
    expect(matched?.repository).toEqual({
      fullName: 'renamed-org/renamed-repo',
      id: repositoryId,
      htmlUrl: `${SYNCED_HOST}/renamed-org/renamed-repo`,
    });
    expect(matched?.commitUrl).toBe(`${SYNCED_HOST}/renamed-org/renamed-repo/commit/${sha}?synced`);
    expect(matched?.pullRequestId).toBe(4321);
    expect(matched?.pullRequestUrl).toBe(`${SYNCED_HOST}/renamed-org/renamed-repo/pull/4321`);

    // A commit the store lacks still links under the synced repository, with no pull request.
    const other = list.deployments.find((d) => d.id === unmatched.id);
    expect(other?.commitUrl).toBe(
      `${SYNCED_HOST}/renamed-org/renamed-repo/commit/${unmatched.commit_sha}`,
    );
    expect(other?.pullRequestId).toBeNull();

    // The project, and the repository filter, know the repository by its synced name too.
    const detail = dataOf(
      await get(token, `/api/vercel/projects/${project.id}`),
      vercelProjectResultSchema,
    );
    expect(detail.project.repository?.fullName).toBe('renamed-org/renamed-repo');
    const filtered = dataOf(
      await get(token, '/api/vercel/deployments?repository=renamed-org/renamed-repo&limit=100'),
      vercelDeploymentsResultSchema,
    );
    expect(filtered.deployments.map((d) => d.id)).toContain(fromCommit.id);
  });

  it('falls back to Vercel’s git metadata where the GitHub side is not synced', async () => {
    const { userId, token } = await connectedUser();
    const project = await linkedProject(userId);
    const list = dataOf(
      await get(token, `/api/vercel/projects/${project.id}/deployments?limit=100`),
      vercelDeploymentsResultSchema,
    );
    const fullName = `${project.link_org ?? ''}/${project.link_repo ?? ''}`;
    const withSha = list.deployments.find((d) => d.commitSha !== null);
    expect(withSha?.repository?.fullName).toBe(fullName);
    expect(withSha?.commitUrl).toBe(
      `${emulator.githubConfig.webUrl}/${fullName}/commit/${withSha?.commitSha ?? ''}`,
    );
    const fromPull = list.deployments.find((d) => d.pullRequestId !== null);
    if (fromPull) {
      expect(fromPull.pullRequestUrl).toBe(
        `${emulator.githubConfig.webUrl}/${fullName}/pull/${fromPull.pullRequestId ?? 0}`,
      );
    }
  });
});
