import { HTTP_TIMEOUT_MS } from '@shipdeck/shared/constants';
import { env } from '@/config/env';
import { getToken } from './token-storage';

const SESSION_URL = '/auth/me';

type EarlyRequest = {
  authorization: string;
  startedAt: number;
  response: Promise<Response>;
  /** The answer once its status has arrived; `null` when none came (network, timeout). */
  settled: Response | null | undefined;
};

let early: EarlyRequest | null = null;

/**
 * Sends the session check (`GET /auth/me` with the stored token) as the app starts, beside the
 * page's code instead of after it: a signed-in page waits on this answer before it draws anything
 * (its largest paint). The API client picks the answer up as its own (`takeEarlySessionResponse`)
 * and handles it like any other: 401, errors and toasts stay in one place.
 */
export function startEarlySessionRequest(): void {
  early = null;
  const token = getToken();
  if (token === null) return;
  const authorization = `Bearer ${token}`;
  const response = fetch(`${env.apiUrl}${SESSION_URL}`, {
    headers: { Accept: 'application/json', Authorization: authorization },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const request: EarlyRequest = {
    authorization,
    startedAt: performance.now(),
    response,
    settled: undefined,
  };
  // Also keeps a page that never asks from leaving an unhandled rejection; the taker still sees it.
  response.then(
    (answer) => (request.settled = answer),
    () => (request.settled = null),
  );
  early = request;
}

/** Whether the early answer may stand in for a check sent now with `authorization`. */
function isFresh(pending: EarlyRequest, authorization: string | undefined): boolean {
  return (
    authorization === pending.authorization &&
    performance.now() - pending.startedAt <= HTTP_TIMEOUT_MS
  );
}

/**
 * The early answer for this request, once: only the same session check with the same token,
 * and only while it is fresh (a later check, after a navigation, asks the server again).
 */
export function takeEarlySessionResponse(
  method: string,
  url: string,
  authorization: string | undefined,
): Promise<Response> | null {
  const pending = early;
  if (pending === null || method !== 'GET' || url !== SESSION_URL) return null;
  early = null;
  return isFresh(pending, authorization) ? pending.response : null;
}

/** Settles once the early session check has answered or failed; at once when none was sent. */
export function earlySessionAnswered(): Promise<void> {
  return early === null
    ? Promise.resolve()
    : early.response.then(
        () => undefined,
        () => undefined,
      );
}

/**
 * The body of the early session check, taken, when it has already answered with a success for
 * the stored token; otherwise `null`, and the answer stays for the API client, which handles a
 * 401 or an error like any other (sign-out, toast, /login).
 */
export function takeEarlySessionSuccess(): Promise<unknown> | null {
  const pending = early;
  const token = getToken();
  if (pending === null || token === null || !isFresh(pending, `Bearer ${token}`)) return null;
  if (!pending.settled?.ok) return null;
  early = null;
  return pending.settled.json() as Promise<unknown>;
}
