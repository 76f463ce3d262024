import type { Account, Pull, Repo, RepoHistoryData, Thread } from './model.js';
import { PARTICIPATING_REASONS, threadIdBase } from './notification-store.js';
import { createRng, type Rng } from './rng.js';
import { summaryLine } from './ugly-text.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Histories generated for one user's threads at most (rich ones first), to keep this cheap. */
const MAX_RICH_REPOS = 16;
const MAX_LIGHT_REPOS = 8;
const MAX_CI_THREADS = 90;

interface Draft {
  repoId: number;
  reason: string;
  subject: Thread['subject'];
  updatedAt: number;
}

/** The repositories a user hears about: owned, their organisations', collaborations. */
function relatedRepos(world: World, user: Account): { repo: Repo; member: boolean }[] {
  const orgIds = new Set(
    [...world.accounts.values()]
      .filter((a) => a.type === 'Organization' && a.memberIds.includes(user.id))
      .map((a) => a.id),
  );
  const out: { repo: Repo; member: boolean }[] = [];
  for (const repo of world.repos.values()) {
    if (repo.empty) continue;
    const owned = repo.ownerId === user.id;
    const org = orgIds.has(repo.ownerId);
    if (owned || org || repo.collaboratorIds.includes(user.id))
      out.push({ repo, member: owned || org });
  }
  return out.sort((a, b) => a.repo.id - b.repo.id);
}

/** A pull request's subject: latest_comment_url is the PR itself when nobody commented last. */
function pullSubject(pull: Pull, commentId: number | null): Thread['subject'] {
  const path = `/pulls/${pull.number}`;
  return {
    type: 'PullRequest',
    title: pull.title,
    path,
    latestCommentPath: commentId === null ? path : `/issues/comments/${commentId}`,
  };
}

function commentId(rng: Rng): number {
  return rng.int(1_000_000_000, 2_900_000_000);
}

/** GitHub Actions' CheckSuite title, which clients such as Gitify parse. */
function checkSuiteTitle(branch: string, status: string, attempt: number): string {
  return `CI workflow run${attempt > 1 ? `, Attempt #${attempt}` : ''} ${status} for ${branch} branch`;
}

function pullDrafts(
  rng: Rng,
  user: Account,
  repo: Repo,
  member: boolean,
  history: RepoHistoryData,
  orgRepo: boolean,
): Draft[] {
  const drafts: Draft[] = [];
  for (const pull of history.pulls) {
    const at = Date.parse(pull.updatedAt);
    const reviews = history.reviews.filter((r) => r.pullNumber === pull.number);
    const byOthers = reviews.filter((r) => r.userId !== user.id);
    let reason: string | null = null;
    let comment: number | null = null;
    if (pull.state === 'open' && pull.requestedReviewerIds.includes(user.id)) {
      reason = 'review_requested';
    } else if (pull.userId === user.id) {
      if (pull.mergedById !== null && pull.mergedById !== user.id && rng.chance(0.6))
        reason = 'state_change';
      else if (byOthers.length > 0 || rng.chance(0.3)) {
        reason = 'author';
        comment = rng.chance(0.7) ? commentId(rng) : null;
      }
    } else if (pull.assigneeIds.includes(user.id)) {
      reason = 'assign';
    } else if (reviews.some((r) => r.userId === user.id)) {
      reason = 'comment';
      comment = commentId(rng);
    } else if (member && rng.chance(0.4)) {
      const roll = rng.next();
      if (roll < 0.5) reason = 'subscribed';
      else if (roll < 0.72) {
        reason = 'mention';
        comment = commentId(rng);
      } else if (roll < 0.87 && orgRepo) {
        reason = 'team_mention';
        comment = commentId(rng);
      } else reason = 'manual';
    }
    if (reason === null) continue;
    drafts.push({ repoId: repo.id, reason, subject: pullSubject(pull, comment), updatedAt: at });
  }
  return drafts;
}

