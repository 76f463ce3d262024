import { describe, expect, it } from 'vitest';
import type { DeploymentRecord } from '../../insights/dora-records.js';
import {
  deriveChecksState,
  derivePreviewStatus,
  deriveReviewState,
  deriveStage,
  findPreview,
  shipEta,
} from '../ship-status.js';
import { deployment, HOUR, MIN, TODAY } from '../../insights/__tests__/dora-fixtures.js';

const review = (login: string, state: string, at: string) => ({
  user: { login },
  state,
  submitted_at: `2026-11-23T${at}:00Z`,
});
const urlOf = (entry: DeploymentRecord) => `https://${entry.id}.vercel.app`;

describe('deriveReviewState', () => {
  it('needs a review when nobody has reviewed', () => {
    expect(deriveReviewState([], [])).toBe('review_required');
    expect(deriveReviewState([review('ana', 'COMMENTED', '09:00')], [])).toBe('review_required');
  });

  it('uses each reviewer’s latest verdict, whatever order the reviews come in', () => {
    const reviews = [
      review('ana', 'APPROVED', '11:00'),
      review('ana', 'CHANGES_REQUESTED', '09:00'),
      review('ana', 'COMMENTED', '12:00'),
    ];
    expect(deriveReviewState(reviews, [])).toBe('approved');
  });

  it('lets one request for changes outweigh approvals', () => {
    const reviews = [
      review('ana', 'APPROVED', '09:00'),
      review('bo', 'CHANGES_REQUESTED', '10:00'),
    ];
    expect(deriveReviewState(reviews, [])).toBe('changes_requested');
  });

  it('still needs review while a requested reviewer has not answered, or was asked again', () => {
    expect(deriveReviewState([review('ana', 'APPROVED', '09:00')], ['bo'])).toBe('review_required');
    expect(deriveReviewState([review('bo', 'CHANGES_REQUESTED', '09:00')], ['bo'])).toBe(
      'review_required',
    );
  });

  it('forgets a dismissed verdict', () => {
    const reviews = [
      review('bo', 'CHANGES_REQUESTED', '09:00'),
      review('bo', 'DISMISSED', '10:00'),
    ];
    expect(deriveReviewState(reviews, [])).toBe('review_required');
  });
});

describe('deriveChecksState', () => {
  const run = (status: string, conclusion: string | null) => ({ name: 'ci', status, conclusion });

  it('reads an empty combined status as no checks, not pending', () => {
    expect(deriveChecksState([], { state: 'pending', total_count: 0 })).toBe('none');
    expect(deriveChecksState([], null)).toBe('none');
  });

  it('fails on any failing run or status, before pending', () => {
    expect(deriveChecksState([run('completed', 'failure'), run('in_progress', null)], null)).toBe(
      'failing',
    );
    expect(
      deriveChecksState([run('completed', 'success')], { state: 'error', total_count: 1 }),
    ).toBe('failing');
    expect(deriveChecksState([run('completed', 'timed_out')], null)).toBe('failing');
  });

  it('is pending while anything runs, passing when all succeeded or were skipped', () => {
    expect(deriveChecksState([run('queued', null)], null)).toBe('pending');
    expect(deriveChecksState([], { state: 'pending', total_count: 2 })).toBe('pending');
    expect(
      deriveChecksState([run('completed', 'success'), run('completed', 'skipped')], {
        state: 'success',
        total_count: 1,
      }),
    ).toBe('passing');
  });
});

describe('preview and stage', () => {
  const preview = (state: DeploymentRecord['state'], createdAt: number, sha = 'head') =>
    deployment({ createdAt, state, commitSha: sha, production: false });

  it('finds the newest preview built from the head SHA', () => {
    const old = preview('ERROR', TODAY);
    const fresh = preview('READY', TODAY + HOUR);
    const other = preview('READY', TODAY + 2 * HOUR, 'other');
    expect(findPreview('head', [fresh, other, old])).toBe(fresh);
    expect(derivePreviewStatus(fresh, urlOf)).toEqual({ state: 'ready', url: urlOf(fresh) });
    expect(derivePreviewStatus(old, urlOf)).toEqual({ state: 'failed' });
    expect(derivePreviewStatus(preview('BUILDING', TODAY), urlOf)).toEqual({ state: 'building' });
    expect(derivePreviewStatus(undefined, urlOf)).toEqual({ state: 'none' });
    expect(findPreview(null, [fresh])).toBeUndefined();
  });

  const open = {
    state: 'open' as const,
    mergedAt: null,
    shas: ['head'],
    projectIds: ['prj_web'],
  };

  it('walks an open pull request through review, checks and preview', () => {
    expect(deriveStage({ ...open, review: 'review_required', checks: 'passing' }, []).stage).toBe(
      'review',
    );
    expect(deriveStage({ ...open, review: 'approved', checks: 'failing' }, []).stage).toBe(
      'checks',
    );
    expect(deriveStage({ ...open, review: 'approved', checks: 'none' }, []).stage).toBe('preview');
    expect(
      deriveStage({ ...open, state: 'closed', review: 'approved', checks: 'passing' }, []).stage,
    ).toBe('closed');
  });

  it('follows a merged pull request to production building and live, with an ETA', () => {
    const merged = {
      ...open,
      state: 'closed' as const,
      mergedAt: TODAY,
      review: 'approved' as const,
      checks: 'passing' as const,
      shas: ['merge'],
    };
    const history = [
      {
        ...deployment({ createdAt: TODAY - HOUR, buildingAt: TODAY - HOUR }),
        readyAt: TODAY - HOUR + 2 * MIN,
      },
    ];
    expect(deriveStage(merged, history).stage).toBe('merged');

    const building = deployment({
      createdAt: TODAY + MIN,
      buildingAt: TODAY + MIN,
      state: 'BUILDING',
      commitSha: 'merge',
    });
    const stage = deriveStage(merged, [...history, building]);
    expect(stage).toEqual({ stage: 'production_building', building });
    expect(shipEta(stage.building, undefined, [...history, building])).toEqual({
      expectedReadyAt: new Date(TODAY + 3 * MIN).toISOString(),
      medianBuildSeconds: 120,
      sampleSize: 1,
    });

    const live = { ...building, state: 'READY' as const, readyAt: TODAY + 3 * MIN };
    expect(deriveStage(merged, [...history, live]).stage).toBe('live');
    // A production build of another project is not this change going live.
    expect(deriveStage(merged, [...history, { ...live, projectId: 'prj_docs' }]).stage).toBe(
      'merged',
    );
  });
});
