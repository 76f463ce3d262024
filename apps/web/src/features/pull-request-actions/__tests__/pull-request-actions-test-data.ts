import type { PullRequestActions } from '@shipdeck/shared/pull-request-actions';
import type { ShipPullRequest } from '@shipdeck/shared/insights';

export const HEAD = 'a'.repeat(40);
export const NEW_HEAD = 'b'.repeat(40);

/** The actions answer of acme/web#12 for someone who may do everything on it. */
export function actionsAnswer(overrides: Partial<PullRequestActions> = {}): PullRequestActions {
  return {
    repository: 'acme/web',
    number: 12,
    title: 'Fix the login redirect',
    htmlUrl: 'https://github.com/acme/web/pull/12',
    state: 'open',
    merged: false,
    draft: false,
    headSha: HEAD,
    viewerIsAuthor: false,
    canPush: true,
    archived: false,
    mergeMethods: ['merge', 'squash', 'rebase'],
    lastMergeMethod: null,
    autoMergeAllowed: true,
    autoMerge: null,
    mergeable: 'MERGEABLE',
    review: 'review_required',
    checks: 'failing',
    checksRerunning: false,
    available: {
      merge: true,
      autoMerge: true,
      approve: true,
      requestChanges: true,
      requestReviewers: true,
      rerunFailedChecks: true,
    },
    ...overrides,
  };
}

/** The row as the lists answer it after an action. */
export function shipRow(overrides: Partial<ShipPullRequest> = {}): ShipPullRequest {
  return {
    id: 1012,
    number: 12,
    title: 'Fix the login redirect',
    body: null,
    state: 'open',
    merged: false,
    merged_at: null,
    closed_at: null,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-23T09:00:00.000Z',
    draft: false,
    comments: 0,
    user: { login: 'monalisa', avatar_url: 'https://avatars.example/monalisa' },
    html_url: 'https://github.com/acme/web/pull/12',
    repository: 'acme/web',
    head: { ref: 'fix-login', repo: null },
    review: 'review_required',
    checks: 'failing',
    preview: { state: 'none' },
    stage: 'review',
    eta: null,
    ...overrides,
  };
}
