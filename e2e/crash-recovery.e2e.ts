import { createHmac, randomUUID } from 'node:crypto';
import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import { startEmulator } from '@shipdeck/emulator/start-emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessDatabase } from './support/server-process.js';
import {
  WEBHOOK_SECRET,
  call,
  createProcessDatabase,
  killAllServerProcesses,
  newEncryptionKey,
  processDialects,
  serverEnv,
  signUp,
  startServerProcess,
  waitFor,
} from './support/server-process.js';

const REPOSITORIES = 5_000;
const DELIVERIES = 200;
/** Slows the repository pages only, so a kill lands in the middle of the listing. */
const PAGE_LATENCY_RULE = 'crash-test-page-latency';

let emulator: EmulatorHandle;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    seed: 13,
    repos: REPOSITORIES,
    richRepos: 4,
    projects: 1,
    // Histories are made on demand: a background warm-up would compete with the servers for CPU.
    warmUp: false,
    now: new Date('2026-11-20T12:00:00Z'),
    rateLimits: false,
  });
}, 60_000);
afterAll(async () => emulator.close());
afterEach(async () => {
  emulator.faults.clear();
  await killAllServerProcesses();
});

/** What a sync leaves for one user: ids only, sorted, so two runs compare exactly. */
interface StoreSnapshot {
  repositories: string[];
  access: string[];
  pullRequests: string[];
  involvement: string[];
  commits: string[];
  syncResources: string[];
  snapshots: number;
}

async function column(database: ProcessDatabase, query: string): Promise<string[]> {
  const rows = await database.rows<{ value: string | number }>(query);
  return rows.map((row) => String(row.value)).sort();
}

async function storeSnapshot(database: ProcessDatabase, userId: string): Promise<StoreSnapshot> {
  const mine = `user_id = '${userId}'`;
  return {
    repositories: await column(database, 'select id as value from github_repositories'),
    access: await column(
      database,
      `select repository_id as value from github_repository_access where ${mine}`,
    ),
    pullRequests: await column(database, 'select id as value from github_pull_requests'),
    involvement: await column(
      database,
      `select pull_request_id as value from github_pull_request_involvement where ${mine}`,
    ),
    commits: await column(
      database,
      "select repository_id || ':' || sha as value from github_commits",
    ),
    syncResources: await column(
      database,
      `select resource as value from sync_state where ${mine} and provider = 'github'`,
    ),
    snapshots: (
      await column(database, `select user_id as value from github_daily_snapshots where ${mine}`)
    ).length,
  };
}

async function userIdOf(database: ProcessDatabase, email: string): Promise<string> {
  const [row] = await database.rows<{ id: string }>(
    `select id from users where email = '${email}'`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function syncStatus(baseUrl: string, token: string): Promise<SyncAnswer['data']> {
  const { body } = await call<SyncAnswer>(baseUrl, 'GET', '/api/github/sync', { token });
  return body.data;
}

/** Signs a new user up and connects the GitHub account `login` with its emulator token. */
async function connectedUser(baseUrl: string, login: string) {
  const { token, email } = await signUp(baseUrl, login.slice(0, 8));
  const connect = await call(baseUrl, 'PUT', '/auth/github', {
    token,
    body: { token: `ghp_emu_${login}` },
  });
  if (connect.status !== 200) throw new Error(`connect answered ${connect.status}`);
  return { token, email };
}

/** The reference: the same account synced once, undisturbed, by a server of its own. */
async function cleanRunSnapshot(): Promise<StoreSnapshot> {
  const database = await createProcessDatabase('sqlite');
  try {
    const server = await startServerProcess(serverEnv(emulator, database.url));
    const { token, email } = await connectedUser(server.url, 'octocat');
    await waitFor(
      async () => (await syncStatus(server.url, token)).syncedAt !== null,
      90_000,
      'the clean sync',
    );
    await server.kill('SIGTERM');
    return await storeSnapshot(database, await userIdOf(database, email));
  } finally {
    await database.drop();
  }
}

interface SyncAnswer {
  data: {
    syncedAt: string | null;
    sync: { phase: string | null; done: number | null; total: number | null };
  };
}

/** A merged pull request on a repository the user owns: one notification each. */
function mergedDelivery(login: string, number: number): { id: string; body: string } {
  const repository = {
    id: 990_013,
    name: 'crash-test',
    full_name: `${login}/crash-test`,
    owner: { login },
    default_branch: 'main',
  };
  return {
    id: randomUUID(),
    body: JSON.stringify({
      action: 'closed',
      number,
      pull_request: {
        number,
        title: `Crash test #${number}`,
        merged: true,
        user: { login },
        head: { sha: `${number}`.padStart(40, '0') },
      },
      repository,
    }),
  };
}

async function postDelivery(
  baseUrl: string,
  delivery: { id: string; body: string },
): Promise<number> {
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(delivery.body).digest('hex');
  const response = await fetch(`${baseUrl}/webhooks/github`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': delivery.id,
      'x-hub-signature-256': `sha256=${signature}`,
    },
    body: delivery.body,
  });
  await response.arrayBuffer();
  return response.status;
}

let reference: StoreSnapshot | undefined;

