import type { Account, Pull, Repo, Thread, VercelDeployment } from '../data/model.js';
import type { World } from '../data/world.js';

// What live activity tells people through GitHub notifications: review requests and mentions
// when a pull request opens, state changes when it merges, CI failures when a build fails.

function pullSubject(pull: Pull): Thread['subject'] {
  const path = `/pulls/${pull.number}`;
  return { type: 'PullRequest', title: pull.title, path, latestCommentPath: path };
}

/** `@login` mentions of people in a text. */
export function mentionedUsers(world: World, text: string | null): Account[] {
  const out = new Map<number, Account>();
  for (const match of (text ?? '').matchAll(/(?:^|[^\w`])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))/g)) {
    const account = world.account(match[1] ?? '');
    if (account?.type === 'User') out.set(account.id, account);
  }
  return [...out.values()];
}

/** A pull request was opened: its requested reviewers, the people it mentions, the repo's owner. */
export function notifyPullOpened(world: World, repo: Repo, pull: Pull, author: Account): void {
  const notified = new Set<number>([author.id]);
  const subject = pullSubject(pull);
  for (const id of pull.requestedReviewerIds) {
    if (notified.has(id) || world.accounts.get(id)?.type !== 'User') continue;
    notified.add(id);
    world.notifications.notify({
      userId: id,
      repoId: repo.id,
      reason: 'review_requested',
      subject,
    });
  }
  for (const user of mentionedUsers(world, `${pull.title}\n${pull.body ?? ''}`)) {
    if (notified.has(user.id)) continue;
    notified.add(user.id);
    world.notifications.notify({ userId: user.id, repoId: repo.id, reason: 'mention', subject });
  }
  // The owner watches their own repositories.
  const owner = world.ownerOf(repo);
  if (owner.type === 'User' && !notified.has(owner.id))
    world.notifications.notify({
      userId: owner.id,
      repoId: repo.id,
      reason: 'subscribed',
      subject,
    });
}

/** A pull request was merged: everyone with a thread on it hears, its author as `state_change`. */
export function notifyPullMerged(world: World, repo: Repo, pull: Pull, merger: Account): void {
  const subject = pullSubject(pull);
  const notified = new Set<number>([merger.id]);
  for (const thread of world.notifications.onSubject(repo.id, subject.path ?? '')) {
    if (notified.has(thread.userId)) continue;
    notified.add(thread.userId);
    world.notifications.notify({
      userId: thread.userId,
      repoId: repo.id,
      reason: thread.userId === pull.userId ? 'state_change' : thread.reason,
      subject,
    });
  }
  if (!notified.has(pull.userId) && world.accounts.get(pull.userId)?.type === 'User')
    world.notifications.notify({
      userId: pull.userId,
      repoId: repo.id,
      reason: 'state_change',
      subject,
    });
}

/**
 * A build failed: the commit's author gets a `ci_activity` CheckSuite thread (subject URL null),
 * titled the way GitHub titles workflow-run notifications.
 */
export function notifyBuildFailed(world: World, repo: Repo, deployment: VercelDeployment): void {
  const login = deployment.meta.githubCommitAuthorLogin;
  const author = login ? world.account(login) : undefined;
  if (!author || author.type !== 'User') return;
  const branch = deployment.meta.githubCommitRef ?? repo.defaultBranch;
  world.notifications.notify({
    userId: author.id,
    repoId: repo.id,
    reason: 'ci_activity',
    subject: {
      type: 'CheckSuite',
      title: `Deploy workflow run failed for ${branch} branch`,
      path: null,
      latestCommentPath: null,
    },
  });
}
