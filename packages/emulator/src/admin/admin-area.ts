import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ACTIVITY_KINDS, type ActivityEngine } from '../activity/activity-engine.js';
import {
  checkRerunSettingsSchema,
  type CheckRerunSettings,
} from '../activity/check-rerun-settings.js';
import type { World } from '../data/world.js';
import type { FaultInjector } from '../faults/fault-injector.js';
import { faultRuleSchema } from '../faults/fault-rule.js';
import type { RateLimiter } from '../github/rate-limiter.js';
import { newSlackWebhookPath } from '../slack/slack-area.js';
import type { SlackInbox } from '../slack/slack-inbox.js';
import { readBody } from '../http/read-body.js';
import { jsonReply, textReply, type Reply } from '../http/reply.js';
import type { RequestLog } from '../http/request-log.js';
import type { Area, IncomingContext } from '../http/server.js';
import {
  githubWebhookTargetSchema,
  vercelWebhookTargetSchema,
} from '../webhooks/webhook-config.js';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { identiconSvg } from './avatar.js';

export const ADMIN_BASE = '/_emulator';

export interface AdminDeps {
  world: World;
  faults: FaultInjector;
  log: RequestLog;
  limiter: RateLimiter | null;
  activity: ActivityEngine;
  webhooks: WebhookDispatcher;
  slack: SlackInbox;
  urls(): Record<string, string>;
  createGithubToken(
    login: string,
    scopes?: string[],
    options?: { fineGrained?: boolean; app?: 'installation' | 'user' },
  ): string;
  createVercelToken(username: string): string;
  setCheckReruns(settings: Partial<CheckRerunSettings>): void;
  /** Null: open, as in tests and the CLI. */
  adminKey?: string | null;
}

/** A constant-time comparison, so the key cannot be guessed byte by byte from timings. */
function keyMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const tokenRequest = z.object({
  provider: z.enum(['github', 'vercel']).default('github'),
  login: z.string().min(1),
  scopes: z.array(z.string()).optional(),
  /** GitHub only: `fine-grained` (github_pat_…), `installation` (ghs_…), `app-user` (ghu_…). */
  kind: z.enum(['classic', 'fine-grained', 'installation', 'app-user']).default('classic'),
});

/**
 * `POST /_emulator/notifications`: a new thread for a user (or a bump of the user's thread on
 * the same subject), as if something happened on GitHub. `pull` makes a PullRequest subject
 * (`/repos/o/r/pulls/N`, title from the pull request when it exists); `issue` an Issue;
 * neither a CheckSuite (subject URL null).
 */
const notificationRequest = z.object({
  login: z.string().min(1),
  repo: z.string().regex(/^[^/]+\/[^/]+$/, 'must be owner/name'),
  reason: z.string().min(1).default('mention'),
  pull: z.number().int().positive().optional(),
  issue: z.number().int().positive().optional(),
  title: z.string().min(1).max(1_000).optional(),
  unread: z.boolean().default(true),
  /** ISO 8601; default now (at least a second after the user's newest thread). */
  updatedAt: z.string().datetime().optional(),
});

