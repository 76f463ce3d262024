import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from '../components/unread-badge';
import { liveEventQueryKeys } from './live-event-query-keys';

describe('liveEventQueryKeys', () => {
  it('names only the queries a change touches', () => {
    expect(
      liveEventQueryKeys({
        type: 'data.changed',
        resources: ['pull-requests'],
        repository: 'acme/web',
      }),
    ).toEqual([
      ['github', 'pull-requests'],
      ['github', 'stats'],
      ['github', 'repo', 'acme', 'web', 'pulls'],
      ['notifications', 'inbox'],
      ['teams'],
    ]);
    expect(liveEventQueryKeys({ type: 'data.changed', resources: ['commits'] })).toEqual([
      ['github', 'stats'],
    ]);
    // Issue 36: the team sync's changes refresh the dashboard's teams card and the team pages.
    expect(liveEventQueryKeys({ type: 'data.changed', resources: ['teams'] })).toEqual([['teams']]);
  });

  it('refetches what deployments feed: pull-request ship status, insights, Vercel pages, once each', () => {
    expect(
      liveEventQueryKeys({ type: 'data.changed', resources: ['deployments', 'projects'] }),
    ).toEqual([
      ['vercel'],
      ['github', 'pull-requests'],
      ['insights'],
      ['notifications', 'inbox'],
      ['teams'],
    ]);
  });

  it('refreshes the bell and the inbox for a new item, from either source', () => {
    const keys = liveEventQueryKeys({
      type: 'notification.created',
      notification: {
        id: 'n1',
        source: 'shipdeck',
        type: 'deployment-failed',
        reason: null,
        repository: null,
        subjectType: null,
        pullRequest: null,
        title: 't',
        message: 'm',
        severity: 'critical',
        link: null,
        createdAt: '2026-11-23T10:00:00.000Z',
        read: false,
      },
    });
    expect(keys).toEqual([['notifications']]);
    expect(
      liveEventQueryKeys({
        type: 'notification.created',
        notification: {
          id: 'github-1',
          source: 'github',
          type: null,
          reason: 'review_requested',
          repository: 'acme/web',
          subjectType: 'PullRequest',
          pullRequest: { number: 4, state: 'open', shipStatus: null },
          title: 'Fix login',
          message: '',
          severity: 'medium',
          link: 'https://ghe.example.com/acme/web/pull/4',
          createdAt: '2026-11-23T10:00:00.000Z',
          read: false,
        },
      }),
    ).toEqual([['notifications']]);
  });

  it('refreshes the inbox (ship status beside GitHub threads) when pull requests or deployments change', () => {
    for (const resource of ['pull-requests', 'deployments'] as const) {
      expect(liveEventQueryKeys({ type: 'data.changed', resources: [resource] })).toContainEqual([
        'notifications',
        'inbox',
      ]);
    }
    expect(liveEventQueryKeys({ type: 'data.changed', resources: ['commits'] })).not.toContainEqual(
      ['notifications', 'inbox'],
    );
  });
});

describe('unreadBadgeText', () => {
  it('shows the count up to 9 and 9+ above', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
  });
});
