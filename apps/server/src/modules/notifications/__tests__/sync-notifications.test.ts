import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testDialects, useTestApp } from '../../../test-app.js';
import { updateSyncState } from '../../connections/sync-state.repository.js';
import { signInWithGithub, useEmulator, userIdOfGithubLogin } from '../../../test-github.js';
import { requestGithubSync } from '../../github-sync/request-github-sync.js';
import { requestVercelSync } from '../../vercel/vercel-sync-jobs.js';
import { githubSecret, vercelSecret } from '../../webhooks/__tests__/webhook-fixtures.js';
import { deliverGithubWebhook, signUpAsGithubUser } from '../../../test-webhooks.js';
import { dedupeKeys } from '../dedupe-keys.js';
import { notifyFailingChecks } from '../../github-sync/sync-change-notifications.js';
import { storePullRequest, storeRepository } from '../../github-store/__tests__/store-fixtures.js';
import { openPullsForShipState } from '../../ship-status/ship-state.repository.js';
import {
  ACCOUNT_RESOURCE,
  DETAILED_REPOSITORIES,
  SHIP_STATE_PULLS,
} from '../../github-sync/sync-constants.js';
import { syncGithubAccount } from '../../github-sync/sync-github-account.js';
import { syncGithubTeams } from '../../github-sync/sync-teams.js';
import { recentlyPushedRepositories } from '../../github-store/github-reads.repository.js';
import { connectVercel } from '../../../test-vercel.js';

const emulator = useEmulator({ repos: 12, richRepos: 4, projects: 2, deploymentStepMs: 20 });

