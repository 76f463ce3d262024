import { z } from 'zod';
import { repoParamsSchema } from './github.js';
import {
  autoMergeStateSchema,
  checksStateSchema,
  mergeMethodSchema,
  reviewStateSchema,
  shipPullRequestSchema,
  type MergeMethod,
} from './insights.js';
import { shipActionLabels } from './insights-constants.js';

// Requests and answers of the pull-request actions (issue 37): merge, merge when ready,
// approve or request changes, request reviewers and re-run failed checks. Each goes through the
// signed-in person's own GitHub connection.

export const mergeMethodLabels: Record<MergeMethod, string> = {
  merge: 'Create a merge commit',
  squash: 'Squash and merge',
  rebase: 'Rebase and merge',
};

/** `/api/github/repos/:owner/:repo/pulls/:number/…` */
export const pullParamsSchema = repoParamsSchema.extend({
  number: z.coerce.number().int().positive().max(2_147_483_647),
});
export type PullParams = z.infer<typeof pullParamsSchema>;

const shaSchema = z
  .string()
  .regex(/^[0-9a-f]{40}$/, 'must be the 40-character SHA of the head commit the page showed');

/** `POST …/pulls/:number/merge` → GitHub `PUT /repos/{o}/{r}/pulls/{n}/merge {merge_method, sha}`. */
export const mergeBodySchema = z.object({
  method: mergeMethodSchema,
  expectedHeadSha: shaSchema,
});
export type MergeBody = z.infer<typeof mergeBodySchema>;

/** `POST …/pulls/:number/auto-merge` (GraphQL `enablePullRequestAutoMerge`). */
export const autoMergeBodySchema = z.object({ method: mergeMethodSchema });
export type AutoMergeBody = z.infer<typeof autoMergeBodySchema>;

export const REVIEW_EVENTS = ['APPROVE', 'REQUEST_CHANGES'] as const;
export const reviewEventSchema = z.enum(REVIEW_EVENTS);
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

/** `POST …/pulls/:number/reviews`: changes requested need a comment, as on GitHub. */
export const reviewBodySchema = z
  .object({
    event: reviewEventSchema,
    body: z.string().trim().max(65_536).optional(),
  })
  .refine((value) => value.event !== 'REQUEST_CHANGES' || (value.body ?? '').length > 0, {
    path: ['body'],
    message: 'is required when requesting changes',
  });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

const loginSchema = z
  .string()
  .min(1)
  .max(39)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/, 'must be GitHub logins');
const teamSlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be team slugs of the repository owner');

/** `POST …/pulls/:number/requested-reviewers`: at least one user or team. */
export const requestReviewersBodySchema = z
  .object({
    reviewers: z.array(loginSchema).max(15).default([]),
    teamReviewers: z.array(teamSlugSchema).max(15).default([]),
  })
  .refine((value) => value.reviewers.length + value.teamReviewers.length > 0, {
    path: ['reviewers'],
    message: 'name at least one reviewer or team',
  });
export type RequestReviewersBody = z.input<typeof requestReviewersBodySchema>;

/** `GET …/pulls/:number/reviewer-candidates?q=`: searched as the person types. */
export const reviewerCandidatesQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
});
export const reviewerCandidatesResultSchema = z.object({
  users: z.array(
    z.object({
      login: z.string(),
      avatarUrl: z.string(),
      /** Has a Shipdeck account on this instance: listed first. */
      onShipdeck: z.boolean(),
    }),
  ),
  /** Teams of the repository's organisation that can see the repository. */
  teams: z.array(z.object({ slug: z.string(), name: z.string(), org: z.string() })),
});
export type ReviewerCandidates = z.infer<typeof reviewerCandidatesResultSchema>;

export const PULL_REQUEST_ACTIONS = [
  'merge',
  'autoMerge',
  'approve',
  'requestChanges',
  'requestReviewers',
  'rerunFailedChecks',
] as const;
export type PullRequestAction = (typeof PULL_REQUEST_ACTIONS)[number];

/**
 * `GET …/pulls/:number/actions`: what this person can do on this pull request, read from the
 * store (never GitHub). An action GitHub would refuse for certain (archived repository, read-only
 * access, the person's own pull request for a review, a closed pull request) is not offered.
 */
