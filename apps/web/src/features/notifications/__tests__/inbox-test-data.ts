import type { Notification } from '@shipdeck/shared/notifications';

let counter = 0;

/** A GitHub thread as the inbox lists it; newest first is the caller's order. */
export function githubItem(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `github-${counter}`,
    source: 'github',
    type: null,
    reason: 'review_requested',
    repository: 'acme/web',
    subjectType: 'PullRequest',
    pullRequest: { number: counter, state: 'open', shipStatus: null },
    title: `Thread ${counter}`,
    message: '',
    severity: 'medium',
    link: `https://ghe.example.com/acme/web/pull/${counter}`,
    createdAt: '2026-11-23T10:00:00.000Z',
    read: false,
    ...overrides,
  };
}

export function shipdeckItem(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `n${counter}`,
    source: 'shipdeck',
    type: 'deployment-failed',
    reason: null,
    repository: null,
    subjectType: null,
    pullRequest: null,
    title: `Deployment failed ${counter}`,
    message: 'The deployment of web failed.',
    severity: 'critical',
    link: '/deployments',
    createdAt: '2026-11-23T10:00:00.000Z',
    read: false,
    ...overrides,
  };
}
