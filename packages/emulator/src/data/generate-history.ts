import { DEMO_LOGIN, DEPENDABOT_LOGIN } from './generate-accounts.js';
import { generateChecks } from './generate-checks.js';
import { generateInitialFiles } from './generate-files.js';
import { generateReviews } from './generate-reviews.js';
import { contributorsOf, identityOf, WEB_FLOW, type Identity } from './identities.js';
import { fakeSha } from './ids.js';
import type { Account, Branch, Commit, Label, Pull, Repo, RepoHistoryData } from './model.js';
import { createRng, type Rng } from './rng.js';
import { settleReadyPulls } from './settle-ready-pulls.js';
import { commitMessage, pullBody, summaryLine, words } from './ugly-text.js';

export interface HistoryContext {
  seed: number | string;
  now: number;
  repo: Repo;
  owner: Account;
  accountsById: ReadonlyMap<number, Account>;
}

export const LABELS: readonly Label[] = [
  { id: 9001, name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { id: 9002, name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  {
    id: 9003,
    name: 'dependencies',
    color: '0366d6',
    description: 'Pull requests that update a dependency file',
  },
  { id: 9004, name: 'good first issue', color: '7057ff', description: 'Good for newcomers' },
  { id: 9005, name: '🔥 hotfix', color: 'ff0000', description: '' },
  {
    id: 9006,
    name: 'needs review: please look at this one before the release train leaves',
    color: 'fbca04',
    description: 'A label with a very long name',
  },
];

const MERGEABLE_STATES = [
  'clean',
  'clean',
  'clean',
  'blocked',
  'unstable',
  'behind',
  'dirty',
] as const;
const NPM_PACKAGES = [
  'lodash',
  'react',
  'vite',
  'zod',
  'typescript',
  'eslint',
  '@types/node',
] as const;

export function emptyHistory(): RepoHistoryData {
  return {
    commits: [],
    branches: [],
    pulls: [],
    reviews: [],
    checkRuns: [],
    statuses: [],
    deployments: [],
    deploymentStatuses: [],
    languages: {},
  };
}

/** First id of the per-repository id range (pull requests, reviews, checks, deployments…). */
export function idBase(repoId: number): number {
  return repoId * 100_000;
}

function sortedTimes(rng: Rng, count: number, start: number, end: number): number[] {
  const times = Array.from({ length: count }, () => start + Math.floor(rng.next() * (end - start)));
  times.sort((a, b) => a - b);
  if (count > 0) times[count - 1] = end;
  if (count > 0) times[0] = Math.min(times[0] ?? start, start + 60_000);
  // Distinct, strictly increasing seconds keep commit order unambiguous.
  for (let i = 1; i < times.length; i++) {
    const previous = times[i - 1] ?? start;
    if ((times[i] ?? 0) <= previous + 1000) times[i] = previous + 1000;
  }
  return times;
}

function languagesFor(rng: Rng, repo: Repo): Record<string, number> {
  if (repo.language === null) return {};
  const languages: Record<string, number> = { [repo.language]: rng.int(20_000, 900_000) };
  for (const extra of rng.sample(
    ['Shell', 'CSS', 'HTML', 'Dockerfile', 'JavaScript', 'Makefile'],
    rng.int(0, 3),
  )) {
    if (extra !== repo.language) languages[extra] = rng.int(100, 20_000);
  }
  return languages;
}

/** Generates one repository's commits, branches, pull requests, reviews and checks. */
export function generateHistory(ctx: HistoryContext): RepoHistoryData {
  const { repo, owner, accountsById, now } = ctx;
  const rng = createRng(ctx.seed, 'history', repo.id);
  const history = emptyHistory();
  if (repo.empty) return history;

  let idCounter = idBase(repo.id);
  const nextId = (): number => ++idCounter;
  let shaCounter = 0;
  const { members, identities } = contributorsOf(repo, owner, accountsById);
  const dependabot = [...accountsById.values()].find((a) => a.login === DEPENDABOT_LOGIN);
  const rich = repo.richness === 'rich';
  const start = Date.parse(repo.createdAt);
  const end = Math.min(Date.parse(repo.pushedAt), now);
  const slots = rich ? rng.int(35, 80) : rng.int(1, 12);
  const pullTarget = Math.min(
    slots - 1,
    rich ? rng.int(6, 14) : rng.chance(0.35) ? rng.int(1, 3) : 0,
  );
  const times = sortedTimes(rng, slots, start, end);
  const pullSlots = new Set(
    rng.sample(
      Array.from({ length: slots - 1 }, (_, i) => i + 1),
      pullTarget,
    ),
  );

  // Its own stream, so the rest of the generated history stays as it was.
  const authoring = createRng(ctx.seed, 'authoring', repo.id);
  const commit = (
    at: number,
    parents: string[],
    author: Identity,
    message: string,
    committer: Identity = author,
    authoredAt?: number,
  ): Commit => {
    const rebased = rng.chance(0.1);
    const rebaseShift = rebased ? rng.int(60_000, 86_400_000) : 0;
    const record: Commit = {
      sha: fakeSha(ctx.seed, repo.id, 'commit', ++shaCounter),
      message,
      authorName: author.name,
      authorEmail: author.email,
      authorId: author.accountId,
      committerName: committer.name,
      committerEmail: committer.email,
      committerId: committer.accountId,
      authoredAt: new Date(authoredAt ?? at - rebaseShift).toISOString(),
      committedAt: new Date(at).toISOString(),
      parents,
      verified: committer === WEB_FLOW || rng.chance(0.3),
    };
    history.commits.push(record);
    return record;
  };

  const branches = new Map<string, Branch>();
  const usedRefs = new Set<string>([repo.defaultBranch]);
  const uniqueRef = (candidate: string): string => {
    let ref = candidate;
    for (let n = 2; usedRefs.has(ref); n++) ref = `${candidate}-${n}`;
    usedRefs.add(ref);
    return ref;
  };

  const initial = commit(times[0] ?? start, [], rng.pick(identities), 'Initial commit');
  if (rich) initial.files = generateInitialFiles(rng, 320);
  let mainTip = initial;
  let pullNumber = 0;
  const demoId = [...accountsById.values()].find((a) => a.login === DEMO_LOGIN)?.id;

  for (let slot = 1; slot < slots; slot++) {
    const at = times[slot] ?? end;
    if (!pullSlots.has(slot)) {
      // A direct push lands some time after the work was committed locally (20 min to a day and
      // a half): DORA's lead time runs from that authoring, not from the push.
      const identity = rng.pick(identities);
      const worked = authoring.int(20 * 60_000, 36 * 3_600_000);
      mainTip = commit(at, [mainTip.sha], identity, commitMessage(rng), identity, at - worked);
      continue;
    }
    const previous = times[slot - 1] ?? start;
    const isDependabot = dependabot !== undefined && rng.chance(0.15);
    const author: Account = isDependabot
      ? dependabot
      : members.length > 0
        ? rng.pick(members)
        : owner;
    const authorIdentity = identityOf(author);
    const pkg = rng.pick(NPM_PACKAGES);
    const title = isDependabot
      ? `Bump ${pkg} from 1.${rng.int(0, 9)}.0 to 2.0.${rng.int(0, 9)}`
      : summaryLine(rng, 0.25);
    const headRef = uniqueRef(
      isDependabot
        ? `dependabot/npm_and_yarn/${pkg}-2.0.0`
        : rng.chance(0.08)
          ? 'feat/ünïcode-branch-🚀'
          : `${rng.pick(['feature', 'fix', 'chore', author.login])}/${words(rng, 1)}-${slot}`,
    );
    const branchCommits = rng.int(1, 4);
    const span = Math.max(branchCommits * 2000, at - previous - 2000);
    let head = mainTip;
    const base = mainTip;
    for (let c = 0; c < branchCommits; c++) {
      const commitAt = previous + 1000 + Math.floor(((c + 1) / (branchCommits + 1)) * span);
      head = commit(
        commitAt,
        [head.sha],
        authorIdentity,
        isDependabot ? title : commitMessage(rng),
      );
    }
    const createdAt = Date.parse(head.committedAt) - rng.int(1000, 600_000);
    const fraction = slot / slots;
    const outcome =
      fraction > 0.7
        ? rng.chance(0.75)
          ? 'open'
          : 'merged'
        : rng.chance(0.78)
          ? 'merged'
          : 'closed';
    pullNumber += rng.int(1, 3);
    const draft = outcome === 'open' && rng.chance(0.2);
    const pull: Pull = {
      id: nextId(),
      number: pullNumber,
      title,
      body: isDependabot ? `Bumps [${pkg}](https://github.com/example/${pkg}).` : pullBody(rng),
      state: outcome === 'open' ? 'open' : 'closed',
      draft,
      locked: rng.chance(0.02),
      userId: author.id,
      headRef,
      headSha: head.sha,
      baseRef: repo.defaultBranch,
      baseSha: base.sha,
      labels: isDependabot
        ? LABELS.filter((l) => l.name === 'dependencies')
        : rng.sample(LABELS, rng.int(0, 2)),
      assigneeIds: rng.chance(0.4) ? [rng.pick(members.length > 0 ? members : [owner]).id] : [],
      requestedReviewerIds: [],
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(Math.max(createdAt, Date.parse(head.committedAt))).toISOString(),
      closedAt: null,
      mergedAt: null,
      mergeCommitSha: null,
      mergedById: null,
      comments: rng.int(0, 12),
      reviewComments: rng.int(0, 8),
      commits: branchCommits,
      additions: rng.chance(0.05) ? rng.int(5000, 90_000) : rng.int(1, 600),
      deletions: rng.int(0, 300),
      changedFiles: rng.int(1, 40),
      mergeableState: draft ? 'draft' : outcome === 'open' ? rng.pick(MERGEABLE_STATES) : 'unknown',
      mergeabilityComputed: outcome !== 'open',
    };
    if (outcome === 'merged') {
      const merger = members.length > 0 ? rng.pick(members) : owner;
      const squash = rng.chance(0.5);
      const mergeCommit = squash
        ? commit(at, [mainTip.sha], authorIdentity, `${title} (#${pull.number})`, WEB_FLOW)
        : commit(
            at,
            [mainTip.sha, head.sha],
            identityOf(merger),
            `Merge pull request #${pull.number} from ${owner.login}/${headRef}\n\n${title}`,
            WEB_FLOW,
          );
      mainTip = mergeCommit;
      pull.mergedAt = mergeCommit.committedAt;
      pull.closedAt = mergeCommit.committedAt;
      pull.updatedAt = mergeCommit.committedAt;
      pull.mergeCommitSha = mergeCommit.sha;
      pull.mergedById = merger.id;
      if (rng.chance(0.2))
        branches.set(headRef, { name: headRef, sha: head.sha, protected: false });
    } else if (outcome === 'closed') {
      pull.closedAt = new Date(at).toISOString();
      pull.updatedAt = pull.closedAt;
      if (rng.chance(0.5))
        branches.set(headRef, { name: headRef, sha: head.sha, protected: false });
    } else {
      branches.set(headRef, { name: headRef, sha: head.sha, protected: false });
      const candidates = members.filter((m) => m.id !== author.id);
      pull.requestedReviewerIds = rng.sample(candidates, rng.int(0, 2)).map((m) => m.id);
      if (
        demoId !== undefined &&
        author.id !== demoId &&
        members.some((m) => m.id === demoId) &&
        rng.chance(0.5)
      ) {
        pull.requestedReviewerIds = [...new Set([demoId, ...pull.requestedReviewerIds])];
      }
    }
    history.pulls.push(pull);
  }

  branches.set(repo.defaultBranch, { name: repo.defaultBranch, sha: mainTip.sha, protected: rich });
  if (rich) {
    const stale = history.commits[Math.floor(history.commits.length / 3)] ?? initial;
    const ref = uniqueRef(
      'stale/very-old-experiment-with-a-rather-long-branch-name-that-nobody-deleted',
    );
    const tip = commit(
      Date.parse(stale.committedAt) + 3_600_000,
      [stale.sha],
      rng.pick(identities),
      commitMessage(rng, 0.5),
    );
    branches.set(ref, { name: ref, sha: tip.sha, protected: false });
  }
  history.branches = [...branches.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  history.reviews = generateReviews(rng, history.pulls, members, now, nextId);
  const checks = generateChecks(rng, history, repo, nextId, now);
  history.checkRuns = checks.checkRuns;
  history.statuses = checks.statuses;
  history.languages = languagesFor(rng, repo);
  settleReadyPulls(ctx, history, members, nextId);
  return history;
}
