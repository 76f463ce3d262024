import { describe, expect, it } from 'vitest';
import {
  entryNotifications,
  groupInboxRows,
  inboxEntries,
  mergedOrClosedCount,
} from '../inbox-rows';
import { githubItem, shipdeckItem } from './inbox-test-data';

describe('groupInboxRows', () => {
  it('gathers CI activity per repository where its newest thread was, and leaves the rest in order', () => {
    const review = githubItem();
    const ciWeb1 = githubItem({
      reason: 'ci_activity',
      subjectType: 'CheckSuite',
      pullRequest: null,
    });
    const deploy = shipdeckItem();
    const ciApi = githubItem({ reason: 'ci_activity', repository: 'acme/api', pullRequest: null });
    const ciWeb2 = githubItem({ reason: 'ci_activity', pullRequest: null });
    const rows = groupInboxRows([review, ciWeb1, deploy, ciApi, ciWeb2]);
    expect(rows.map((row) => row.key)).toEqual([
      `item:${review.id}`,
      'ci:acme/web',
      `item:${deploy.id}`,
      'ci:acme/api',
    ]);
    const web = rows[1];
    expect(web?.kind === 'ci-group' ? web.notifications : []).toEqual([ciWeb1, ciWeb2]);
  });

  it('groups CI threads of no repository together, and never a Shipdeck item', () => {
    const a = githubItem({ reason: 'ci_activity', repository: null });
    const b = githubItem({ reason: 'ci_activity', repository: null });
    const ownEvent = shipdeckItem({ reason: 'ci_activity' });
    const rows = groupInboxRows([a, ownEvent, b]);
    expect(rows.map((row) => row.key)).toEqual(['ci:', `item:${ownEvent.id}`]);
  });
});

describe('inboxEntries', () => {
  const ci1 = githubItem({ reason: 'ci_activity' });
  const ci2 = githubItem({ reason: 'ci_activity' });
  const other = githubItem({ reason: 'mention' });
  const rows = groupInboxRows([ci1, other, ci2]);

  it('lists a closed group as its header only', () => {
    expect(inboxEntries(rows, new Set()).map((entry) => entry.key)).toEqual([
      'ci:acme/web',
      `item:${other.id}`,
    ]);
  });

  it('lists an open group’s threads after its header', () => {
    const entries = inboxEntries(rows, new Set(['ci:acme/web']));
    expect(entries.map((entry) => entry.key)).toEqual([
      'ci:acme/web',
      `item:${ci1.id}`,
      `item:${ci2.id}`,
      `item:${other.id}`,
    ]);
    const header = entries[0];
    expect(header && entryNotifications(header)).toEqual([ci1, ci2]);
    const child = entries[1];
    expect(child?.kind === 'item' ? child.groupKey : null).toBe('ci:acme/web');
  });
});

describe('mergedOrClosedCount', () => {
  it('counts GitHub threads whose pull request merged or closed', () => {
    expect(
      mergedOrClosedCount([
        githubItem({ pullRequest: { number: 1, state: 'merged', shipStatus: null } }),
        githubItem({ pullRequest: { number: 2, state: 'closed', shipStatus: null } }),
        githubItem({ pullRequest: { number: 3, state: 'open', shipStatus: null } }),
        githubItem({ pullRequest: null, subjectType: 'Issue' }),
        shipdeckItem(),
      ]),
    ).toBe(2);
  });
});
