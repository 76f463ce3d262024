import type { SlackPayload } from './reminder-message.js';

/** Slack's answers that mean the channel will never take this webhook again. */
export const SLACK_GONE_REASONS = [
  'channel_not_found',
  'channel_is_archived',
  'action_prohibited',
] as const;
export type SlackGoneReason = (typeof SLACK_GONE_REASONS)[number];

export type SlackOutcome =
  | { kind: 'sent' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'gone'; status: number; reason: SlackGoneReason }
  | { kind: 'failed'; status: number; body: string; retry: boolean }
  | { kind: 'unreachable' };

// Slack answers in a second or two; a webhook that holds the connection longer is not Slack.
const TIMEOUT_MS = 10_000;
const GONE_STATUS: Record<number, SlackGoneReason> = {
  404: 'channel_not_found',
  410: 'channel_is_archived',
  403: 'action_prohibited',
};

/** Slack's `Retry-After` in seconds (a date is allowed by HTTP too); a minute when absent. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (value === null) return 60;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 60 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Posts one message to a Slack incoming webhook and says how it went. Redirects are not
 * followed (the allowed origin is the only address called), and no error carries the URL.
 */
export async function postToSlack(url: string, payload: SlackPayload): Promise<SlackOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body = (await response.text().catch(() => '')).trim().slice(0, 200);
  if (response.status === 200) return { kind: 'sent' };
  if (response.status === 429) {
    return {
      kind: 'rate-limited',
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    };
  }
  const gone = GONE_STATUS[response.status];
  // Slack's body names the reason; the status alone is enough when a proxy dropped the body.
  if (gone) {
    const reason = (SLACK_GONE_REASONS as readonly string[]).includes(body)
      ? (body as SlackGoneReason)
      : gone;
    return { kind: 'gone', status: response.status, reason };
  }
  return { kind: 'failed', status: response.status, body, retry: response.status >= 500 };
}