/** ci_activity: the user's own pushes and pull requests whose check suites finished. */
function checkSuiteDrafts(rng: Rng, user: Account, repo: Repo, history: RepoHistoryData): Draft[] {
  const authorOf = new Map(history.commits.map((c) => [c.sha, c.authorId]));
  const pullByHead = new Map(history.pulls.map((p) => [p.headSha, p]));
  const branchBySha = new Map(history.branches.map((b) => [b.sha, b.name]));
  const suites = new Map<number, { sha: string; failed: boolean; done: number | null }>();
  for (const run of history.checkRuns) {
    if (run.app !== 'github-actions') continue;
    const suite = suites.get(run.checkSuiteId) ?? { sha: run.headSha, failed: false, done: 0 };
    if (run.status !== 'completed' || run.completedAt === null) suite.done = null;
    else if (suite.done !== null) suite.done = Math.max(suite.done, Date.parse(run.completedAt));
    if (run.conclusion === 'failure' || run.conclusion === 'timed_out') suite.failed = true;
    suites.set(run.checkSuiteId, suite);
  }
  const drafts: Draft[] = [];
  for (const suite of suites.values()) {
    if (suite.done === null) continue;
    const pull = pullByHead.get(suite.sha);
    const mine = pull ? pull.userId === user.id : authorOf.get(suite.sha) === user.id;
    if (!mine) continue;
    // GitHub's default: failed runs notify; some people also get the successful ones.
    if (!suite.failed && !rng.chance(0.35)) continue;
    const branch = pull?.headRef ?? branchBySha.get(suite.sha) ?? repo.defaultBranch;
    const attempt = suite.failed && rng.chance(0.15) ? 2 : 1;
    drafts.push({
      repoId: repo.id,
      reason: 'ci_activity',
      subject: {
        type: 'CheckSuite',
        title: checkSuiteTitle(branch, suite.failed ? 'failed' : 'succeeded', attempt),
        path: null,
        latestCommentPath: null,
      },
      updatedAt: suite.done,
    });
  }
  return drafts;
}

/** Threads of things the emulator has no endpoints for: issues, releases, alerts, invitations. */
function otherDrafts(
  rng: Rng,
  user: Account,
  repo: Repo,
  member: boolean,
  history: RepoHistoryData,
  orgRepo: boolean,
  now: number,
): Draft[] {
  const drafts: Draft[] = [];
  const recent = (maxDays: number): number => now - rng.int(1, maxDays * 24) * HOUR;
  if (!member) return drafts;
  // Issues share the pull requests' numbering; these sit well above the PRs live activity opens.
  const firstIssue = Math.max(0, ...history.pulls.map((p) => p.number)) + 500;
  for (let i = 0; i < rng.int(0, 3); i++) {
    const number = firstIssue + i * rng.int(1, 7);
    const reason = rng.pick(
      orgRepo
        ? (['assign', 'mention', 'team_mention', 'subscribed', 'comment', 'author'] as const)
        : (['assign', 'mention', 'subscribed', 'comment', 'author', 'manual'] as const),
    );
    const path = `/issues/${number}`;
    drafts.push({
      repoId: repo.id,
      reason,
      subject: {
        type: 'Issue',
        title: summaryLine(rng, 0.2),
        path,
        latestCommentPath: reason === 'assign' ? path : `/issues/comments/${commentId(rng)}`,
      },
      updatedAt: recent(45),
    });
  }
  const mine = history.commits.filter((c) => c.authorId === user.id);
  if (mine.length > 0 && rng.chance(0.25)) {
    const commit = rng.pick(mine);
    drafts.push({
      repoId: repo.id,
      reason: rng.pick(['comment', 'mention', 'author'] as const),
      subject: {
        type: 'Commit',
        title: commit.message.split('\n')[0] ?? commit.sha,
        path: `/commits/${commit.sha}`,
        latestCommentPath: `/comments/${rng.int(100_000_000, 190_000_000)}`,
      },
      updatedAt: Math.min(now, Date.parse(commit.committedAt) + rng.int(1, 48) * HOUR),
    });
  }
  if (repo.richness === 'rich' && rng.chance(0.35)) {
    const id = rng.int(100_000_000, 220_000_000);
    const path = `/releases/${id}`;
    drafts.push({
      repoId: repo.id,
      reason: 'subscribed',
      subject: {
        type: 'Release',
        title: `v${rng.int(0, 4)}.${rng.int(0, 30)}.${rng.int(0, 12)}`,
        path,
        latestCommentPath: path,
      },
      updatedAt: recent(60),
    });
  }
  if (repo.ownerId === user.id || orgRepo) {
    if (rng.chance(0.12))
      drafts.push({
        repoId: repo.id,
        reason: 'security_alert',
        subject: {
          type: 'RepositoryDependabotAlertsThread',
          title: `Your repository has dependencies with security vulnerabilities`,
          path: null,
          latestCommentPath: null,
        },
        updatedAt: recent(20),
      });
    if (rng.chance(0.08))
      drafts.push({
        repoId: repo.id,
        reason: 'approval_requested',
        subject: {
          type: 'WorkflowRun',
          title: `Review pending deployments for Deploy workflow run`,
          path: null,
          latestCommentPath: null,
        },
        updatedAt: recent(5),
      });
  }
  return drafts;
}

