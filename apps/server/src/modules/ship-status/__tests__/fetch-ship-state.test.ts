import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test-github.js';
import { fetchPullRequestShipState } from '../fetch-ship-state.js';

const emulator = useEmulator({ repos: 4, richRepos: 1, projects: 1 });

function octokitFor(login = 'octocat'): Octokit {
  return new Octokit({ auth: `ghp_emu_${login}`, baseUrl: emulator.handle.githubApiUrl });
}

/** A pull request of octocat/shipdeck whose reviews and checks this test writes itself. */
function craftedPull() {
  const { world } = emulator.handle;
  const found = world.lookupRepo('octocat', 'shipdeck');
  if (!found || !('repo' in found)) throw new Error('octocat/shipdeck missing');
  const history = world.history(found.repo.id).data;
  const pull = history.pulls.find((candidate) => candidate.state === 'open');
  if (!pull) throw new Error('no open pull request');
  const ana = world.account('hubot');
  const bo = world.account('monalisa');
  if (!ana || !bo) throw new Error('reviewers missing');
  pull.requestedReviewerIds = [];
  history.reviews = history.reviews.filter((review) => review.pullNumber !== pull.number);
  history.checkRuns = history.checkRuns.filter((run) => run.headSha !== pull.headSha);
  history.statuses = history.statuses.filter((status) => status.sha !== pull.headSha);
  let id = 9_000_000;
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
  return {
    pull,
    ref: { owner: 'octocat', repo: 'shipdeck', number: pull.number, headSha: pull.headSha },
    review(
      login: 'hubot' | 'monalisa',
      state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED',
      minute: number,
    ) {
      const user = login === 'hubot' ? ana : bo;
      history.reviews.push({
        id: (id += 1),
        pullNumber: pull.number,
        userId: user.id,
        body: '',
        state,
        submittedAt: at(minute),
        commitId: pull.headSha,
      });
      world.touch();
    },
    checkRun(
      name: string,
      status: 'queued' | 'completed',
      conclusion: 'success' | 'failure' | null,
    ) {
      history.checkRuns.push({
        id: (id += 1),
        headSha: pull.headSha,
        name,
        status,
        conclusion,
        startedAt: at(0),
        completedAt: status === 'completed' ? at(5) : null,
        title: null,
        summary: null,
        app: 'github-actions',
        checkSuiteId: (id += 1),
        detailsUrl: null,
      });
      world.touch();
    },
    status(state: 'success' | 'failure' | 'pending') {
      history.statuses.push({
        id: (id += 1),
        sha: pull.headSha,
        state,
        context: `ci/${id}`,
        description: null,
        targetUrl: null,
        creatorId: found.repo.ownerId,
        createdAt: at(1),
        updatedAt: at(1),
      });
      world.touch();
    },
  };
}

describe('fetchPullRequestShipState against the emulator', () => {
  it('reads a pull request with no reviews and no checks as needing review, without checks', async () => {
    const crafted = craftedPull();
    const state = await fetchPullRequestShipState(octokitFor(), {
      ...crafted.ref,
      requestedReviewers: [],
    });
    expect(state).toEqual({ review: 'review_required', checks: 'none', latestReview: null });
  });

  it('follows reviews and checks as they change', async () => {
    const crafted = craftedPull();
    const octokit = octokitFor();
    crafted.review('hubot', 'CHANGES_REQUESTED', 1);
    crafted.checkRun('build', 'completed', 'success');
    crafted.checkRun('test', 'queued', null);
    expect(
      await fetchPullRequestShipState(octokit, { ...crafted.ref, requestedReviewers: [] }),
    ).toEqual({
      review: 'changes_requested',
      checks: 'pending',
      latestReview: {
        id: 9_000_001,
        state: 'CHANGES_REQUESTED',
        reviewerLogin: 'hubot',
        submittedAt: '2026-11-20T10:01:00Z',
      },
    });

    crafted.review('hubot', 'APPROVED', 9);
    crafted.review('monalisa', 'COMMENTED', 10);
    crafted.status('failure');
    expect(
      await fetchPullRequestShipState(octokit, { ...crafted.ref, requestedReviewers: [] }),
    ).toEqual({
      review: 'approved',
      checks: 'failing',
      // The later comment decides nothing: the approval stays the latest deciding review.
      latestReview: {
        id: 9_000_006,
        state: 'APPROVED',
        reviewerLogin: 'hubot',
        submittedAt: '2026-11-20T10:09:00Z',
      },
    });
    // monalisa asked to review: the approval alone no longer settles it.
    expect(
      (
        await fetchPullRequestShipState(octokit, {
          ...crafted.ref,
          requestedReviewers: ['monalisa'],
        })
      ).review,
    ).toBe('review_required');
  });

  it('is passing when every run and status succeeded', async () => {
    const crafted = craftedPull();
    crafted.checkRun('build', 'completed', 'success');
    crafted.status('success');
    const state = await fetchPullRequestShipState(octokitFor(), {
      ...crafted.ref,
      requestedReviewers: [],
    });
    expect(state.checks).toBe('passing');
  });

  it('treats a head SHA GitHub does not know as having no checks', async () => {
    const crafted = craftedPull();
    const state = await fetchPullRequestShipState(octokitFor(), {
      ...crafted.ref,
      headSha: '0000000000000000000000000000000000000000',
      requestedReviewers: [],
    });
    expect(state.checks).toBe('none');
  });
});