describe.each(processDialects)('a server killed with SIGKILL on %s', (dialect) => {
  beforeAll(async () => {
    reference ??= await cleanRunSnapshot();
    expect(reference.access.length).toBeGreaterThanOrEqual(REPOSITORIES);
  }, 120_000);

  it(`resumes an initial sync of ${REPOSITORIES} repositories killed half-way: same rows as a clean run`, async () => {
    const database = await createProcessDatabase(dialect);
    const env = serverEnv(emulator, database.url, {
      ENCRYPTION_KEY: newEncryptionKey(),
      // A dead process's job comes back after this (plus the first retry's delay).
      JOBS_EXPIRE_SECONDS: '8',
    });
    try {
      emulator.faults.add({
        id: PAGE_LATENCY_RULE,
        area: 'github',
        path: '/api/v3/user/repos',
        latencyMs: 100,
      });
      const first = await startServerProcess(env);
      const { token, email } = await connectedUser(first.url, 'octocat');
      let partial: SyncAnswer['data']['sync'] | undefined;
      await waitFor(
        async () => {
          const { sync } = await syncStatus(first.url, token);
          if (sync.phase === 'repositories' && (sync.done ?? 0) >= 1_000) partial = sync;
          return partial !== undefined;
        },
        30_000,
        'the sync to be part-way through the repositories',
      );
      await first.kill('SIGKILL');
      expect(partial?.done).toBeLessThan(REPOSITORIES);
      expect(database.integrity()).toBe('ok');
      const userId = await userIdOf(database, email);
      const atKill = await storeSnapshot(database, userId);
      expect(atKill.access.length).toBeLessThan(REPOSITORIES);

      emulator.faults.remove(PAGE_LATENCY_RULE);
      const second = await startServerProcess(env);
      await waitFor(
        async () => {
          const { syncedAt, sync } = await syncStatus(second.url, token);
          return syncedAt !== null && sync.phase === null;
        },
        90_000,
        'the resumed sync to finish',
      );
      await second.kill('SIGTERM');
      expect(database.integrity()).toBe('ok');
      expect(await storeSnapshot(database, userId)).toEqual(reference);
    } finally {
      await database.drop();
    }
  }, 180_000);

  it(`applies each of ${DELIVERIES} webhook deliveries once when killed while applying them`, async () => {
    const database = await createProcessDatabase(dialect);
    const env = serverEnv(emulator, database.url, {
      ENCRYPTION_KEY: newEncryptionKey(),
      JOBS_EXPIRE_SECONDS: '4',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000',
    });
    try {
      const first = await startServerProcess(env);
      const { email } = await connectedUser(first.url, 'hubot');
      const userId = await userIdOf(database, email);
      const applied = async () =>
        (
          await database.rows(
            'select delivery_id from webhook_deliveries where applied_at is not null',
          )
        ).length;

      const deliveries = Array.from({ length: DELIVERIES }, (_, n) =>
        mergedDelivery('hubot', n + 1),
      );
      // Posted 20 at a time while the worker applies them; what the kill cuts off (an error
      // instead of a 202) GitHub would redeliver, and so does this test.
      const answered = new Map<string, number>();
      const posting = (async () => {
        for (let start = 0; start < DELIVERIES; start += 20) {
          const batch = deliveries.slice(start, start + 20);
          const statuses = await Promise.all(
            batch.map((d) => postDelivery(first.url, d).catch(() => 0)),
          );
          batch.forEach((d, i) => answered.set(d.id, statuses[i] ?? 0));
        }
      })();
      await waitFor(async () => (await applied()) >= 40, 30_000, 'some deliveries applied');
      await first.kill('SIGKILL');
      await posting;
      expect(await applied()).toBeLessThan(DELIVERIES);
      expect(database.integrity()).toBe('ok');

      const second = await startServerProcess(env);
      for (const delivery of deliveries.filter((d) => answered.get(d.id) !== 202)) {
        expect(await postDelivery(second.url, delivery)).toBe(202);
      }
      await waitFor(async () => (await applied()) === DELIVERIES, 60_000, 'every delivery applied');
      await second.kill('SIGTERM');
      expect(database.integrity()).toBe('ok');

      const stored = await database.rows<{
        delivery_id: string;
        applied_at: string | null;
        last_error: string | null;
      }>('select delivery_id, applied_at, last_error from webhook_deliveries');
      expect(stored.map((row) => row.delivery_id).sort()).toEqual(
        deliveries.map((d) => d.id).sort(),
      );
      expect(stored.filter((row) => row.applied_at === null || row.last_error !== null)).toEqual(
        [],
      );
      const keys = await column(
        database,
        `select dedupe_key as value from notifications where user_id = '${userId}' and type = 'pull-request-merged'`,
      );
      expect(keys).toEqual(deliveries.map((_, n) => `pr-merged:990013:${n + 1}`).sort());
      const created = await database.rows<{ payload: string }>(
        `select payload from events where user_id = '${userId}' and type = 'notification.created'`,
      );
      const announced = created
        .map((e) => (JSON.parse(e.payload) as { notification: { title: string } }).notification)
        .filter((n) => n.title.startsWith('Merged: Crash test'));
      // Each notification reached the live stream exactly once.
      expect(announced.map((n) => n.title).sort()).toEqual(
        deliveries.map((_, n) => `Merged: Crash test #${n + 1}`).sort(),
      );
    } finally {
      await database.drop();
    }
  }, 180_000);
});