export const pullRequestActionsSchema = z.object({
  repository: z.string(),
  number: z.number().int(),
  title: z.string(),
  htmlUrl: z.string(),
  state: z.enum(['open', 'closed']),
  merged: z.boolean(),
  draft: z.boolean(),
  headSha: z.string().nullable(),
  viewerIsAuthor: z.boolean(),
  /** GitHub's `permissions.push` for this person; null until a sync has read it. */
  canPush: z.boolean().nullable(),
  archived: z.boolean(),
  /** The methods the repository allows, in GitHub's order. */
  mergeMethods: z.array(mergeMethodSchema),
  /** This person's last method on this repository, when still allowed. */
  lastMergeMethod: mergeMethodSchema.nullable(),
  autoMergeAllowed: z.boolean(),
  autoMerge: autoMergeStateSchema.nullable(),
  /** GitHub's MERGEABLE / CONFLICTING / UNKNOWN once a sync asked. */
  mergeable: z.enum(['MERGEABLE', 'CONFLICTING', 'UNKNOWN']).nullable(),
  review: reviewStateSchema.nullable(),
  checks: checksStateSchema.nullable(),
  /** A re-run was asked for and its new results have not arrived yet. */
  checksRerunning: z.boolean(),
  available: z.object({
    merge: z.boolean(),
    autoMerge: z.boolean(),
    approve: z.boolean(),
    requestChanges: z.boolean(),
    requestReviewers: z.boolean(),
    rerunFailedChecks: z.boolean(),
  }),
});
export type PullRequestActions = z.infer<typeof pullRequestActionsSchema>;

/** Answer of merge, auto-merge, review and reviewer requests: the row as it now stands. */
export const pullRequestActionResultSchema = z.object({
  action: z.enum(PULL_REQUEST_ACTIONS),
  pullRequest: shipPullRequestSchema,
  /** Merge: the merge commit. */
  sha: z.string().nullable(),
});
export type PullRequestActionResult = z.infer<typeof pullRequestActionResultSchema>;

/** `POST …/pulls/:number/rerun-failed-checks`. */
export const rerunFailedChecksResultSchema = z.object({
  /** Workflow runs and check suites asked to run again. */
  rerun: z.array(
    z.object({ kind: z.enum(['actions-run', 'check-suite']), id: z.number(), name: z.string() }),
  ),
  /** Failed classic commit statuses: GitHub cannot re-run them. */
  notRerunnable: z.array(z.object({ context: z.string() })),
});
export type RerunFailedChecksResult = z.infer<typeof rerunFailedChecksResultSchema>;

/** Texts of the actions, shown by the server's refusals and the web's dialogs alike. */
export const pullRequestActionMessages = {
  notConnected: 'Connect GitHub in Settings to act on pull requests.',
  readOnly: 'You have read access to this repository only; GitHub would refuse this.',
  archived: 'This repository is archived; GitHub accepts no changes to it.',
  ownPullRequest: 'GitHub does not let you approve or request changes on your own pull request.',
  notOpen: 'This pull request is no longer open.',
  methodNotAllowed: 'This repository does not allow that merge method.',
  headMoved:
    'The pull request changed since this page showed it: new commits arrived. Reload to see them before merging.',
  notMergeable: 'GitHub refused the merge:',
  unprocessable: 'GitHub could not process the request:',
  busy: 'Another action on this pull request is still running. Try again in a moment.',
  unavailable: 'GitHub did not answer. Nothing is reported as done; check the pull request.',
  rateLimited: 'GitHub is rate limiting this account. Try again after the limit resets.',
  reconnect: 'GitHub no longer accepts the saved token. Reconnect GitHub in Settings.',
  missingScopeClassic:
    'Your GitHub token lacks the repo scope this needs. Reconnect GitHub with it.',
  missingPermission: 'Your GitHub token lacks the permission this needs:',
  autoMergeNotAllowed: 'This repository does not allow auto-merge.',
  noFailedChecks: 'No failed checks to re-run.',
  classicStatusNotRerunnable: 'Commit statuses cannot be re-run from Shipdeck or GitHub:',
  rerunning: shipActionLabels.checksRerunning,
  merged: 'Merged',
} as const;

/** A fine-grained token's permission each action needs, as GitHub's settings page names it. */
export const fineGrainedPermissionFor: Record<PullRequestAction, string> = {
  merge: 'Contents: write',
  autoMerge: 'Pull requests: write',
  approve: 'Pull requests: write',
  requestChanges: 'Pull requests: write',
  requestReviewers: 'Pull requests: write',
  rerunFailedChecks: 'Actions: write',
};
