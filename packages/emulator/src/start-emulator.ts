import type { AddressInfo } from 'node:net';
import {
  ActivityEngine,
  type ActivityOptions,
  type ActivityResult,
} from './activity/activity-engine.js';
import type { ActivityContext } from './activity/activity-context.js';
import { AutoMergeWatcher } from './activity/auto-merge.js';
import type { CheckRerunSettings } from './activity/check-rerun-settings.js';
import { ADMIN_BASE, adminArea } from './admin/admin-area.js';
import { buildWorld, vercelTokenFor } from './data/build-world.js';
import { DEMO_LOGIN } from './data/generate-accounts.js';
import { randomToken } from './data/ids.js';
import type { World } from './data/world.js';
import { DEMO_OAUTH_APP, resolveOptions, type EmulatorOptions } from './emulator-options.js';
import { FaultInjector } from './faults/fault-injector.js';
import { GITHUB_API_BASE, githubArea } from './github/github-area.js';
import { GRAPHQL_PATHS, graphqlArea } from './github/graphql/graphql-area.js';
import { GITHUB_RATE_LIMITS, RateLimiter } from './github/rate-limiter.js';
import { GithubUrls } from './github/urls.js';
import { RequestLog } from './http/request-log.js';
import { createEmulatorServer, type Area } from './http/server.js';
import { OAUTH_BASE, oauthArea } from './oauth/oauth-area.js';
import { OAuthCodeStore } from './oauth/oauth-codes.js';
import {
  SLACK_BASE,
  SLACK_SERVICES_PATH,
  newSlackWebhookPath,
  slackArea,
} from './slack/slack-area.js';
import { SlackInbox } from './slack/slack-inbox.js';
import { VERCEL_PATH, vercelArea } from './vercel/vercel-area.js';
import { webArea } from './web/web-area.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

export type { EmulatorOptions } from './emulator-options.js';

export interface EmulatorHandle {
  /** Origin of the emulator, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Octokit `baseUrl` / GITHUB_API_URL: `<url>/api/v3`. */
  githubApiUrl: string;
  /** OAuth base for server-to-server calls (the token exchange): `<url>`. */
  oauthUrl: string;
  /**
   * GitHub's web address (GITHUB_WEB_URL): where a browser is sent, for the authorize page,
   * html_url and avatars. `webUrl` when given, otherwise `<url>`.
   */
  webUrl: string;
  /** `<webUrl>/login/oauth/authorize` */
  authorizeUrl: string;
  /** `<url>/login/oauth/access_token` */
  accessTokenUrl: string;
  /** Vercel SDK `serverURL` / VERCEL_API_URL: the origin itself (`/v2/user`, `/v9/projects`…). */
  vercelApiUrl: string;
  /** `<url>/_emulator` */
  adminUrl: string;
  /** The demo account and ready-made credentials for it. */
  demo: {
    login: string;
    githubToken: string;
    vercelToken: string;
    oauthClientId: string;
    oauthClientSecret: string;
  };
  /** The live data: read it, or change it and call `world.touch()`. */
  world: World;
  faults: FaultInjector;
  requestLog: RequestLog;
  webhooks: WebhookDispatcher;
  /** What the Slack incoming-webhook receiver (`/_emulator/slack/services/…`) was sent. */
  slack: SlackInbox;
  /** A new Slack incoming-webhook URL on this emulator (`<url>/_emulator/slack/services/T…/B…/…`). */
  newSlackWebhookUrl(): string;
  /**
   * Issues a personal access token for a GitHub account (default scopes: repo, read:org, user);
   * `fineGrained` makes a `github_pat_…` token whose answers carry no X-OAuth-Scopes header;
   * `app` a GitHub App token (`ghs_…` installation, `ghu_…` user-to-server), which the
   * notifications API refuses like fine-grained ones.
   */
  createGithubToken(
    login: string,
    scopes?: string[],
    options?: { fineGrained?: boolean; app?: 'installation' | 'user' },
  ): string;
  /** Issues a Vercel token for a Vercel username. */
  createVercelToken(username: string): string;
  /** Makes one thing happen (push, PR opened/merged, deployment) and sends its webhooks. */
  triggerActivity(options?: ActivityOptions): Promise<ActivityResult>;
  startActivity(intervalMs: number): void;
  stopActivity(): void;
  /** Resets every GitHub rate-limit bucket. */
  resetRateLimits(): void;
  /** Decides how the next re-run checks end and how fast (`PUT /_emulator/check-reruns`). */
  setCheckReruns(settings: Partial<CheckRerunSettings>): void;
  /**
   * Stops the activity, lets deployments in progress finish (unless `finishDeployments` is
   * false: a server shutting down does not wait out a demo build), and closes the server.
   */
  close(options?: { finishDeployments?: boolean }): Promise<void>;
}

