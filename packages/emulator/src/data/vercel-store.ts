import type { VercelDeployment, VercelProject, VercelTeam, VercelUser } from './model.js';

/** Vercel users, teams, projects and deployments, indexed the ways the API looks them up. */
export class VercelStore {
  readonly users = new Map<string, VercelUser>();
  readonly teams = new Map<string, VercelTeam>();
  readonly projects = new Map<string, VercelProject>();
  /** Newest first; creation times are unique, which the `until`/`since` cursors rely on. */
  private deploymentList: VercelDeployment[] = [];
  private readonly deploymentsById = new Map<string, VercelDeployment>();
  private readonly deploymentsByUrl = new Map<string, VercelDeployment>();

  get deployments(): readonly VercelDeployment[] {
    return this.deploymentList;
  }

  addUser(user: VercelUser): void {
    this.users.set(user.uid, user);
  }

  addTeam(team: VercelTeam): void {
    this.teams.set(team.id, team);
  }

  addProject(project: VercelProject): void {
    this.projects.set(project.id, project);
  }

  userByGithubId(id: number): VercelUser | undefined {
    for (const user of this.users.values()) if (user.githubUserId === id) return user;
    return undefined;
  }

  teamByIdOrSlug(value: string): VercelTeam | undefined {
    const byId = this.teams.get(value);
    if (byId) return byId;
    for (const team of this.teams.values()) if (team.slug === value) return team;
    return undefined;
  }

  teamsOf(uid: string): VercelTeam[] {
    return [...this.teams.values()].filter((t) => t.members.some((m) => m.uid === uid));
  }

  /** The slug shown in URLs for an account id: the username or the team slug. */
  scopeSlug(accountId: string): string {
    return this.users.get(accountId)?.username ?? this.teams.get(accountId)?.slug ?? accountId;
  }

  projectsOf(accountId: string): VercelProject[] {
    return [...this.projects.values()].filter((p) => p.accountId === accountId);
  }

  projectByIdOrName(accountId: string, idOrName: string): VercelProject | undefined {
    const byId = this.projects.get(idOrName);
    if (byId?.accountId === accountId) return byId;
    return this.projectsOf(accountId).find((p) => p.name === idOrName);
  }

  /** A creation time not used by any other deployment, at or after `wanted`. */
  uniqueCreatedAt(wanted: number): number {
    let at = wanted;
    const taken = new Set(this.deploymentList.map((d) => d.createdAt));
    while (taken.has(at)) at++;
    return at;
  }

  addDeployment(deployment: VercelDeployment): void {
    this.deploymentsById.set(deployment.uid, deployment);
    this.deploymentsByUrl.set(deployment.url, deployment);
    const index = this.deploymentList.findIndex((d) => d.createdAt < deployment.createdAt);
    if (index === -1) this.deploymentList.push(deployment);
    else this.deploymentList.splice(index, 0, deployment);
  }

  /** By `dpl_…` id, by hostname, or by a URL with a scheme. */
  deployment(idOrUrl: string): VercelDeployment | undefined {
    const byId = this.deploymentsById.get(idOrUrl);
    if (byId) return byId;
    const host = idOrUrl.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
    return this.deploymentsByUrl.get(host) ?? this.deploymentByAlias(host);
  }

  private deploymentByAlias(host: string): VercelDeployment | undefined {
    return this.deploymentList.find((d) => d.aliases.includes(host));
  }
}
