import { DEMO_LOGIN, ORG_LOGIN } from './generate-accounts.js';
import { createHash } from 'node:crypto';
import { stableToken } from './ids.js';
import type {
  Account,
  Commit,
  Pull,
  Repo,
  RepoHistoryData,
  VercelProject,
  VercelTeam,
  VercelUser,
} from './model.js';
import type { Rng } from './rng.js';
import type { DeploymentPlan } from './vercel-deployment-factory.js';

const FRAMEWORKS = [
  'nextjs',
  'nextjs',
  'vite',
  'astro',
  'remix',
  'sveltekit',
  'nuxtjs',
  null,
] as const;

export interface VercelGenerationOptions {
  now: number;
  /** Projects for the demo account linked to its richest repositories. */
  demoProjects: number;
  deploymentsPerProject: number;
}

/** What the generator needs from the world being built. */
export interface VercelGenerationHost {
  accounts: readonly Account[];
  repos: readonly Repo[];
  history(repoId: number): RepoHistoryData;
}

/** Vercel project names: lower case, [a-z0-9-._], at most 100 characters. */
export function projectNameFor(repoName: string): string {
  const name = repoName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(0, 100);
  return name.length > 0 ? name : 'project';
}

export function vercelUserFor(account: Account, rng: Rng, now: number): VercelUser {
  const email = account.emails.find((e) => e.primary)?.email ?? `${account.login}@example.com`;
  return {
    uid: stableToken(24, 'vercel-user', account.login),
    githubUserId: account.id,
    username: account.login,
    email,
    name: account.name,
    avatar: rng.chance(0.7) ? createHash('sha1').update(account.login).digest('hex') : null,
    createdAt: now - rng.int(100, 1500) * 86_400_000,
    defaultTeamId: null,
  };
}

/** The commits of the default branch, newest first, following first parents. */
export function mainLine(history: RepoHistoryData, branch: string): Commit[] {
  const bySha = new Map(history.commits.map((c) => [c.sha, c]));
  const out: Commit[] = [];
  let cursor = bySha.get(history.branches.find((b) => b.name === branch)?.sha ?? '');
  while (cursor) {
    out.push(cursor);
    cursor = bySha.get(cursor.parents[0] ?? '');
  }
  return out;
}

interface Candidate {
  commit: Commit;
  ref: string;
  pull: Pull | null;
}

function candidatesFor(history: RepoHistoryData, repo: Repo, count: number): Candidate[] {
  const bySha = new Map(history.commits.map((c) => [c.sha, c]));
  const production = mainLine(history, repo.defaultBranch)
    .slice(0, Math.ceil(count * 0.6))
    .map((commit): Candidate => ({ commit, ref: repo.defaultBranch, pull: null }));
  const previews = history.pulls.flatMap((pull): Candidate[] => {
    const commit = bySha.get(pull.headSha);
    return commit ? [{ commit, ref: pull.headRef, pull }] : [];
  });
  return [...production, ...previews]
    .sort((a, b) => Date.parse(a.commit.committedAt) - Date.parse(b.commit.committedAt))
    .slice(-count);
}

export interface GeneratedVercel {
  users: VercelUser[];
  teams: VercelTeam[];
  projects: VercelProject[];
  plans: DeploymentPlan[];
}

