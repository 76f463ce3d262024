import type { ShipPullRequest } from '@shipdeck/shared/insights';
import { shipPullsResultSchema } from '@shipdeck/shared/insights';
import { describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { signInWithGithub, useEmulator } from '../../../test-github.js';

// The demo's own shape and default seed: what someone trying the demo signs in to.
const emulator = useEmulator({ repos: 40, richRepos: 24, projects: 8, deploymentsPerProject: 14 });

describe.each(testDialects)("the emulator's demo world on %s", (dialect) => {
  const t = useTestApp(dialect, {
    get github() {
      return emulator.githubConfig;
    },
  });

  it('has open pull requests ready to merge, and others that are not', async () => {
    const token = await signInWithGithub(t.app);
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/github/pull-requests?filter=open&perPage=100${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      return shipPullsResultSchema
        .parse(response.json<{ data: unknown }>().data)
        .pullRequests.filter((pull): pull is ShipPullRequest => 'review' in pull);
    };

    const ready = await list('&ship=ready_to_merge');
    expect(ready.length).toBeGreaterThan(0);
    for (const pull of ready) {
      expect(pull.draft).toBe(false);
      expect(pull.review).toBe('approved');
      expect(pull.checks).toBe('passing');
    }

    // The rest still show every other state the page filters on.
    const open = await list('');
    expect(open.length).toBeGreaterThan(ready.length);
    expect(open.some((pull) => pull.review === 'review_required')).toBe(true);
    expect(open.some((pull) => pull.checks === 'failing')).toBe(true);
  }, 60_000);
});
