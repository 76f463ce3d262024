// Team mode at size (issue 36): a team of 30 members over 200 repositories with 1,000 open pull
// requests. Measures
// 1. the GitHub requests a team page's first load costs when nothing changed: the team part of
//    a sync refresh (`GET /user/teams` and the organisation's pull-request search, each asked
//    conditionally), and the whole refresh beside it;
// 2. a warm load: the five team routes, GitHub requests made (0 expected: they read the store);
// 3. each team route's latency under load (autocannon, 10 connections, --seconds each), against
//    GET /auth/me measured the same way in the same run as the baseline; answers come from the
//    answer cache while the person's store version holds (as for /api/github/*);
// 4. each route computed from the store, one at a time, the answer cache emptied before each.
// The server runs in this process on SQLite, against an emulator in this process.
// Run: npx tsx --conditions=@shipdeck/source bench/teams.ts [--seconds 5] [--connections 10]
// Prints the figures and writes bench/results/teams.json.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { emptyHistory } from '@shipdeck/emulator/data/generate-history';
import type { Account, Repo } from '@shipdeck/emulator/data/model';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import { addOpenPull } from '@shipdeck/emulator/testing/add-open-pull';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { syncGithubAccount } from '../apps/server/src/modules/github-sync/sync-github-account.js';
import { syncGithubTeams } from '../apps/server/src/modules/github-sync/sync-teams.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const MEMBERS = 30;
const REPOSITORIES = 200;
const PULLS_PER_REPOSITORY = 5;
const TARGET_P99_MS = 50;

const emulator = await startEmulator({ repos: 10, richRepos: 2, projects: 1, rateLimits: false });
const world = emulator.world;
const octocat = world.account('octocat');
const template = [...world.repos.values()][0];
if (!octocat || !template) throw new Error('the demo world changed');

// The organisation, 29 more members, 200 repositories of 5 open pull requests, and the team.
const now = Date.now();
const stamp = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
const members: Account[] = [octocat];
for (let i = 1; i < MEMBERS; i++) {
  const member: Account = { ...octocat, id: 9_600_000 + i, login: `bench-dev-${i}`, emails: [] };
  world.addAccount(member);
  members.push(member);
}
const org: Account = {
  ...octocat,
  id: 9_700_000,
  login: 'bench-org',
  type: 'Organization',
  emails: [],
  memberIds: members.map((m) => m.id),
};
world.addAccount(org);
const repos: Repo[] = [];
for (let r = 0; r < REPOSITORIES; r++) {
  const repo: Repo = {
    ...template,
    id: 9_800_000 + r,
    ownerId: org.id,
    name: `service-${String(r).padStart(3, '0')}`,
    previousNames: [],
    private: r % 4 === 0,
    fork: false,
    parentId: null,
    archived: false,
    empty: false,
    pushedAt: stamp(now - r * 60_000),
    updatedAt: stamp(now - r * 60_000),
    collaboratorIds: [],
  };
  world.addRepo(repo);
  world.setHistory(repo.id, emptyHistory());
  repos.push(repo);
}
world.addTeam({
  id: 9_900_000,
  orgId: org.id,
  slug: 'bench-team',
  name: 'Bench team',
  description: null,
  privacy: 'closed',
  parentId: null,
  memberIds: members.map((m) => m.id),
  repos: repos.map((repo) => ({ repoId: repo.id, permission: 'push' as const })),
  createdAt: stamp(now - 400 * 86_400_000),
  updatedAt: stamp(now - 30 * 86_400_000),
});
let id = 9_950_000;
repos.forEach((repo, r) => {
  for (let n = 1; n <= PULLS_PER_REPOSITORY; n++) {
    const author = members[(r + n) % MEMBERS] ?? octocat;
    addOpenPull(world, repo, {
      id: id++,
      number: n,
      title: `Change ${n} of ${repo.name}`,
      authorId: author.id,
      at: stamp(now - (r * PULLS_PER_REPOSITORY + n) * 600_000),
      checks: n % 3 === 0 ? 'failure' : 'success',
      seed: 'bench-team',
    });
    const pull = world.history(repo.id).data.pulls.at(-1);
    if (pull && n % 2 === 0) pull.requestedReviewerIds = [members[(r + n + 1) % MEMBERS]?.id ?? 0];
    if (pull && n === 5) pull.requestedTeamIds = [9_900_000];
  }
});
world.touch();

const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'shipdeck-bench-')), 'bench.db'),
    WEB_DIST_DIR: '/nonexistent',
  }),
  encryptionKey: randomBytes(32),
  github: {
    apiUrl: emulator.githubApiUrl,
    webUrl: emulator.oauthUrl,
    oauth: null,
  },
};
const app = await buildApp({ config });