/** Users, teams and projects, plus a plan for every deployment (built by the world). */
export function generateVercel(
  rng: Rng,
  host: VercelGenerationHost,
  options: VercelGenerationOptions,
): GeneratedVercel {
  const { now } = options;
  const people = host.accounts.filter((a) => a.type === 'User');
  const users = people.map((p) => vercelUserFor(p, rng, now));
  const userByGithubId = new Map(users.map((u) => [u.githubUserId, u]));
  const demoAccount = people.find((p) => p.login === DEMO_LOGIN);
  const demoUser = demoAccount ? userByGithubId.get(demoAccount.id) : undefined;
  const org = host.accounts.find((a) => a.login === ORG_LOGIN);
  const teams: VercelTeam[] = [];
  const projects: VercelProject[] = [];
  const plans: DeploymentPlan[] = [];
  if (!demoUser || !demoAccount) return { users, teams, projects, plans };

  const orgTeam: VercelTeam = {
    id: `team_${stableToken(24, 'team', ORG_LOGIN)}`,
    slug: ORG_LOGIN,
    name: 'Shipdeck Labs',
    avatar: null,
    description: 'The team behind the demo 🧪',
    createdAt: now - 700 * 86_400_000,
    updatedAt: now - 3 * 86_400_000,
    creatorUid: demoUser.uid,
    plan: 'pro',
    members: [
      { uid: demoUser.uid, role: 'OWNER' },
      ...users
        .filter((u) => org?.memberIds.includes(u.githubUserId ?? -1) && u.uid !== demoUser.uid)
        .map((u) => ({ uid: u.uid, role: 'MEMBER' as const })),
    ],
  };
  const unicodeTeam: VercelTeam = {
    id: `team_${stableToken(24, 'team', 'unicode')}`,
    slug: 'unicode-team',
    name: 'Ünïcødé Team 🦄 <b>bold</b>',
    avatar: createHash('sha1').update('unicode-team').digest('hex'),
    description: null,
    createdAt: now - 200 * 86_400_000,
    updatedAt: now - 20 * 86_400_000,
    creatorUid: demoUser.uid,
    plan: 'hobby',
    members: [{ uid: demoUser.uid, role: 'MEMBER' }],
  };
  teams.push(orgTeam, unicodeTeam);

  let clock = now - 400 * 86_400_000;
  const project = (name: string, accountId: string, repo: Repo | null): VercelProject => {
    clock += rng.int(86_400_000, 20 * 86_400_000);
    const created = Math.min(clock, now - 86_400_000);
    const record: VercelProject = {
      id: `prj_${stableToken(28, 'project', accountId, name)}`,
      name,
      accountId,
      framework: rng.pick(FRAMEWORKS),
      nodeVersion: rng.pick(['20.x', '22.x', '22.x'] as const),
      rootDirectory: rng.chance(0.15) ? 'apps/web' : null,
      createdAt: created,
      updatedAt: created,
      repoId: repo?.id ?? null,
      productionBranch: repo?.defaultBranch ?? 'main',
    };
    projects.push(record);
    return record;
  };

  const richOf = (ownerId: number): Repo[] =>
    host.repos.filter((r) => r.ownerId === ownerId && r.richness === 'rich' && !r.empty);
  const linked: { project: VercelProject; repo: Repo; scope: string }[] = [];
  for (const repo of richOf(demoAccount.id).slice(0, options.demoProjects)) {
    linked.push({
      project: project(projectNameFor(repo.name), demoUser.uid, repo),
      repo,
      scope: demoUser.username,
    });
  }
  if (org) {
    for (const repo of richOf(org.id).slice(0, 3)) {
      linked.push({
        project: project(projectNameFor(repo.name), orgTeam.id, repo),
        repo,
        scope: orgTeam.slug,
      });
    }
  }
  const hubot = people.find((p) => p.login === 'hubot');
  const hubotUser = hubot ? userByGithubId.get(hubot.id) : undefined;
  if (hubot && hubotUser) {
    const repo = richOf(hubot.id)[0];
    if (repo)
      linked.push({
        project: project(projectNameFor(repo.name), hubotUser.uid, repo),
        repo,
        scope: hubotUser.username,
      });
  }
  // Edge cases: a project without a Git link, one linked to an empty repository, and one in a second team.
  project('cli-deployed-site', demoUser.uid, null);
  const emptyRepo = host.repos.find((r) => r.ownerId === demoAccount.id && r.empty);
  if (emptyRepo) project(projectNameFor(emptyRepo.name), demoUser.uid, emptyRepo);
  project('unicode-landing', unicodeTeam.id, null);

  // Repositories that deploy are the ones being worked on: pushed within the last hour, so a
  // sync of the most recently pushed repositories holds the commits their deployments ship and
  // DORA's lead time has changes to measure. Set before their histories are generated.
  linked.forEach(({ repo }, index) => {
    const pushed = now - (index + 1) * 5 * 60_000;
    if (Date.parse(repo.pushedAt) < pushed) {
      repo.pushedAt = new Date(pushed).toISOString();
      repo.updatedAt = new Date(Math.max(pushed, Date.parse(repo.updatedAt))).toISOString();
    }
  });
  linked.forEach(({ project: target, repo, scope }, index) => {
    const history = host.history(repo.id);
    const candidates = candidatesFor(history, repo, options.deploymentsPerProject);
    candidates.forEach((candidate, position) => {
      const newest = position === candidates.length - 1;
      const liveState =
        newest && index === 0
          ? 'BUILDING'
          : newest && index === 1
            ? 'QUEUED'
            : newest && index === 2
              ? 'ERROR'
              : null;
      const created =
        liveState === 'BUILDING'
          ? now - 40_000
          : liveState === 'QUEUED'
            ? now - 8_000
            : Date.parse(candidate.commit.committedAt) + rng.int(3_000, 60_000);
      plans.push({
        project: target,
        repo,
        scope,
        commit: candidate.commit,
        ref: candidate.ref,
        pull: candidate.pull,
        createdAt: Math.min(created, now - 1000),
        state: liveState ?? (rng.chance(0.85) ? 'READY' : rng.chance(0.75) ? 'ERROR' : 'CANCELED'),
        buildSeconds: rng.int(25, 240),
        creator:
          (candidate.commit.authorId !== null
            ? userByGithubId.get(candidate.commit.authorId)
            : undefined) ?? demoUser,
      });
    });
  });
  return { users, teams, projects, plans };
}
