import { EventEmitter } from 'node:events';
import { emptyHistory } from './generate-history.js';
import type {
  Account,
  GithubToken,
  OAuthApp,
  Repo,
  RepoHistoryData,
  Team,
  VercelDeployment,
  VercelToken,
  WorldData,
} from './model.js';
import { NotificationStore } from './notification-store.js';
import { RepoHistory } from './repo-history.js';
import { VercelStore } from './vercel-store.js';

export type RepoLookup = { repo: Repo } | { movedTo: Repo } | undefined;

export interface WorldEvents {
  /** A deployment was created or changed state (used to stream build events). */
  deployment: [VercelDeployment];
  /** Routes or activity changed records in place (reviews, checks, …): auto-merge looks again. */
  touched: [];
}

/**
 * The emulated GitHub and Vercel data. Repository histories are generated on first use, so a
 * world with thousands of repositories starts fast; `historyGenerator` is deterministic per
 * repository, so the order in which histories are first touched does not change them.
 */
export class World {
  readonly accounts = new Map<number, Account>();
  readonly repos = new Map<number, Repo>();
  readonly teams = new Map<number, Team>();
  readonly vercel = new VercelStore();
  readonly githubTokens = new Map<string, GithubToken>();
  readonly vercelTokens = new Map<string, VercelToken>();
  readonly oauthApps = new Map<string, OAuthApp>();
  readonly events = new EventEmitter<WorldEvents>();
  /** GitHub notification threads per user (generated on first use, see `NotificationStore`). */
  readonly notifications = new NotificationStore(() => this.touch());
  /** Bumped on every change, so derived caches know when to rebuild. */
  version = 0;

  private readonly accountsByLogin = new Map<string, Account>();
  private readonly reposByFullName = new Map<string, Repo>();
  private readonly renamedRepos = new Map<string, Repo>();
  private readonly reposByOwner = new Map<number, Repo[]>();
  private readonly histories = new Map<number, RepoHistory>();

  constructor(
    readonly seed: number | string,
    private readonly historyGenerator: (repo: Repo, owner: Account) => RepoHistoryData,
  ) {}

  addAccount(account: Account): void {
    this.accounts.set(account.id, account);
    this.accountsByLogin.set(account.login.toLowerCase(), account);
    this.version++;
  }

  account(login: string): Account | undefined {
    return this.accountsByLogin.get(login.toLowerCase());
  }

  addRepo(repo: Repo): void {
    const owner = this.accounts.get(repo.ownerId);
    if (!owner) throw new Error(`Repository ${repo.name} has unknown owner id ${repo.ownerId}`);
    this.repos.set(repo.id, repo);
    this.reposByFullName.set(`${owner.login}/${repo.name}`.toLowerCase(), repo);
    for (const previous of repo.previousNames)
      this.renamedRepos.set(`${owner.login}/${previous}`.toLowerCase(), repo);
    const owned = this.reposByOwner.get(owner.id) ?? [];
    owned.push(repo);
    this.reposByOwner.set(owner.id, owned);
    this.version++;
  }

  ownerOf(repo: Repo): Account {
    const owner = this.accounts.get(repo.ownerId);
    if (!owner) throw new Error(`Repository ${repo.id} has no owner`);
    return owner;
  }

  fullName(repo: Repo): string {
    return `${this.ownerOf(repo).login}/${repo.name}`;
  }

  lookupRepo(owner: string, name: string): RepoLookup {
    const key = `${owner}/${name}`.toLowerCase();
    const repo = this.reposByFullName.get(key);
    if (repo) return { repo };
    const moved = this.renamedRepos.get(key);
    return moved ? { movedTo: moved } : undefined;
  }

  reposOwnedBy(ownerId: number): readonly Repo[] {
    return this.reposByOwner.get(ownerId) ?? [];
  }

  addTeam(team: Team): void {
    this.teams.set(team.id, team);
    this.version++;
  }

  team(orgLogin: string, slug: string): Team | undefined {
    const org = this.account(orgLogin);
    if (!org) return undefined;
    const wanted = slug.toLowerCase();
    for (const team of this.teams.values())
      if (team.orgId === org.id && team.slug.toLowerCase() === wanted) return team;
    return undefined;
  }

  /** Members of a team, child teams' members included (as GitHub lists them), by id. */
  teamMemberIds(team: Team): number[] {
    const ids = new Set(team.memberIds);
    const seen = new Set([team.id]);
    const walk = (parentId: number): void => {
      for (const child of this.teams.values()) {
        if (child.parentId !== parentId || seen.has(child.id)) continue;
        seen.add(child.id);
        for (const id of child.memberIds) ids.add(id);
        walk(child.id);
      }
    };
    walk(team.id);
    return [...ids];
  }

  /** Teams an account belongs to, directly or through a child team. */
  teamsOf(accountId: number): Team[] {
    return [...this.teams.values()].filter((team) => this.teamMemberIds(team).includes(accountId));
  }

  hasHistory(repoId: number): boolean {
    return this.histories.has(repoId);
  }

  setHistory(repoId: number, data: RepoHistoryData): RepoHistory {
    const history = new RepoHistory(data, repoId, this.seed);
    this.histories.set(repoId, history);
    return history;
  }

  history(repoId: number): RepoHistory {
    const existing = this.histories.get(repoId);
    if (existing) return existing;
    const repo = this.repos.get(repoId);
    const data = repo ? this.historyGenerator(repo, this.ownerOf(repo)) : emptyHistory();
    return this.setHistory(repoId, data);
  }

  /** Marks a change made outside the World's own methods (routes and activity edit records in place). */
  touch(): void {
    this.version++;
    this.events.emit('touched');
  }

  /** The histories generated or loaded so far: the only ones anything can have changed. */
  loadedHistories(): [repoId: number, history: RepoHistory][] {
    return [...this.histories.entries()];
  }

  emitDeployment(deployment: VercelDeployment): void {
    this.version++;
    this.events.emit('deployment', deployment);
  }

  /** The whole world as a data file; generates every history first. */
  toData(): WorldData {
    const histories: Record<string, RepoHistoryData> = {};
    for (const repo of this.repos.values()) histories[String(repo.id)] = this.history(repo.id).data;
    return {
      accounts: [...this.accounts.values()],
      repos: [...this.repos.values()],
      teams: [...this.teams.values()],
      histories,
      vercel: {
        users: [...this.vercel.users.values()],
        teams: [...this.vercel.teams.values()],
        projects: [...this.vercel.projects.values()],
        deployments: [...this.vercel.deployments],
      },
      tokens: { github: [...this.githubTokens.values()], vercel: [...this.vercelTokens.values()] },
      oauthApps: [...this.oauthApps.values()],
      notifications: this.notifications.all(),
    };
  }
}
