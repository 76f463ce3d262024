import { createHmac, randomUUID } from 'node:crypto';

export const githubSecret = 'gh-test-secret';
export const vercelSecret = 'vc-test-secret';

const repository = (owner: string) => ({
  id: 4242,
  name: 'web',
  full_name: `${owner}/web`,
  owner: { login: owner },
  default_branch: 'main',
});

const pullRequest = (author: string) => ({
  number: 7,
  title: 'Ship the bell',
  merged: true,
  user: { login: author },
  head: { sha: 'abc123' },
});

/** Minimal payloads in GitHub's and Vercel's shapes, one per notification type. */
export const githubPayloads = {
  merged: (owner: string) => ({
    event: 'pull_request',
    body: {
      action: 'closed',
      number: 7,
      pull_request: pullRequest(owner),
      repository: repository(owner),
    },
  }),
  reviewRequested: (owner: string, reviewer: string) => ({
    event: 'pull_request',
    body: {
      action: 'review_requested',
      number: 7,
      pull_request: { ...pullRequest(owner), merged: false },
      requested_reviewer: { login: reviewer },
      repository: repository(owner),
    },
  }),
  review: (owner: string, state: 'approved' | 'changes_requested') => ({
    event: 'pull_request_review',
    body: {
      action: 'submitted',
      review: { id: state === 'approved' ? 1 : 2, state, user: { login: 'reviewer' } },
      pull_request: { ...pullRequest(owner), merged: false },
      repository: repository(owner),
    },
  }),
  checkRunFailed: (owner: string) => ({
    event: 'check_run',
    body: {
      action: 'completed',
      check_run: {
        name: 'ci / test',
        head_sha: 'abc123',
        conclusion: 'failure',
        pull_requests: [{ number: 7 }],
      },
      repository: repository(owner),
    },
  }),
  push: (owner: string) => ({
    event: 'push',
    body: {
      ref: 'refs/heads/main',
      after: 'def456',
      commits: [{ id: 'def456' }, { id: 'def455' }],
      repository: repository(owner),
    },
  }),
};

export function vercelDelivery(type: string, owner: string, target: string | null = 'production') {
  return {
    id: `evt_${randomUUID()}`,
    type,
    createdAt: Date.now(),
    payload: {
      deployment: {
        id: 'dpl_123',
        name: 'web',
        url: 'web-abc.vercel.app',
        meta: { githubOrg: owner, githubCommitSha: 'abc123' },
      },
      target,
      project: { id: 'prj_1' },
    },
  };
}

export function githubHeaders(event: string, body: string, secret = githubSecret) {
  return {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': randomUUID(),
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  };
}

export function vercelHeaders(body: string, secret = vercelSecret) {
  return {
    'content-type': 'application/json',
    'x-vercel-signature': createHmac('sha1', secret).update(body).digest('hex'),
  };
}
