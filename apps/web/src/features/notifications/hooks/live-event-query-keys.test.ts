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
    ]);
    expect(liveEventQueryKeys({ type: 'data.changed', resources: ['commits'] })).toEqual([
      ['github', 'stats'],
    ]);
  });

  it('refetches what deployments feed: pull-request ship status, insights, Vercel pages, once each', () => {
    expect(
      liveEventQueryKeys({ type: 'data.changed', resources: ['deployments', 'projects'] }),
    ).toEqual([['vercel'], ['github', 'pull-requests'], ['insights']]);
  });

  it('refreshes the notification centre for a new item', () => {
    const keys = liveEventQueryKeys({
      type: 'notification.created',
      notification: {
        id: 'n1',
        type: 'deployment-failed',
        title: 't',
        message: 'm',
        severity: 'critical',
        link: null,
        createdAt: '2026-11-23T10:00:00.000Z',
        read: false,
      },
    });
    expect(keys).toEqual([['notifications']]);
  });
});

describe('unreadBadgeText', () => {
  it('shows the count up to 9 and 9+ above', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
  });
});