/** An invitation to a repository the user does not belong to yet. */
function invitationDraft(rng: Rng, world: World, user: Account, now: number): Draft | null {
  const strangers = [...world.repos.values()].filter(
    (r) =>
      r.ownerId !== user.id &&
      !r.private &&
      !r.empty &&
      !r.collaboratorIds.includes(user.id) &&
      !(world.accounts.get(r.ownerId)?.memberIds.includes(user.id) ?? false),
  );
  if (strangers.length === 0) return null;
  const repo = rng.pick(strangers.slice(0, 50));
  const owner = world.ownerOf(repo);
  return {
    repoId: repo.id,
    reason: 'invitation',
    subject: {
      type: 'RepositoryInvitation',
      title: `Invitation to join ${owner.login}/${repo.name} from ${owner.login}`,
      path: null,
      latestCommentPath: null,
    },
    updatedAt: now - rng.int(1, 72) * HOUR,
  };
}

/** Unread mostly when recent; read ones were read a little after their last update. */
function readState(
  rng: Rng,
  updatedAt: number,
  now: number,
): Pick<Thread, 'unread' | 'lastReadAt'> {
  const age = now - updatedAt;
  const unreadChance = age < 2 * DAY ? 0.9 : age < 7 * DAY ? 0.75 : age < 30 * DAY ? 0.5 : 0.25;
  if (rng.chance(unreadChance)) {
    const before = rng.chance(0.4) ? updatedAt - rng.int(1, 96) * HOUR : null;
    return { unread: true, lastReadAt: before === null ? null : new Date(before).toISOString() };
  }
  const read = Math.min(now, updatedAt + rng.int(1, 600) * 60_000);
  return { unread: false, lastReadAt: new Date(read).toISOString() };
}

/**
 * One user's notification threads, derived from the world's pull requests, reviews, commits
 * and check suites (plus issues, releases, alerts and an invitation the emulator has no
 * endpoints for). Deterministic for a seed: the same world gives the same threads.
 */
export function generateNotifications(
  world: World,
  user: Account,
  now: number,
): Thread[] {
  if (user.type !== 'User') return [];
  const rng = createRng(world.seed, 'notifications', user.id);
  const related = relatedRepos(world, user);
  const rich = related.filter((r) => r.repo.richness === 'rich').slice(0, MAX_RICH_REPOS);
  const light = rng.sample(
    related.filter((r) => r.repo.richness !== 'rich'),
    MAX_LIGHT_REPOS,
  );
  const drafts: Draft[] = [];
  const ci: Draft[] = [];
  for (const { repo, member } of [...rich, ...light].sort((a, b) => a.repo.id - b.repo.id)) {
    const history = world.history(repo.id).data;
    const orgRepo = world.ownerOf(repo).type === 'Organization';
    drafts.push(...pullDrafts(rng, user, repo, member, history, orgRepo));
    ci.push(...checkSuiteDrafts(rng, user, repo, history));
    drafts.push(...otherDrafts(rng, user, repo, member, history, orgRepo, now));
  }
  ci.sort((a, b) => b.updatedAt - a.updatedAt);
  drafts.push(...ci.slice(0, MAX_CI_THREADS));
  const invitation = rng.chance(0.6) ? invitationDraft(rng, world, user, now) : null;
  if (invitation) drafts.push(invitation);

  drafts.sort((a, b) => a.updatedAt - b.updatedAt || a.repoId - b.repoId);
  return drafts.map((draft, index): Thread => {
    const updatedAt = Math.min(draft.updatedAt, now);
    const participating = PARTICIPATING_REASONS.has(draft.reason);
    const { unread, lastReadAt } = readState(rng, updatedAt, now);
    return {
      id: threadIdBase(user.id) + index + 1,
      userId: user.id,
      repoId: draft.repoId,
      reason: draft.reason,
      subject: draft.subject,
      unread,
      updatedAt: new Date(updatedAt).toISOString(),
      lastReadAt,
      done: false,
      subscription: participating
        ? {
            ignored: false,
            createdAt: new Date(updatedAt - rng.int(1, 240) * HOUR).toISOString(),
          }
        : null,
    };
  });
}
