import { randomBytes } from 'node:crypto';
import { BodyTooLargeError, readBody } from '../http/read-body.js';
import type { Reply } from '../http/reply.js';
import { textReply } from '../http/reply.js';
import type { Area, IncomingContext } from '../http/server.js';
import type { SlackInbox } from './slack-inbox.js';

/** Where the emulator's Slack incoming webhooks live: `<origin>/_emulator/slack/services/T…/B…/…`. */
export const SLACK_BASE = '/_emulator/slack';
export const SLACK_SERVICES_PATH = `${SLACK_BASE}/services/`;

const WEBHOOK_PATH = /^\/services\/T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{24}$/;

/**
 * Slack's plain-text error bodies per status, as its incoming webhooks answer them
 * (api.slack.com changelog 2016-05-17, "Improving error conditions for Incoming Webhooks").
 */
export const SLACK_ERROR_BODIES: Readonly<Record<number, string>> = {
  400: 'invalid_payload',
  403: 'action_prohibited',
  404: 'channel_not_found',
  410: 'channel_is_archived',
  429: 'rate_limited',
  500: 'rollup_error',
};

/** A fresh webhook path in Slack's shape (team, bot and secret), for tests and the demo. */
export function newSlackWebhookPath(): string {
  const id = (length: number): string =>
    randomBytes(length)
      .toString('hex')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, length);
  const secret = randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24);
  return `/services/T${id(10)}/B${id(10)}/${secret}`;
}

function slackError(status: number, retryAfterSeconds: number | null = null): Reply {
  const reply = textReply(status, SLACK_ERROR_BODIES[status] ?? SLACK_ERROR_BODIES[500] ?? '');
  if (status === 429) reply.headers['retry-after'] = String(retryAfterSeconds ?? 1);
  return reply;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A Slack incoming-webhook receiver: a JSON `{text?, blocks?}` POSTed to a webhook path answers
 * 200 `ok` and is recorded in the inbox; faults (area `slack`) answer Slack's own error bodies.
 */
export function slackArea(inbox: SlackInbox): Area {
  return {
    name: 'slack',
    faultable: true,
    async handle(ctx: IncomingContext): Promise<Reply> {
      const path = ctx.url.pathname.slice(SLACK_BASE.length);
      if (ctx.method !== 'POST') return textReply(405, 'invalid_method');
      if (!WEBHOOK_PATH.test(path)) return textReply(404, 'no_service');
      let raw: string;
      try {
        raw = (await readBody(ctx.req)).toString('utf8');
      } catch (error) {
        if (error instanceof BodyTooLargeError) return slackError(400);
        throw error;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        return slackError(400);
      }
      if (!isRecord(payload)) return slackError(400);
      const text = typeof payload.text === 'string' ? payload.text : null;
      const blocks = Array.isArray(payload.blocks) ? (payload.blocks as unknown[]) : null;
      if (payload.blocks !== undefined && blocks === null) return textReply(400, 'invalid_blocks');
      if (text === null && (blocks === null || blocks.length === 0))
        return textReply(400, 'no_text');
      inbox.record(path, text, blocks ?? []);
      return textReply(200, 'ok', 'text/html');
    },
    errorReply: (status, faults) => slackError(status, faults?.retryAfterSeconds ?? null),
  };
}