/** Holds the emulator's webhook deliveries back, to hand them to the app after a sync. */
interface HeldDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
}
const held: HeldDelivery[] = [];
const catcher = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    held.push({ path: request.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(202).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(catcher.address() as AddressInfo).port}`;
  emulator.handle.webhooks.addGithubTarget({
    url: `${base}/webhooks/github`,
    secret: githubSecret,
  });
  emulator.handle.webhooks.addVercelTarget({
    url: `${base}/webhooks/vercel`,
    secret: vercelSecret,
  });
});
afterAll(() => new Promise<void>((resolve) => catcher.close(() => resolve())));

describe.each(testDialects)('notifications from the periodic syncs on %s', (dialect) => {
  const t = useTestApp(dialect, {
    webhooks: { githubSecret, vercelSecret, perMinute: 10_000 },
    get vercel() {
      return emulator.vercelConfig;
    },
    get github() {
      return emulator.githubConfig;
    },
  });

  const userIdOf = (login: string) => userIdOfGithubLogin(t.database.db, login);

  async function notificationsOf(userId: string) {
    return t.database.db
      .selectFrom('notifications')
      .select(['type', 'dedupe_key'])
      .where('user_id', '=', userId)
      .execute();
  }

  async function dataChangesOf(userId: string): Promise<string[][]> {
    const rows = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('user_id', '=', userId)
      .where('type', '=', 'data.changed')
      .execute();
    return rows.map((row) => (JSON.parse(row.payload) as { resources: string[] }).resources);
  }

  /** Delivers what the emulator sent meanwhile, as GitHub and Vercel would have. */
  async function deliverHeld(): Promise<void> {
    for (const delivery of held.splice(0)) {
      const response = await t.app.inject({
        method: 'POST',
        url: delivery.path,
        payload: delivery.body,
        headers: delivery.headers,
      });
      expect(response.statusCode).toBe(202);
    }
    await t.app.jobs.drain();
  }

  /** GitHub's `pull_request` delivery asking octocat to review `stored` (opened by hubot). */
  async function deliverReviewRequestedToOctocat(stored: {
    number: number;
    title: string;
    head_sha: string | null;
    repository_id: number | string;
    name: string;
    full_name: string;
    owner_login: string;
  }): Promise<void> {
    const body = JSON.stringify({
      action: 'review_requested',
      number: stored.number,
      pull_request: {
        number: stored.number,
        title: stored.title,
        merged: false,
        user: { login: 'hubot' },
        head: { sha: stored.head_sha },
      },
      requested_reviewer: { login: 'octocat' },
      repository: {
        id: Number(stored.repository_id),
        name: stored.name,
        full_name: stored.full_name,
        owner: { login: stored.owner_login },
      },
    });
    const delivered = await deliverGithubWebhook(t.app, 'pull_request', body);
    expect(delivered.statusCode).toBe(202);
  }

  const countBy = (rows: { dedupe_key: string }[], key: string) =>
    rows.filter((row) => row.dedupe_key === key).length;

  it('a merge seen by a refresh notifies once, and its webhook arriving too adds nothing', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    // The first sync brought years of history and told of none of it.
    const initial = await notificationsOf(userId);
    expect(
      initial.map((n) => n.type).filter((type) => type !== 'welcome' && type !== 'connect-vercel'),
    ).toEqual([]);

    // An open pull request the store holds from a repository's pull list.
    const open = await t.database.db
      .selectFrom('github_pull_requests')
      .innerJoin(
        'github_repositories',
        'github_repositories.id',
        'github_pull_requests.repository_id',
      )
      .select(['github_repositories.id as repository_id', 'github_repositories.full_name'])
      .where('github_pull_requests.state', '=', 'open')
      .where('github_pull_requests.draft', '=', 0)
      .where('github_pull_requests.head_sha', 'is not', null)
      .innerJoin(
        'github_repository_access',
        'github_repository_access.repository_id',
        'github_repositories.id',
      )
      .where('github_repository_access.user_id', '=', userId)
      .orderBy('github_repositories.pushed_at', 'desc')
      .executeTakeFirstOrThrow();
    held.length = 0;
    const activity = await emulator.handle.triggerActivity({
      kind: 'pull_request.merged',
      repo: open.full_name,
      waitForDeployment: false,
    });
    const mergedKey = dedupeKeys.pullRequestMerged(
      Number(open.repository_id),
      activity.pullNumber ?? 0,
    );
    const pushedKey = dedupeKeys.commitsPushed(
      Number(open.repository_id),
      activity.commitSha ?? '',
    );
    expect(held.length).toBeGreaterThan(0);

    await requestGithubSync(t.app, userId, 'refresh');
    await t.app.jobs.drain();
    const afterSync = await notificationsOf(userId);
    expect(countBy(afterSync, mergedKey)).toBe(1);
    expect(countBy(afterSync, pushedKey)).toBe(1);
    expect((await dataChangesOf(userId)).flat()).toContain('pull-requests');
    const repositoryEvents = await t.database.db
      .selectFrom('events')
      .select('payload')
      .where('user_id', '=', userId)
      .execute();
    expect(repositoryEvents.map((row) => JSON.parse(row.payload) as unknown)).toContainEqual({
      type: 'data.changed',
      resources: ['repository', 'commits', 'pull-requests'],
      repository: open.full_name,
    });

    await deliverHeld();
    const afterWebhook = await notificationsOf(userId);
    expect(countBy(afterWebhook, mergedKey)).toBe(1);
    expect(countBy(afterWebhook, pushedKey)).toBe(1);
    // The webhooks add only what no GitHub sync sees: the Vercel deployments the merge set off.
    const added = afterWebhook.filter(
      (item) => !afterSync.some((seen) => seen.dedupe_key === item.dedupe_key),
    );
    expect(added.filter((item) => !item.type.startsWith('deployment-'))).toEqual([]);
    expect(new Set(afterWebhook.map((item) => item.dedupe_key)).size).toBe(afterWebhook.length);

    // The bell shows it, through the API.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?type=pull-request-merged',
      headers: bearer(token),
    });
    expect(listed.json<{ data: { notifications: unknown[] } }>().data.notifications).toHaveLength(
      1,
    );
  }, 60_000);

  it('a failed deployment and a ready production one seen by a refresh notify once each, and their webhooks arriving too add nothing', async () => {
    const token = await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const beforeConnect = await notificationsOf(userId);
    await connectVercel(t.app, token, { token: emulator.handle.createVercelToken('octocat') });
    // Connecting brought the failed and ready deployments of the past: none is news.
    const initial = await notificationsOf(userId);
    const fromConnect = initial.filter(
      (n) => !beforeConnect.some((seen) => seen.dedupe_key === n.dedupe_key),
    );
    expect(fromConnect.filter((n) => n.type.startsWith('deployment-'))).toEqual([]);

    held.length = 0;
    // A project of this user's Vercel account (the emulator's world has other accounts' too).
    const project = await t.database.db
      .selectFrom('vercel_projects')
      .select(['link_org', 'link_repo'])
      .where('user_id', '=', userId)
      .where('link_repo_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const activity = await emulator.handle.triggerActivity({
      kind: 'deployment',
      outcome: 'ERROR',
      repo: `${project.link_org ?? ''}/${project.link_repo ?? ''}`,
    });
    const failedKey = dedupeKeys.deploymentFailed(activity.deploymentId ?? '');
    expect(activity.deploymentId).not.toBeNull();
    // And a production deployment of the default branch that becomes ready.
    const shipped = await emulator.handle.triggerActivity({
      kind: 'deployment',
      outcome: 'READY',
      repo: `${project.link_org ?? ''}/${project.link_repo ?? ''}`,
    });
    const readyKey = dedupeKeys.deploymentReady(shipped.deploymentId ?? '');
    expect(shipped.deploymentId).not.toBeNull();

    const changesBefore = (await dataChangesOf(userId)).length;
    await requestVercelSync(t.app, userId, 'refresh');
    await t.app.jobs.drain();
    const afterSync = await notificationsOf(userId);
    expect(countBy(afterSync, failedKey)).toBe(1);
    // A sync's failed-deployment notification opens the deployment's triage page too.
    const failedRow = await t.database.db
      .selectFrom('notifications')
      .select('link')
      .where('user_id', '=', userId)
      .where('dedupe_key', '=', failedKey)
      .executeTakeFirstOrThrow();
    expect(failedRow.link).toBe(`/deployments/${activity.deploymentId ?? ''}`);
    expect(countBy(afterSync, readyKey)).toBe(1);
    const changes = await dataChangesOf(userId);
    expect(changes.slice(changesBefore)).toContainEqual(['deployments', 'projects']);

    await deliverHeld();
    const afterWebhook = await notificationsOf(userId);
    expect(countBy(afterWebhook, failedKey)).toBe(1);
    expect(countBy(afterWebhook, readyKey)).toBe(1);
    expect(afterWebhook).toHaveLength(afterSync.length);
  }, 60_000);

  it('an approval and a request for changes a refresh reads are told once each to the author, and their webhooks arriving too add nothing', async () => {
    await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const reviewTypes = new Set(['pull-request-approved', 'changes-requested']);
    // The emulator outlives this app: an approval an earlier run (the other dialect) gave is news
    // to this user's sync already. Only what this test adds is compared.
    const earlier = new Set((await notificationsOf(userId)).map((item) => item.dedupe_key));
    const reviewsOf = async () =>
      (await notificationsOf(userId)).filter(
        (item) => reviewTypes.has(item.type) && !earlier.has(item.dedupe_key),
      );

    // An open pull request of octocat's whose ship state the sync refreshes.
    const candidates = await openPullsForShipState(t.database.db, userId, SHIP_STATE_PULLS);
    const authored = await t.database.db
      .selectFrom('github_pull_requests')
      .select('id')
      .where('author_login', '=', 'octocat')
      .where(
        'id',
        'in',
        candidates.map((pull) => Number(pull.id)),
      )
      .execute();
    const pull = candidates.find((candidate) =>
      authored.some((row) => Number(row.id) === Number(candidate.id)),
    );
    if (!pull) throw new Error('octocat has no open pull request the sync follows');
    const { world } = emulator.handle;
    const found = world.lookupRepo(pull.owner_login, pull.name);
    if (!found || !('repo' in found)) throw new Error('repository missing in the emulator');
    const history = world.history(found.repo.id);
    const reviewer = world.account('hubot');
    if (!reviewer) throw new Error('hubot missing in the emulator');
    // Earlier runs (the other dialect) reviewed this pull request too: start from none.
    history.data.reviews = history.data.reviews.filter((r) => r.pullNumber !== pull.number);
    const review = (state: 'APPROVED' | 'CHANGES_REQUESTED', submittedAt: string) => {
      const id = history.nextId();
      history.data.reviews.push({
        id,
        pullNumber: pull.number,
        userId: reviewer.id,
        body: '',
        state,
        submittedAt,
        commitId: pull.head_sha,
      });
      world.touch();
      return id;
    };
    /** A refresh as minutes later: GitHub answers stored within the last minute count as fresh. */
    const refresh = async () => {
      await t.database.db.updateTable('github_cache').set({ fetched_at: 0 }).execute();
      await requestGithubSync(t.app, userId, 'refresh');
      await t.app.jobs.drain();
    };

    // A verdict older than the look-back is history, not news.
    review('CHANGES_REQUESTED', new Date(Date.now() - 3 * 86_400_000).toISOString());
    await refresh();
    expect(await reviewsOf()).toEqual([]);

    const reviewId = review('APPROVED', new Date().toISOString());
    const key = dedupeKeys.review(Number(pull.repository_id), pull.number, reviewId);
    await refresh();
    expect(await reviewsOf()).toEqual([{ type: 'pull-request-approved', dedupe_key: key }]);

    // GitHub's pull_request_review delivery for the same approval.
    const body = JSON.stringify({
      action: 'submitted',
      review: { id: reviewId, state: 'approved', user: { login: 'hubot' } },
      pull_request: {
        number: pull.number,
        title: pull.title,
        merged: false,
        user: { login: 'octocat' },
        head: { sha: pull.head_sha },
      },
      repository: {
        id: Number(pull.repository_id),
        name: pull.name,
        full_name: `${pull.owner_login}/${pull.name}`,
        owner: { login: pull.owner_login },
      },
    });
    const delivered = await deliverGithubWebhook(t.app, 'pull_request_review', body);
    expect(delivered.statusCode).toBe(202);
    expect(await reviewsOf()).toEqual([{ type: 'pull-request-approved', dedupe_key: key }]);

    // Then the reviewer asks for changes: a refresh tells it once, its webhook adds nothing.
    const changesId = review('CHANGES_REQUESTED', new Date().toISOString());
    const changesKey = dedupeKeys.review(Number(pull.repository_id), pull.number, changesId);
    await refresh();
    const afterRefresh = await reviewsOf();
    expect(afterRefresh).toHaveLength(2);
    expect(afterRefresh).toContainEqual({ type: 'changes-requested', dedupe_key: changesKey });
    const changesBody = body
      .replace(`"id":${reviewId}`, `"id":${changesId}`)
      .replace('"state":"approved"', '"state":"changes_requested"');
    expect(changesBody).toContain(`"id":${changesId}`);
    const changesDelivered = await deliverGithubWebhook(t.app, 'pull_request_review', changesBody);
    expect(changesDelivered.statusCode).toBe(202);
    expect(await reviewsOf()).toEqual(afterRefresh);
  }, 60_000);

  it('a review request a refresh reads is told once to the reviewer, and its webhook arriving too adds nothing', async () => {
    await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const { world } = emulator.handle;
    const octocat = world.account('octocat');
    if (!octocat) throw new Error('octocat missing in the emulator');
    // An open pull request by someone else, from a repository whose pull list the refresh reads.
    const stored = await t.database.db
      .selectFrom('github_pull_requests')
      .innerJoin(
        'github_repositories',
        'github_repositories.id',
        'github_pull_requests.repository_id',
      )
      .innerJoin(
        'github_repository_access',
        'github_repository_access.repository_id',
        'github_repositories.id',
      )
      .select([
        'github_repositories.id as repository_id',
        'github_repositories.full_name',
        'github_repositories.name',
        'github_repositories.owner_login',
        'github_pull_requests.number',
        'github_pull_requests.title',
        'github_pull_requests.head_sha',
      ])
      .where('github_repository_access.user_id', '=', userId)
      .where('github_pull_requests.state', '=', 'open')
      .where('github_pull_requests.head_sha', 'is not', null)
      .where('github_pull_requests.author_login', '!=', 'octocat')
      .orderBy('github_repositories.pushed_at', 'desc')
      .executeTakeFirstOrThrow();
    const found = world.lookupRepo(stored.owner_login, stored.name);
    if (!found || !('repo' in found)) throw new Error('repository missing in the emulator');
    const pull = world.history(found.repo.id).data.pulls.find((p) => p.number === stored.number);
    if (!pull) throw new Error('pull request missing in the emulator');
    const key = dedupeKeys.reviewRequested(Number(stored.repository_id), stored.number, 'octocat');
    const requestsOf = async () => countBy(await notificationsOf(userId), key);
    const refresh = async () => {
      await t.database.db.updateTable('github_cache').set({ fetched_at: 0 }).execute();
      await requestGithubSync(t.app, userId, 'refresh');
      await t.app.jobs.drain();
    };
    const storedReviewers = async () =>
      (
        await t.database.db
          .selectFrom('github_pull_requests')
          .select('requested_reviewers')
          .where('repository_id', '=', Number(stored.repository_id))
          .where('number', '=', stored.number)
          .executeTakeFirstOrThrow()
      ).requested_reviewers;
    /**
     * Refreshes until the store holds what GitHub now says: a refresh asked for while one is
     * queued or just ran is folded into it (pg-boss's singleton), so one call may read nothing.
     */
    const refreshUntil = async (done: (reviewers: string) => boolean) => {
      for (let i = 0; i < 20 && !done(await storedReviewers()); i++) {
        await refresh();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // Start from a pull request that does not ask octocat (an earlier run, the other dialect,
    // may have asked), as the store knows it.
    pull.requestedReviewerIds = pull.requestedReviewerIds.filter((id) => id !== octocat.id);
    pull.updatedAt = new Date().toISOString();
    world.touch();
    await refreshUntil((reviewers) => !reviewers.includes('"octocat"'));
    expect(await requestsOf()).toBe(0);

    pull.requestedReviewerIds = [...pull.requestedReviewerIds, octocat.id];
    // GitHub's updated_at counts whole seconds, and a refresh reads a pull list again only when
    // it moved: a second later at least, as two real changes in a row would be.
    pull.updatedAt = new Date(
      Math.max(Date.now(), Date.parse(pull.updatedAt) + 1_000),
    ).toISOString();
    world.touch();
    await refreshUntil((reviewers) => reviewers.includes('"octocat"'));
    expect(await requestsOf()).toBe(1);

    // GitHub's pull_request delivery for the same request.
    await deliverReviewRequestedToOctocat(stored);
    expect(await requestsOf()).toBe(1);
  }, 60_000);

  it('a review request the team pass reads before the pull list is told once to the reviewer, and the list and its webhook after add nothing', async () => {
    await signInWithGithub(t.app);
    const userId = await userIdOf('octocat');
    const { world } = emulator.handle;
    const octocat = world.account('octocat');
    if (!octocat) throw new Error('octocat missing in the emulator');
    // An open pull request by someone else in one of octocat's team repositories whose pull list
    // the refresh reads too, not yet asked of octocat in this store (the test above asks one).
    const listed = (
      await recentlyPushedRepositories(t.database.db, userId, DETAILED_REPOSITORIES)
    ).map((repo) => Number(repo.id));
    const told = new Set((await notificationsOf(userId)).map((item) => item.dedupe_key));
    const candidates = await t.database.db
      .selectFrom('github_pull_requests')
      .innerJoin(
        'github_repositories',
        'github_repositories.id',
        'github_pull_requests.repository_id',
      )
      .innerJoin(
        'github_team_repositories',
        'github_team_repositories.repository_id',
        'github_repositories.id',
      )
      .innerJoin(
        'github_team_viewers',
        'github_team_viewers.team_id',
        'github_team_repositories.team_id',
      )
      .select([
        'github_pull_requests.id',
        'github_repositories.id as repository_id',
        'github_repositories.full_name',
        'github_repositories.name',
        'github_repositories.owner_login',
        'github_pull_requests.number',
        'github_pull_requests.title',
        'github_pull_requests.head_sha',
      ])
      .distinct()
      .where('github_team_viewers.user_id', '=', userId)
      .where('github_pull_requests.state', '=', 'open')
      .where('github_pull_requests.head_sha', 'is not', null)
      .where('github_pull_requests.author_login', '!=', 'octocat')
      .where('github_repositories.id', 'in', listed)
      .orderBy('github_pull_requests.id')
      .execute();
    const stored = candidates.find(
      (c) => !told.has(dedupeKeys.reviewRequested(Number(c.repository_id), c.number, 'octocat')),
    );
    if (!stored) throw new Error('no team pull request the pull list reads too');
    const found = world.lookupRepo(stored.owner_login, stored.name);
    if (!found || !('repo' in found)) throw new Error('repository missing in the emulator');
    const pull = world.history(found.repo.id).data.pulls.find((p) => p.number === stored.number);
    if (!pull) throw new Error('pull request missing in the emulator');
    const key = dedupeKeys.reviewRequested(Number(stored.repository_id), stored.number, 'octocat');
    const requests = async () =>
      (await notificationsOf(userId)).filter((item) => item.dedupe_key === key);
    /** Asks or stops asking octocat on GitHub, a second later at least (whole seconds). */
    const ask = (asked: boolean) => {
      const others = pull.requestedReviewerIds.filter((id) => id !== octocat.id);
      pull.requestedReviewerIds = asked ? [...others, octocat.id] : others;
      pull.updatedAt = new Date(
        Math.max(Date.now(), Date.parse(pull.updatedAt) + 1_000),
      ).toISOString();
      world.touch();
    };
    // Direct calls, not queued jobs: nothing else reads GitHub between them, so which pass saw
    // the request first is certain. Each runs as minutes later: cached answers no longer count as
    // fresh, and the search pace (30 a minute, which the tests above spent) has room again.
    const fresh = async () => {
      await t.database.db.updateTable('github_cache').set({ fetched_at: 0 }).execute();
      await t.database.db.deleteFrom('github_rate_windows').execute();
      emulator.handle.resetRateLimits();
    };
    const teamPass = async () => {
      await fresh();
      await syncGithubTeams(t.app, { userId });
    };
    const storedRow = () =>
      t.database.db
        .selectFrom('github_pull_requests')
        .select(['requested_reviewers', 'mergeable'])
        .where('id', '=', Number(stored.id))
        .executeTakeFirstOrThrow();

    // A row as the search and the ship-state pass leave it (a head, no reviewers known yet): the
    // team pass describing it tells nothing, since every request would look new against it.
    ask(true);
    await t.database.db
      .updateTable('github_pull_requests')
      .set({ requested_reviewers: '[]', head_ref: null, mergeable: null })
      .where('id', '=', Number(stored.id))
      .execute();
    await teamPass();
    expect((await storedRow()).requested_reviewers).toContain('"octocat"');
    expect((await storedRow()).mergeable).not.toBeNull();
    expect(await requests()).toEqual([]);

    ask(false);
    await teamPass();
    expect((await storedRow()).requested_reviewers).not.toContain('"octocat"');
    expect(await requests()).toEqual([]);

    // GitHub asks octocat; the team pass reads it before any pull list does.
    ask(true);
    await teamPass();
    expect((await storedRow()).requested_reviewers).toContain('"octocat"');
    expect(await requests()).toEqual([{ type: 'review-requested', dedupe_key: key }]);

    // The refresh's pull list then reads the same request (answered 200, so it compared).
    emulator.handle.requestLog.clear();
    await fresh();
    await syncGithubAccount(t.app, { userId, reason: 'refresh' });
    await t.app.jobs.drain();
    const pullsPath = `/repos/${stored.full_name}/pulls?`;
    expect(
      emulator.handle.requestLog
        .list({ area: 'github' })
        .filter((entry) => entry.url.includes(pullsPath))
        .map((entry) => entry.status),
    ).toEqual([200]);
    expect(await requests()).toHaveLength(1);

    // GitHub's pull_request delivery for the same request.
    await deliverReviewRequestedToOctocat(stored);
    expect(await requests()).toHaveLength(1);
  }, 60_000);

  it('failing checks a sync sees are told once to the pull request author, past their first sync', async () => {
    const owner = await signUpAsGithubUser(t, 'ck-owner');
    const author = await signUpAsGithubUser(t, 'ck-author');
    const newcomer = await signUpAsGithubUser(t, 'ck-new');
    for (const userId of [owner.userId, author.userId]) {
      await updateSyncState(
        t.database.db,
        { userId, provider: 'github', resource: ACCOUNT_RESOURCE },
        { last_success_at: new Date().toISOString() },
      );
    }
    await storeRepository(t.database.db, owner.userId, {
      id: 7171,
      owner: 'ck-owner',
      name: 'api',
    });
    const now = new Date().toISOString();
    const pull = {
      repositoryId: 7171,
      number: 3,
      headSha: 'feedbeef',
      createdAt: now,
      updatedAt: now,
    };
    await storePullRequest(t.database.db, {
      id: 717_103,
      repository_id: 7171,
      number: 3,
      author_login: 'ck-author',
      head_sha: 'feedbeef',
    });
    // Seen by two syncs (the owner's and the author's): one item, for the author only.
    await notifyFailingChecks(t.app, { ...pull, previousChecks: 'passing' });
    await notifyFailingChecks(t.app, { ...pull, previousChecks: 'failing' });
    const key = dedupeKeys.checksFailed(7171, 3, 'feedbeef');
    expect(countBy(await notificationsOf(author.userId), key)).toBe(1);
    expect(countBy(await notificationsOf(owner.userId), key)).toBe(0);

    // A stale failure (the pull request untouched for days) is history, not news.
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await storePullRequest(t.database.db, {
      id: 717_104,
      repository_id: 7171,
      number: 4,
      author_login: 'ck-author',
      head_sha: 'oldbeef',
    });
    await notifyFailingChecks(t.app, {
      repositoryId: 7171,
      number: 4,
      headSha: 'oldbeef',
      createdAt: old,
      updatedAt: old,
      previousChecks: 'passing',
    });
    expect(
      countBy(await notificationsOf(author.userId), dedupeKeys.checksFailed(7171, 4, 'oldbeef')),
    ).toBe(0);

    // Whose first sync has not finished hears of nothing yet.
    await storePullRequest(t.database.db, {
      id: 717_105,
      repository_id: 7171,
      number: 5,
      author_login: 'ck-new',
      head_sha: 'newbeef',
    });
    await notifyFailingChecks(t.app, {
      ...pull,
      number: 5,
      headSha: 'newbeef',
      previousChecks: 'passing',
    });
    expect(await notificationsOf(newcomer.userId)).toEqual([]);

    // The check_run webhook for the same failure arriving afterwards adds nothing.
    const body = JSON.stringify({
      action: 'completed',
      check_run: {
        name: 'ci / test',
        head_sha: 'feedbeef',
        conclusion: 'failure',
        pull_requests: [{ number: 3 }],
      },
      repository: {
        id: 7171,
        name: 'api',
        full_name: 'ck-owner/api',
        owner: { login: 'ck-owner' },
      },
    });
    const delivered = await deliverGithubWebhook(t.app, 'check_run', body);
    expect(delivered.statusCode).toBe(202);
    expect(countBy(await notificationsOf(author.userId), key)).toBe(1);
  });
});
