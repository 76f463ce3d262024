import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { dedupeKeys } from './dedupe-keys.js';
import type { NotificationInput, NotificationSubject } from './notify.js';

/**
 * The notification each observed change makes, built the same way whether a webhook or a
 * periodic sync observed it: same title, link and, above all, the same dedupe key.
 */
export interface ChangedRepository {
  id: number;
  fullName: string;
  ownerLogin: string;
  name: string;
}

export function repositoryLink(repo: ChangedRepository): string {
  return `/repo/${encodeURIComponent(repo.ownerLogin)}/${encodeURIComponent(repo.name)}`;
}

function pullRequestSubject(
  repo: ChangedRepository,
  number: number,
  title: string | null,
): Extract<NotificationSubject, { kind: 'pull-request' }> {
  return { kind: 'pull-request', repositoryId: repo.id, repository: repo.fullName, number, title };
}

interface ChangedPullRequest {
  number: number;
  title: string;
}

export const changeNotifications = {
  pullRequestMerged: (repo: ChangedRepository, pr: ChangedPullRequest): NotificationInput => ({
    type: 'pull-request-merged',
    title: `Merged: ${pr.title}`,
    message: notificationTexts.pullRequestMerged(repo.fullName, pr.number, pr.title),
    severity: 'medium',
    link: repositoryLink(repo),
    repository: repo.fullName,
    dedupeKey: dedupeKeys.pullRequestMerged(repo.id, pr.number),
  }),
  /** GitHub merged it once ready: told to the person who turned merge when ready on. */
  autoMerged: (repo: ChangedRepository, pr: ChangedPullRequest): NotificationInput => ({
    type: 'auto-merged',
    title: notificationTexts.autoMergedTitle(pr.title),
    message: notificationTexts.autoMerged(repo.fullName, pr.number, pr.title),
    severity: 'medium',
    link: repositoryLink(repo),
    repository: repo.fullName,
    dedupeKey: dedupeKeys.autoMerged(repo.id, pr.number),
    about: pullRequestSubject(repo, pr.number, pr.title),
  }),
  /** A re-run of failed checks settled: told to the person who asked for it. */
  checksRerun: (
    repo: ChangedRepository,
    pr: ChangedPullRequest,
    rerun: { passed: boolean; askedAt: string },
  ): NotificationInput => ({
    type: 'checks-rerun',
    title: notificationTexts.checksRerunTitle(pr.number, rerun.passed),
    message: notificationTexts.checksRerun(repo.fullName, pr.number, pr.title, rerun.passed),
    severity: rerun.passed ? 'low' : 'medium',
    link: repositoryLink(repo),
    repository: repo.fullName,
    dedupeKey: dedupeKeys.checksRerun(repo.id, pr.number, rerun.askedAt),
    about: pullRequestSubject(repo, pr.number, pr.title),
  }),
  reviewRequested: (
    repo: ChangedRepository,
    pr: ChangedPullRequest,
    reviewerLogin: string,
  ): NotificationInput => ({
    type: 'review-requested',
    title: `Review requested: ${pr.title}`,
    message: notificationTexts.reviewRequested(repo.fullName, pr.number, pr.title),
    severity: 'medium',
    link: repositoryLink(repo),
    repository: repo.fullName,
    dedupeKey: dedupeKeys.reviewRequested(repo.id, pr.number, reviewerLogin),
    about: pullRequestSubject(repo, pr.number, pr.title),
  }),
  review: (
    repo: ChangedRepository,
    pr: ChangedPullRequest,
    review: { id: number; approved: boolean; reviewerLogin: string | null },
  ): NotificationInput => {
    const reviewer = review.reviewerLogin ?? 'someone';
    return {
      type: review.approved ? 'pull-request-approved' : 'changes-requested',
      title: `${review.approved ? 'Approved' : 'Changes requested'}: ${pr.title}`,
      message: review.approved
        ? notificationTexts.approved(reviewer, repo.fullName, pr.number)
        : notificationTexts.changesRequested(reviewer, repo.fullName, pr.number),
      severity: review.approved ? 'low' : 'high',
      link: repositoryLink(repo),
      repository: repo.fullName,
      dedupeKey: dedupeKeys.review(repo.id, pr.number, review.id),
      about: {
        ...pullRequestSubject(repo, pr.number, pr.title),
        reviewer: review.reviewerLogin,
        approved: review.approved,
      },
    };
  },
  checksFailed: (
    repo: ChangedRepository,
    prNumber: number,
    headSha: string,
    check: string,
  ): NotificationInput => ({
    type: 'checks-failed',
    title: `Checks failed on ${repo.fullName}#${prNumber}`,
    message: notificationTexts.checksFailed(repo.fullName, prNumber, check),
    severity: 'high',
    link: repositoryLink(repo),
    repository: repo.fullName,
    dedupeKey: dedupeKeys.checksFailed(repo.id, prNumber, headSha),
    about: { ...pullRequestSubject(repo, prNumber, null), headSha },
  }),
  commitsPushed: (
    repo: ChangedRepository,
    branch: string,
    headSha: string,
    count: number,
  ): NotificationInput => ({
    type: 'commits-pushed',
    title: `New commits on ${repo.fullName}`,
    message: notificationTexts.commitsPushed(count, branch, repo.fullName),
    severity: 'low',
    link: repositoryLink(repo),
    repository: repo.fullName,
    dedupeKey: dedupeKeys.commitsPushed(repo.id, headSha),
  }),
  deploymentFailed: (deploymentId: string, name: string): NotificationInput => ({
    type: 'deployment-failed',
    title: `Deployment failed: ${name}`,
    message: notificationTexts.deploymentFailed(name),
    severity: 'critical',
    // Straight to the triage page: someone fixing a failed build needs that build, not the list.
    link: `/deployments/${encodeURIComponent(deploymentId)}`,
    dedupeKey: dedupeKeys.deploymentFailed(deploymentId),
    about: { kind: 'deployment', deploymentId },
  }),
  deploymentReady: (deploymentId: string, name: string, url: string | null): NotificationInput => ({
    type: 'deployment-ready',
    title: `Live in production: ${name}`,
    message: notificationTexts.deploymentReady(name),
    severity: 'low',
    link: url ? `https://${url.replace(/^https?:\/\//, '')}` : '/deployments',
    dedupeKey: dedupeKeys.deploymentReady(deploymentId),
  }),
} as const;

/** How far back a change a sync notices may date and still be notified (see retention). */
export const SYNC_NOTIFY_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** Whether a change dated `at` is recent enough for a sync to notify it. */
export function isRecentChange(at: string | null | undefined, now = Date.now()): boolean {
  if (!at) return false;
  const time = Date.parse(at);
  return Number.isFinite(time) && time >= now - SYNC_NOTIFY_LOOKBACK_MS;
}