// An account (the instance's first), connected to GitHub with octocat's token; the initial sync runs.
const account = { username: 'bench', email: 'bench@example.com', password: 'correct-horse-1' };
const signup = await app.inject({ method: 'POST', url: '/auth/signup', payload: account });
if (signup.statusCode !== 201) throw new Error(`signup: ${signup.body}`);
const login = await app.inject({ method: 'POST', url: '/auth/login', payload: account });
const session = login.json<{ data: { token: string; user: { id: string } } }>().data;
const headers = { authorization: `Bearer ${session.token}` };
const connect = await app.inject({
  method: 'PUT',
  url: '/auth/github',
  headers,
  payload: { token: emulator.demo.githubToken },
});
if (connect.statusCode !== 200) throw new Error(`connect: ${connect.body}`);
await app.jobs.drain();
const user = { id: session.user.id };

const log = () => emulator.requestLog.list({ area: 'github' });
const isTeamRequest = (url: string) => url.includes('/teams') || url.includes('org%3Abench-org');

// A refresh so every validator is stored, then the measured one: nothing changed meanwhile.
const refreshTeams = async () => {
  await syncGithubAccount(app, { userId: user.id, reason: 'refresh' });
  await syncGithubTeams(app, { userId: user.id });
};
await refreshTeams();
emulator.requestLog.clear();
const refreshStarted = performance.now();
await refreshTeams();
const refreshMs = performance.now() - refreshStarted;
const refresh = log();
const teamRequests = refresh.filter((entry) => isTeamRequest(entry.url));

const ROUTES = [
  '/api/teams',
  '/api/teams/bench-org/bench-team',
  '/api/teams/bench-org/bench-team/pull-requests',
  '/api/teams/bench-org/bench-team/pull-requests?waitingOn=bench-dev-3&sort=stale',
  '/api/teams/bench-org/bench-team/review-load',
  '/api/teams/bench-org/bench-team/dora?days=30',
];
emulator.requestLog.clear();
const shapes: Record<string, number> = {};
for (const route of ROUTES) {
  const response = await app.inject({ method: 'GET', url: route, headers });
  if (response.statusCode !== 200) throw new Error(`${route}: ${response.statusCode}`);
  shapes[route] = response.body.length;
}
const warmRequests = log().length;
const pulls = (
  await app.inject({
    method: 'GET',
    url: '/api/teams/bench-org/bench-team/pull-requests',
    headers,
  })
).json<{ data: { total: number } }>().data.total;

// Each route computed from the store every time (the answer cache emptied before each request).
const uncached: Record<string, { p50Ms: number; p99Ms: number; runs: number }> = {};
for (const route of ROUTES) {
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    app.answerCache.clear();
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: route, headers });
    if (response.statusCode !== 200) throw new Error(`${route}: ${response.statusCode}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0) * 10) /
    10;
  uncached[route] = { p50Ms: at(0.5), p99Ms: at(0.99), runs: samples.length };
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
async function load(route: string) {
  return new Promise<{ requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number }>(
    (resolve, reject) => {
      autocannon(
        { url: `${address}${route}`, connections, duration: seconds, headers },
        (error: Error | null, result: autocannon.Result) => {
          if (error) {
            reject(error);
            return;
          }
          resolve({
            requestsPerSecond: Math.round(result.requests.average),
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            errors: result.errors + result.timeouts + result.non2xx,
          });
        },
      );
    },
  );
}
const latency: Record<string, Awaited<ReturnType<typeof load>>> = {};
latency['/auth/me (baseline)'] = await load('/auth/me');
for (const route of ROUTES) latency[route] = await load(route);

const result = {
  benchmark: 'teams',
  at: new Date().toISOString(),
  node: process.version,
  team: { members: MEMBERS, repositories: REPOSITORIES, openPullRequests: pulls },
  firstLoadUnchanged: {
    teamGithubRequests: teamRequests.length,
    notModified: teamRequests.filter((entry) => entry.notModified).length,
    urls: teamRequests.map((entry) => entry.url.replace(emulator.githubApiUrl, '')),
    wholeRefreshGithubRequests: refresh.length,
    wholeRefreshMs: Math.round(refreshMs),
    targetTeamRequests: 2,
  },
  warmLoad: { githubRequests: warmRequests, target: 0, bodyBytes: shapes },
  latency: { connections, seconds, targetP99Ms: TARGET_P99_MS, routes: latency },
  uncachedOneAtATime: uncached,
};
console.table({
  'first load, nothing changed': {
    githubRequests: result.firstLoadUnchanged.teamGithubRequests,
    notModified: result.firstLoadUnchanged.notModified,
    target: '≤ 2',
  },
  'warm load (5 routes)': { githubRequests: warmRequests, notModified: '', target: '0' },
});
console.table(latency);
console.table(uncached);
console.log(JSON.stringify(result, null, 2));
const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'teams.json');
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written to ${out}`);
await app.close();
await emulator.close();
