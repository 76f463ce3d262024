// Issue 27's ship-status targets: upstream requests of a cold ship-status sync of 2,000 open pull
// requests (target ≤ 25) and of a warm refresh with nothing changed (target ≤ 3), counted in the
// emulator's request log. The server runs in this process (buildApp over in-memory SQLite)
// against an emulator whose demo user authors 2,000 hand-made open pull requests across 20 of
// its repositories, a third with failing checks.
// Run: npx tsx --conditions=@shipdeck/source bench/ship-status-graphql.ts
// Prints the figures and writes bench/results/ship-status-graphql.json.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addOpenPull } from '@shipdeck/emulator/testing/add-open-pull';
import { DEMO_OAUTH_APP } from '@shipdeck/emulator/emulator-options';
import { startEmulator, type EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { createDatabase } from '../apps/server/src/db/database.js';
import { requestGithubSync } from '../apps/server/src/modules/github-sync/request-github-sync.js';
import { syncDeferredShipStates } from '../apps/server/src/modules/github-sync/sync-ship-states.js';
import { signInWithGithub, userIdOfGithubLogin } from '../apps/server/src/test-github.js';

const PULLS = 2000;
const REPOSITORIES = 20;
const COLD_TARGET = 25;
const WARM_TARGET = 3;

/** Adds PULLS open pull requests by the demo user, spread evenly over its repositories. */
function addPulls(emulator: EmulatorHandle): void {
  const { world } = emulator;
  const octocat = world.account('octocat');
  if (!octocat) throw new Error('octocat missing');
  const repos = [...world.repos.values()]
    .filter((repo) => repo.ownerId === octocat.id)
    .slice(0, REPOSITORIES);
  if (repos.length < REPOSITORIES) throw new Error(`octocat has ${repos.length} repositories`);
  for (let i = 0; i < PULLS; i++) {
    const repo = repos[i % repos.length];
    if (!repo) continue;
    const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString().replace(/\.\d+Z$/, 'Z');
    addOpenPull(world, repo, {
      id: 9_000_000 + i,
      number: 100_000 + i,
      title: `Bench change ${i}`,
      authorId: octocat.id,
      at,
      checks: i % 3 === 0 ? 'failure' : 'success',
      seed: 'bench-ship-status',
    });
  }
  world.touch();
}

interface Counted {
  requests: number;
  graphql: number;
  rest: number;
  notModified: number;
}

function count(emulator: EmulatorHandle): Counted {
  const entries = emulator.requestLog.list({ area: 'github' });
  const graphql = entries.filter((entry) => entry.url.endsWith('/graphql')).length;
  return {
    requests: entries.length,
    graphql,
    rest: entries.length - graphql,
    notModified: entries.filter((entry) => entry.notModified).length,
  };
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ repos: 60, richRepos: 4, projects: 1 });
  addPulls(emulator);
  const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
  const app = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      encryptionKey: randomBytes(32),
      github: {
        apiUrl: emulator.githubApiUrl,
        webUrl: emulator.oauthUrl,
        oauth: { clientId: DEMO_OAUTH_APP.clientId, clientSecret: DEMO_OAUTH_APP.clientSecret },
      },
    },
    database,
  });
  try {
    // Sign-in runs the initial sync and the ship-status job it queues.
    await signInWithGithub(app);
    const userId = await userIdOfGithubLogin(app.db, 'octocat');
    const open = await app.db
      .selectFrom('github_pull_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
    // Cold: no ship state stored, the whole pass the initial sync leaves to its own job.
    await app.db
      .updateTable('github_pull_requests')
      .set({ review_state: null, checks_state: null })
      .execute();
    emulator.requestLog.clear();
    let started = performance.now();
    await syncDeferredShipStates(app, { userId });
    const cold = { ...count(emulator), ms: Math.round(performance.now() - started) };
    const failing = await app.db
      .selectFrom('github_pull_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', '=', 'open')
      .where('checks_state', '=', 'failing')
      .executeTakeFirstOrThrow();
    const unknown = await app.db
      .selectFrom('github_pull_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', '=', 'open')
      .where('checks_state', 'is', null)
      .executeTakeFirstOrThrow();

    // Warm: a periodic refresh minutes later with nothing changed upstream. The responses the
    // server stored within the last minute count as fresh, so its clock is moved past that.
    const realNow = Date.now;
    Date.now = () => realNow() + 2 * 60_000;
    emulator.requestLog.clear();
    started = performance.now();
    await requestGithubSync(app, userId, 'refresh');
    await app.jobs.drain();
    const warmAll = count(emulator);
    Date.now = realNow;
    const warmShip = {
      graphql: warmAll.graphql,
      restShipCalls: emulator.requestLog
        .list({ area: 'github' })
        .filter((entry) =>
          /\/pulls\/\d+(\/reviews)?$|\/commits\/[^/]+\/(check-runs|status)/.test(entry.url),
        ).length,
    };
    const warm = { ...warmAll, ms: Math.round(performance.now() - started) };

    const result = {
      openPullRequests: Number(open.n),
      cold: { ...cold, target: COLD_TARGET, met: cold.requests <= COLD_TARGET },
      coldOutcome: { failing: Number(failing.n), unknown: Number(unknown.n) },
      warmRefresh: {
        ...warm,
        shipStatus: warmShip,
        target: WARM_TARGET,
        met: warmShip.graphql + warmShip.restShipCalls <= WARM_TARGET,
      },
    };
    console.log(`open pull requests stored: ${result.openPullRequests}`);
    console.log(
      `cold ship-status sync: ${cold.requests} upstream requests (${cold.graphql} GraphQL, ${cold.rest} REST), ${cold.ms} ms; target ≤ ${COLD_TARGET}: ${result.cold.met ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  stored: ${result.coldOutcome.failing} failing, ${result.coldOutcome.unknown} still unknown`,
    );
    console.log(
      `warm refresh, nothing changed: ship status ${warmShip.graphql + warmShip.restShipCalls} requests (${warmShip.graphql} GraphQL, ${warmShip.restShipCalls} REST); whole refresh ${warm.requests} (${warm.notModified} of them 304s), ${warm.ms} ms; target ≤ ${WARM_TARGET}: ${result.warmRefresh.met ? 'met' : 'MISSED'}`,
    );
    const out = join(
      dirname(fileURLToPath(import.meta.url)),
      'results',
      'ship-status-graphql.json',
    );
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${out}`);
  } finally {
    await app.close();
    await database.destroy();
    await emulator.close();
  }
}

await main();
