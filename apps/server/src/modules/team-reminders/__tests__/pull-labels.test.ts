import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test-github.js';
import { parsePulls, parseSearch, pullRow, searchItemRow } from '../../github-store/github-wire.js';

const emulator = useEmulator({ repos: 4, richRepos: 2, projects: 1 });

async function github(path: string): Promise<unknown> {
  const answer = await fetch(`${emulator.handle.githubApiUrl}${path}`, {
    headers: { authorization: `Bearer ${emulator.handle.demo.githubToken}` },
  });
  expect(answer.status).toBe(200);
  return answer.json();
}

// Reminders' ignored and required labels read github_pull_requests.labels, which the sync fills
// from both of GitHub's answers that list pull requests.
describe('pull request labels in the store', () => {
  it('come from a repository pull list and from search hits, by name', async () => {
    const search = parseSearch(
      await github(`/search/issues?q=${encodeURIComponent('is:pr involves:octocat')}&per_page=100`),
    );
    const labelled = search.items.find((item) => (item.labels ?? []).length > 0);
    expect(labelled).toBeDefined();
    if (!labelled) return;
    const names = (labelled.labels ?? []).map((label) => label.name);
    expect(JSON.parse(searchItemRow(labelled, 1, 'now').labels ?? '[]')).toEqual(names);

    const repo = labelled.repository_url.split('/repos/')[1] ?? '';
    const pulls = parsePulls(await github(`/repos/${repo}/pulls?state=all&per_page=100`));
    const same = pulls.find((item) => item.number === labelled.number);
    expect(same).toBeDefined();
    if (same) expect(JSON.parse(pullRow(same, 1, 'now').labels ?? '[]')).toEqual(names);
  });
});