/** Starts the provider emulator on 127.0.0.1 and resolves once it is listening. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<EmulatorHandle> {
  const resolved = resolveOptions(options);
  const world = buildWorld({ ...resolved, oauthApps: resolved.oauthApps });
  const log = new RequestLog(resolved.requestLogSize);
  const faults = new FaultInjector(resolved.seed, resolved.faultRules);
  const limiter =
    resolved.rateLimits === false
      ? null
      : new RateLimiter({ ...GITHUB_RATE_LIMITS, ...resolved.rateLimits });
  const webhooks = new WebhookDispatcher(resolved.webhooks);
  const slackInbox = new SlackInbox();
  let origin = resolved.publicUrl ?? 'http://127.0.0.1';
  let urls = new GithubUrls(origin, resolved.webUrl ?? origin);
  const render = (): { world: World; urls: GithubUrls; viewer: null } => ({
    world,
    urls,
    viewer: null,
  });
  const activity = new ActivityEngine({
    world,
    webhooks,
    render,
    deploymentStepMs: resolved.deploymentStepMs,
  });

  const createGithubToken = (
    login: string,
    scopes = ['repo', 'read:org', 'user', 'workflow'],
    { fineGrained = false, app }: { fineGrained?: boolean; app?: 'installation' | 'user' } = {},
  ): string => {
    const account = world.account(login);
    if (!account) throw new Error(`Unknown account ${login}`);
    const token = fineGrained
      ? `github_pat_${randomToken(59)}`
      : app
        ? `${app === 'installation' ? 'ghs' : 'ghu'}_${randomToken(36)}`
        : `ghp_${randomToken(36)}`;
    world.githubTokens.set(token, {
      token,
      accountId: account.id,
      scopes,
      clientId: null,
      fineGrained,
    });
    return token;
  };
  const createVercelToken = (username: string): string => {
    const user = [...world.vercel.users.values()].find((u) => u.username === username);
    if (!user) throw new Error(`Unknown account ${username}`);
    const token = `vercel_${randomToken(24)}`;
    world.vercelTokens.set(token, { token, uid: user.uid });
    return token;
  };
  const endpoints = (): Record<string, string> => ({
    github: `${origin}${GITHUB_API_BASE}`,
    authorize: `${urls.web}${OAUTH_BASE}/authorize`,
    accessToken: `${origin}${OAUTH_BASE}/access_token`,
    vercel: origin,
    admin: `${origin}${ADMIN_BASE}`,
  });

  const checkReruns: CheckRerunSettings = { ...resolved.checkReruns };
  const setCheckReruns = (settings: Partial<CheckRerunSettings>): void => {
    Object.assign(checkReruns, settings);
  };
  const writeActions = {
    background: (work: (ctx: ActivityContext) => Promise<void>) => activity.background(work),
    checkReruns: () => ({ ...checkReruns }),
  };
  const github = githubArea({ world, urls: () => urls, limiter, actions: writeActions });
  const graphql = graphqlArea({
    world,
    urls: () => urls,
    rateLimited: () => limiter !== null,
    actions: writeActions,
  });
  // Pull requests with auto-merge on merge once an approval or passing checks make them mergeable.
  const autoMerge = new AutoMergeWatcher(world, (work) => activity.background(work)).start();
  const graphqlPaths: readonly string[] = resolved.graphql ? GRAPHQL_PATHS : [];
  const oauth = oauthArea(world, new OAuthCodeStore());
  const vercel = vercelArea(world, {
    background: (work) => activity.background(work),
    personalPlan: resolved.vercelPersonalPlan,
  });
  const admin = adminArea({
    world,
    faults,
    log,
    limiter,
    activity,
    webhooks,
    slack: slackInbox,
    urls: endpoints,
    createGithubToken,
    createVercelToken,
    setCheckReruns,
    adminKey: resolved.adminKey,
  });
  const web = webArea(world, endpoints);
  const slack = slackArea(slackInbox);
  const areaFor = (path: string): Area => {
    if (graphqlPaths.includes(path)) return graphql;
    if (path === GITHUB_API_BASE || path.startsWith(`${GITHUB_API_BASE}/`)) return github;
    if (path.startsWith(`${OAUTH_BASE}/`)) return oauth;
    // Before the admin API: Slack's webhooks take no admin key (the URL is the secret).
    if (path.startsWith(SLACK_SERVICES_PATH)) return slack;
    if (path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`)) return admin;
    return VERCEL_PATH.test(path) ? vercel : web;
  };

  const server = createEmulatorServer({ origin: () => origin, areaFor, faults, log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = resolved.publicUrl ?? `http://127.0.0.1:${port}`;
  urls = new GithubUrls(origin, resolved.webUrl ?? origin);
  if (resolved.activity) activity.start(resolved.activity.intervalMs);
  let closed = false;
  if (resolved.warmUp) void warmUp(world, () => closed);

  const demo = world.account(DEMO_LOGIN);
  const demoVercel = demo ? world.vercel.userByGithubId(demo.id) : undefined;
  return {
    url: origin,
    githubApiUrl: `${origin}${GITHUB_API_BASE}`,
    oauthUrl: origin,
    webUrl: urls.web,
    authorizeUrl: `${urls.web}${OAUTH_BASE}/authorize`,
    accessTokenUrl: `${origin}${OAUTH_BASE}/access_token`,
    vercelApiUrl: origin,
    adminUrl: `${origin}${ADMIN_BASE}`,
    demo: {
      login: DEMO_LOGIN,
      githubToken: `ghp_emu_${DEMO_LOGIN}`,
      vercelToken: vercelTokenFor(demoVercel?.username ?? DEMO_LOGIN),
      oauthClientId: DEMO_OAUTH_APP.clientId,
      oauthClientSecret: DEMO_OAUTH_APP.clientSecret,
    },
    world,
    faults,
    requestLog: log,
    webhooks,
    slack: slackInbox,
    newSlackWebhookUrl: () => `${origin}${SLACK_BASE}${newSlackWebhookPath()}`,
    createGithubToken,
    createVercelToken,
    triggerActivity: (activityOptions) => activity.trigger(activityOptions),
    startActivity: (intervalMs) => activity.start(intervalMs),
    stopActivity: () => activity.stop(),
    resetRateLimits: () => limiter?.reset(),
    setCheckReruns,
    async close({ finishDeployments = true } = {}) {
      closed = true;
      autoMerge.stop();
      if (finishDeployments) activity.stop();
      else activity.abandon();
      await activity.settle();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Generates histories a few dozen at a time between requests, until all exist or the emulator closes. */
async function warmUp(world: World, stopped: () => boolean): Promise<void> {
  let count = 0;
  for (const repo of [...world.repos.values()]) {
    if (stopped()) return;
    if (world.hasHistory(repo.id)) continue;
    world.history(repo.id);
    if (++count % 40 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}
