import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import type { PrivateRoute } from '../../../test-cross-user.js';
import { expectNoCrossUserAccess } from '../../../test-cross-user.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';

const emulator = useEmulator({ repos: 8, richRepos: 2, projects: 1 });

// octocat's private repository; hubot is a GitHub user who is no collaborator on it.
const privateRepo = '/api/github/repos/octocat/secret-plans';

/** Every route that takes an id, owner/repo, project or deployment; append new ones here. */
const privateRoutes: PrivateRoute[] = [
  { url: privateRepo },
  { url: `${privateRepo}/commits` },
  { url: `${privateRepo}/pulls` },
  { url: `${privateRepo}/branches` },
  { url: `${privateRepo}/languages` },
];

describe.each(testDialects)('cross-user access on %s', (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it("answers 404 with none of the owner's data when another user asks for a private thing", async () => {
    const owner = await signInWithGithub(t.app, 'octocat');
    const intruder = await signInWithGithub(t.app, 'hubot');
    await expectNoCrossUserAccess(t.app, { owner, intruder }, privateRoutes);
  });

  it("lists none of another user's private repositories", async () => {
    const owner = await signInWithGithub(t.app, 'octocat');
    const intruder = await signInWithGithub(t.app, 'hubot');
    const names = async (token: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/github/repos?perPage=100',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<{ data: { repositories: { full_name: string }[] } }>()
        .data.repositories.map((repo) => repo.full_name);
    };
    expect(await names(owner)).toContain('octocat/secret-plans');
    expect(await names(intruder)).not.toContain('octocat/secret-plans');
  });
});