const activityRequest = z.object({
  kind: z.enum(ACTIVITY_KINDS).optional(),
  repo: z.string().optional(),
  outcome: z.enum(['READY', 'ERROR']).optional(),
  waitForDeployment: z.boolean().optional(),
  text: z.string().min(1).max(1_000).optional(),
  branch: z
    .string()
    .regex(/^[^\s~^:?*[\\]+$/, 'must be a git branch name')
    .max(200)
    .optional(),
});

const liveRequest = z.object({ intervalMs: z.number().int().min(50).max(3_600_000) });

const webhookRequest = z.discriminatedUnion('provider', [
  githubWebhookTargetSchema.extend({ provider: z.literal('github') }),
  vercelWebhookTargetSchema.extend({ provider: z.literal('vercel') }),
]);

class BadRequest extends Error {}

async function jsonBody<T>(ctx: IncomingContext, schema: z.ZodType<T>): Promise<T> {
  const raw = (await readBody(ctx.req)).toString('utf8');
  let value: unknown = {};
  if (raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BadRequest('Body is not valid JSON');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BadRequest(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  return parsed.data;
}

/** Test and operator controls under `/_emulator`: faults, request log, activity, tokens. */
export function adminArea(deps: AdminDeps): Area {
  const route = async (ctx: IncomingContext, path: string): Promise<Reply> => {
    const { method } = ctx;
    const avatar = /^\/avatars\/(\d+)\.svg$/.exec(path);
    if (avatar && method === 'GET') {
      return {
        ...textReply(200, identiconSvg(avatar[1] ?? ''), 'image/svg+xml'),
        headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
      };
    }
    switch (`${method} ${path}`) {
      case 'GET ':
      case 'GET /':
        return jsonReply(200, { emulator: 'shipdeck', urls: deps.urls() });
      case 'GET /health':
        return jsonReply(200, { ok: true });
      case 'GET /accounts':
        return jsonReply(200, {
          github: [...deps.world.accounts.values()].map((a) => ({
            login: a.login,
            id: a.id,
            type: a.type,
            name: a.name,
            tokens: [...deps.world.githubTokens.values()]
              .filter((t) => t.accountId === a.id && t.clientId === null)
              .map((t) => ({ token: t.token, scopes: t.scopes })),
          })),
          vercel: [...deps.world.vercel.users.values()].map((u) => ({
            username: u.username,
            uid: u.uid,
            tokens: [...deps.world.vercelTokens.values()]
              .filter((t) => t.uid === u.uid)
              .map((t) => t.token),
            teams: deps.world.vercel.teamsOf(u.uid).map((t) => ({ id: t.id, slug: t.slug })),
          })),
          oauthApps: [...deps.world.oauthApps.values()],
        });
      case 'POST /tokens': {
        const body = await jsonBody(ctx, tokenRequest);
        const token =
          body.provider === 'github'
            ? deps.createGithubToken(body.login, body.scopes, {
                fineGrained: body.kind === 'fine-grained',
                ...(body.kind === 'installation' ? { app: 'installation' as const } : {}),
                ...(body.kind === 'app-user' ? { app: 'user' as const } : {}),
              })
            : deps.createVercelToken(body.login);
        return jsonReply(201, { token });
      }
      case 'GET /requests': {
        const area = ctx.url.searchParams.get('area');
        const sinceId = ctx.url.searchParams.get('sinceId');
        const parsedArea = z
          .enum(['github', 'oauth', 'vercel', 'slack', 'admin', 'other'])
          .safeParse(area);
        return jsonReply(
          200,
          deps.log.list({
            area: parsedArea.success ? parsedArea.data : undefined,
            sinceId: sinceId ? Number(sinceId) : undefined,
          }),
        );
      }
      case 'DELETE /requests':
        deps.log.clear();
        return { status: 204, headers: {}, body: null };
      case 'GET /faults':
        return jsonReply(200, deps.faults.list());
      case 'POST /faults':
        return jsonReply(201, deps.faults.add(await jsonBody(ctx, faultRuleSchema)));
      case 'DELETE /faults':
        deps.faults.clear();
        return { status: 204, headers: {}, body: null };
      case 'PUT /check-reruns': {
        const body = await jsonBody(ctx, checkRerunSettingsSchema.partial());
        deps.setCheckReruns(body);
        return jsonReply(200, body);
      }
      case 'POST /rate-limit/reset':
        deps.limiter?.reset();
        return { status: 204, headers: {}, body: null };
      case 'POST /activity': {
        const body = await jsonBody(ctx, activityRequest);
        return jsonReply(200, await deps.activity.trigger(body));
      }
      case 'POST /activity/start': {
        const body = await jsonBody(ctx, liveRequest);
        deps.activity.start(body.intervalMs);
        return jsonReply(200, { running: true, intervalMs: body.intervalMs });
      }
      case 'POST /activity/stop':
        deps.activity.stop();
        return jsonReply(200, { running: false });
      case 'GET /webhooks':
        return jsonReply(200, deps.webhooks.deliveries);
      case 'POST /webhooks': {
        const body = await jsonBody(ctx, webhookRequest);
        if (body.provider === 'github') deps.webhooks.addGithubTarget(body);
        else deps.webhooks.addVercelTarget(body);
        return { status: 204, headers: {}, body: null };
      }
      case 'GET /notifications': {
        // A user's threads as stored (done, muted and read ones too): `?login=`.
        const login = ctx.url.searchParams.get('login') ?? '';
        const account = deps.world.account(login);
        if (!account) throw new Error(`Unknown account ${login}`);
        return jsonReply(200, deps.world.notifications.threadsOf(account.id));
      }
      case 'POST /notifications': {
        const body = await jsonBody(ctx, notificationRequest);
        const account = deps.world.account(body.login);
        if (!account) throw new Error(`Unknown account ${body.login}`);
        const [owner = '', name = ''] = body.repo.split('/');
        const found = deps.world.lookupRepo(owner, name);
        if (!found || !('repo' in found)) throw new Error(`Unknown repository ${body.repo}`);
        const pull =
          body.pull !== undefined ? deps.world.history(found.repo.id).pull(body.pull) : undefined;
        const path =
          body.pull !== undefined
            ? `/pulls/${body.pull}`
            : body.issue !== undefined
              ? `/issues/${body.issue}`
              : null;
        const thread = deps.world.notifications.notify({
          userId: account.id,
          repoId: found.repo.id,
          reason: body.reason,
          subject: {
            type:
              body.pull !== undefined
                ? 'PullRequest'
                : body.issue !== undefined
                  ? 'Issue'
                  : 'CheckSuite',
            title:
              body.title ??
              pull?.title ??
              (path === null
                ? `CI workflow run failed for ${found.repo.defaultBranch} branch`
                : 'Something happened'),
            path,
            latestCommentPath: path,
          },
          unread: body.unread,
          ...(body.updatedAt !== undefined ? { at: Date.parse(body.updatedAt) } : {}),
        });
        if (!thread)
          return jsonReply(409, { message: 'The thread is muted (subscription ignored)' });
        return jsonReply(201, { ...thread, threadId: String(thread.id) });
      }
      case 'GET /slack/messages': {
        // What the Slack receiver was sent: `?webhookPath=/services/T…/B…/…` for one webhook.
        const webhookPath = ctx.url.searchParams.get('webhookPath');
        return jsonReply(200, deps.slack.list(webhookPath ?? undefined));
      }
      case 'DELETE /slack/messages':
        deps.slack.clear();
        return { status: 204, headers: {}, body: null };
      case 'POST /slack/webhooks': {
        // A new incoming-webhook URL (any well-formed one is accepted; this only mints one).
        return jsonReply(201, { url: `${deps.urls().admin ?? ''}/slack${newSlackWebhookPath()}` });
      }
      case 'GET /data':
        return jsonReply(200, deps.world.toData());
      default: {
        const fault = /^\/faults\/([^/]+)$/.exec(path);
        if (fault && method === 'DELETE') {
          return deps.faults.remove(decodeURIComponent(fault[1] ?? ''))
            ? { status: 204, headers: {}, body: null }
            : jsonReply(404, { message: 'No such fault' });
        }
        return jsonReply(404, { message: 'Not Found' });
      }
    }
  };

  return {
    name: 'admin',
    faultable: false,
    async handle(ctx) {
      const path = ctx.url.pathname.slice(ADMIN_BASE.length);
      const isAvatar = path.startsWith('/avatars/');
      if (
        deps.adminKey &&
        !isAvatar &&
        !keyMatches(deps.adminKey, ctx.req.headers['x-emulator-key'])
      ) {
        return jsonReply(401, { message: 'The emulator admin API needs its key (x-emulator-key)' });
      }
      try {
        return await route(ctx, path);
      } catch (error) {
        if (error instanceof BadRequest) return jsonReply(400, { message: error.message });
        if (
          error instanceof Error &&
          /Unknown repository|No repository|Unknown account/.test(error.message)
        )
          return jsonReply(404, { message: error.message });
        throw error;
      }
    },
    errorReply: (status) => jsonReply(status, { message: 'Internal error' }),
  };
}
