import { generateAccounts } from './generate-accounts.js';
import { generateHistory } from './generate-history.js';
import { generateNotifications } from './generate-notifications.js';
import { generateRepos } from './generate-repos.js';
import { addMergeSettings } from './generate-merge-settings.js';
import { addDemoTeams } from './generate-teams.js';
import { generateVercel } from './generate-vercel.js';
import { recordDeploymentState } from './github-deployment-sync.js';
import type { Account, OAuthApp, RepoHistoryData, WorldData } from './model.js';
import { createRng } from './rng.js';
import { branchAlias, buildDeployment, type DeploymentPlan } from './vercel-deployment-factory.js';
import { World } from './world.js';

export interface WorldOptions {
  seed: number | string;
  /** The moment generated data is relative to (epoch ms). */
  now: number;
  /** Extra generated users besides the fixed demo cast. */
  users: number;
  /** Repositories owned by the demo account. */
  repos: number;
  /** How many of those get a rich history (many commits and pull requests). */
  richRepos: number;
  /** Vercel projects of the demo account linked to its repositories. */
  projects: number;
  deploymentsPerProject: number;
  /** A parsed data file: replaces generation (histories it lacks are still generated). */
  data?: WorldData;
  oauthApps: readonly OAuthApp[];
}

/** Fixed, documented tokens so demo mode and tests need no OAuth round trip. */
export function defaultGithubTokens(account: Account): WorldData['tokens']['github'] {
  return [
    {
      token: `ghp_emu_${account.login}`,
      accountId: account.id,
      scopes: ['repo', 'read:org', 'user', 'workflow'],
      clientId: null,
    },
    {
      token: `ghp_emu_${account.login}_public`,
      accountId: account.id,
      scopes: ['public_repo', 'read:user'],
      clientId: null,
    },
  ];
}

export function vercelTokenFor(username: string): string {
  return `vercel_emu_${username}`;
}

function applyPlan(world: World, plan: DeploymentPlan): void {
  const owner = plan.repo ? world.accounts.get(plan.repo.ownerId) : undefined;
  const authorId = plan.commit?.authorId ?? null;
  const authorLogin = authorId !== null ? (world.accounts.get(authorId)?.login ?? null) : null;
  const deployment = buildDeployment(
    { ...plan, createdAt: world.vercel.uniqueCreatedAt(plan.createdAt) },
    owner,
    authorLogin,
  );
  world.vercel.addDeployment(deployment);
  recordDeploymentState(world, deployment, 'QUEUED', deployment.createdAt);
  if (deployment.buildingAt !== null)
    recordDeploymentState(world, deployment, 'BUILDING', deployment.buildingAt);
  if (deployment.readyAt !== null)
    recordDeploymentState(world, deployment, deployment.state, deployment.readyAt);
  if (deployment.state === 'READY') deployment.aliases = [branchAlias(plan)];
}

/** Production domains go to each project's newest ready production deployment. */
function assignProductionAliases(world: World): void {
  for (const project of world.vercel.projects.values()) {
    const scope = world.vercel.scopeSlug(project.accountId);
    const latest = world.vercel.deployments.find(
      (d) => d.projectId === project.id && d.target === 'production' && d.state === 'READY',
    );
    if (latest)
      latest.aliases = [
        `${project.name}${world.vercel.users.has(project.accountId) ? '' : `-${scope}`}.vercel.app`,
        ...latest.aliases,
      ];
    const newest = world.vercel.deployments.find((d) => d.projectId === project.id);
    if (newest) project.updatedAt = Math.max(project.updatedAt, newest.createdAt);
  }
  // Project list cursors need distinct update times.
  const seen = new Set<number>();
  for (const project of world.vercel.projects.values()) {
    while (seen.has(project.updatedAt)) project.updatedAt++;
    seen.add(project.updatedAt);
  }
}

function fromData(world: World, data: WorldData): void {
  for (const account of data.accounts) world.addAccount(account);
  for (const repo of data.repos) world.addRepo(repo);
  for (const team of data.teams) world.addTeam(team);
  for (const [repoId, history] of Object.entries(data.histories))
    world.setHistory(Number(repoId), history);
  for (const user of data.vercel.users) world.vercel.addUser(user);
  for (const team of data.vercel.teams) world.vercel.addTeam(team);
  for (const project of data.vercel.projects) world.vercel.addProject(project);
  for (const deployment of data.vercel.deployments) world.vercel.addDeployment(deployment);
  for (const token of data.tokens.github) world.githubTokens.set(token.token, token);
  for (const token of data.tokens.vercel) world.vercelTokens.set(token.token, token);
  for (const app of data.oauthApps) world.oauthApps.set(app.clientId, app);
  if (data.notifications) world.notifications.load(data.notifications);
}

function generate(world: World, options: WorldOptions): void {
  const rng = createRng(options.seed, 'world');
  const accounts = generateAccounts(rng, options.users, options.now);
  for (const account of accounts) world.addAccount(account);
  const repos = generateRepos(rng, accounts, {
    now: options.now,
    demoRepos: options.repos,
    richRepos: options.richRepos,
  });
  for (const repo of repos) world.addRepo(repo);
  addDemoTeams(world, options.now);
  addMergeSettings(world);
  const vercel = generateVercel(
    createRng(options.seed, 'vercel'),
    { accounts, repos, history: (id) => world.history(id).data },
    {
      now: options.now,
      demoProjects: options.projects,
      deploymentsPerProject: options.deploymentsPerProject,
    },
  );
  for (const user of vercel.users) world.vercel.addUser(user);
  for (const team of vercel.teams) world.vercel.addTeam(team);
  for (const project of vercel.projects) world.vercel.addProject(project);
  for (const plan of vercel.plans) applyPlan(world, plan);
  assignProductionAliases(world);
  for (const account of accounts) {
    if (account.type !== 'User') continue;
    for (const token of defaultGithubTokens(account)) world.githubTokens.set(token.token, token);
  }
  for (const user of vercel.users)
    world.vercelTokens.set(vercelTokenFor(user.username), {
      token: vercelTokenFor(user.username),
      uid: user.uid,
    });
}

export function buildWorld(options: WorldOptions): World {
  const world: World = new World(options.seed, (repo, owner): RepoHistoryData =>
    generateHistory({
      seed: options.seed,
      now: options.now,
      repo,
      owner,
      accountsById: world.accounts,
    }),
  );
  world.notifications.configure(
    (userId) => {
      const user = world.accounts.get(userId);
      return user ? generateNotifications(world, user, options.now) : [];
    },
    () => [...world.accounts.values()].filter((a) => a.type === 'User').map((a) => a.id),
  );
  if (options.data) fromData(world, options.data);
  else generate(world, options);
  for (const app of options.oauthApps)
    if (!world.oauthApps.has(app.clientId)) world.oauthApps.set(app.clientId, app);
  return world;
}
