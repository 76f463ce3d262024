import { describe, expect, it } from 'vitest';
import type { ReminderFilters, ReminderTeam } from '../reminder-filters.js';
import {
  countApprovals,
  filterReminderPullRequests,
  reminderMatches,
} from '../reminder-filters.js';
import { candidate, teamPull } from './team-pull.fixture.js';

const now = Date.parse('2026-11-30T09:00:00Z');
const team: ReminderTeam = { key: 'acme/platform', memberLogins: ['Alice', 'bob'] };
const none: ReminderFilters = {
  ignoreDrafts: false,
  requireReviewRequests: false,
  ignoreApprovedWith: null,
  minAgeHours: 0,
  minStaleHours: 0,
  ignoredTerms: [],
  ignoredLabels: [],
  requiredLabels: [],
};

const matches = (filters: Partial<ReminderFilters>, ...args: Parameters<typeof candidate>) =>
  reminderMatches(candidate(...args), { ...none, ...filters }, team, now);

describe('reminder filters', () => {
  it('keeps everything with no filter set', () => {
    expect(matches({}, teamPull(now, { draft: true, ageHours: 0, staleHours: 0 }))).toBe(true);
  });

  it('ignores drafts when asked', () => {
    expect(matches({ ignoreDrafts: true }, teamPull(now, { draft: true }))).toBe(false);
    expect(matches({ ignoreDrafts: true }, teamPull(now, { draft: false }))).toBe(true);
  });

  it('requires a review request of a member (any case) or of the team itself', () => {
    const only = { requireReviewRequests: true };
    expect(matches(only, teamPull(now, { requestedReviewers: ['ALICE'] }))).toBe(true);
    expect(matches(only, teamPull(now, { requestedReviewers: ['outsider'] }))).toBe(false);
    expect(matches(only, teamPull(now, { requestedReviewers: [] }))).toBe(false);
    expect(
      matches(only, teamPull(now, { requestedReviewers: [], requestedTeams: ['Acme/Platform'] })),
    ).toBe(true);
    expect(
      matches(only, teamPull(now, { requestedReviewers: [], requestedTeams: ['acme/other'] })),
    ).toBe(false);
  });

  it('ignores pull requests with at least N approvals', () => {
    const filters = { ignoreApprovedWith: 2 };
    expect(matches(filters, teamPull(now), { approvals: 1 })).toBe(true);
    expect(matches(filters, teamPull(now), { approvals: 2 })).toBe(false);
    expect(matches(filters, teamPull(now), { approvals: 3 })).toBe(false);
    expect(matches({ ignoreApprovedWith: null }, teamPull(now), { approvals: 9 })).toBe(true);
  });

  it('holds back pull requests younger than the minimum age, and fresher than the minimum staleness', () => {
    expect(matches({ minAgeHours: 24 }, teamPull(now, { ageHours: 23 }))).toBe(false);
    expect(matches({ minAgeHours: 24 }, teamPull(now, { ageHours: 24 }))).toBe(true);
    expect(matches({ minStaleHours: 8 }, teamPull(now, { staleHours: 7.9 }))).toBe(false);
    expect(matches({ minStaleHours: 8 }, teamPull(now, { staleHours: 8 }))).toBe(true);
  });

  it('ignores titles holding an ignored term, in any case', () => {
    const filters = { ignoredTerms: ['WIP', 'do not merge'] };
    expect(matches(filters, teamPull(now, { title: '[wip] new parser' }))).toBe(false);
    expect(matches(filters, teamPull(now, { title: 'Do Not Merge: experiment' }))).toBe(false);
    expect(matches(filters, teamPull(now, { title: 'Wipe the cache' }))).toBe(false);
    expect(matches(filters, teamPull(now, { title: 'New parser' }))).toBe(true);
  });

  it('ignores pull requests with an ignored label', () => {
    const filters = { ignoredLabels: ['on-hold'] };
    expect(matches(filters, teamPull(now), { labels: ['bug', 'On-Hold'] })).toBe(false);
    expect(matches(filters, teamPull(now), { labels: ['bug'] })).toBe(true);
  });

  it('with required labels, keeps only pull requests carrying at least one', () => {
    const filters = { requiredLabels: ['backend', 'api'] };
    expect(matches(filters, teamPull(now), { labels: ['API'] })).toBe(true);
    expect(matches(filters, teamPull(now), { labels: ['frontend'] })).toBe(false);
    expect(matches(filters, teamPull(now), { labels: [] })).toBe(false);
  });

  it('applies every filter at once, keeping the order', () => {
    const pulls = [
      candidate(teamPull(now, { id: 1, title: 'One' }), { labels: ['api'] }),
      candidate(teamPull(now, { id: 2, draft: true }), { labels: ['api'] }),
      candidate(teamPull(now, { id: 3, title: 'Three' }), { labels: ['api'], approvals: 1 }),
      candidate(teamPull(now, { id: 4, title: 'Four' }), { labels: ['api', 'skip'] }),
    ];
    const kept = filterReminderPullRequests(
      pulls,
      {
        ...none,
        ignoreDrafts: true,
        ignoreApprovedWith: 1,
        ignoredLabels: ['skip'],
        requiredLabels: ['api'],
      },
      team,
      now,
    );
    expect(kept.map((c) => c.pull.id)).toEqual([1]);
  });
});

describe('countApprovals', () => {
  it("counts each reviewer's latest verdict, comments aside", () => {
    expect(
      countApprovals([
        { reviewer: 'bob', state: 'APPROVED', submittedAt: '2026-11-01T10:00:00Z' },
        { reviewer: 'bob', state: 'COMMENTED', submittedAt: '2026-11-01T11:00:00Z' },
        { reviewer: 'carol', state: 'CHANGES_REQUESTED', submittedAt: '2026-11-01T09:00:00Z' },
        { reviewer: 'carol', state: 'APPROVED', submittedAt: '2026-11-01T12:00:00Z' },
        { reviewer: 'dave', state: 'APPROVED', submittedAt: '2026-11-01T09:00:00Z' },
        { reviewer: 'Dave', state: 'DISMISSED', submittedAt: '2026-11-01T10:00:00Z' },
      ]),
    ).toBe(2);
  });
});
