/**
 * One change, one key, whoever observes it: the webhook mappers and the periodic syncs build
 * their dedupe keys here from the provider's own ids.
 */
export const dedupeKeys = {
  pullRequestMerged: (repositoryId: number, number: number) =>
    `pr-merged:${repositoryId}:${number}`,
  autoMerged: (repositoryId: number, number: number) => `auto-merged:${repositoryId}:${number}`,
  /** One per re-run: `askedAt` is when it was asked for. */
  checksRerun: (repositoryId: number, number: number, askedAt: string) =>
    `checks-rerun:${repositoryId}:${number}:${askedAt}`,
  reviewRequested: (repositoryId: number, number: number, reviewerLogin: string) =>
    `review-requested:${repositoryId}:${number}:${reviewerLogin.toLowerCase()}`,
  review: (repositoryId: number, number: number, reviewId: number) =>
    `pr-review:${repositoryId}:${number}:${reviewId}`,
  checksFailed: (repositoryId: number, number: number, headSha: string) =>
    `checks-failed:${repositoryId}:${number}:${headSha}`,
  commitsPushed: (repositoryId: number, headSha: string) => `push:${repositoryId}:${headSha}`,
  deploymentFailed: (deploymentId: string) => `deployment-error:${deploymentId}`,
  deploymentReady: (deploymentId: string) => `deployment-ready:${deploymentId}`,
} as const;
