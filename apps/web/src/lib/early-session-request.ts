import { HTTP_TIMEOUT_MS } from '@shipdeck/shared/constants';
import { env } from '@/config/env';
import { getToken } from './token-storage';

const SESSION_URL = '/auth/me';

type EarlyRequest = { authorization: string; startedAt: number; response: Promise<Response> };

let early: EarlyRequest | null = null;

/**
 * Sends the session check (`GET /auth/me` with the stored token) as the app starts, beside the
 * page's code instead of after it: a signed-in page waits on this answer before it draws anything
 * (its largest paint). The API client picks the answer up as its own (`takeEarlySessionResponse`)
 * and handles it like any other: 401, errors and toasts stay in one place.
 */
export function startEarlySessionRequest(): void {
  const token = getToken();
  if (token === null) return;
  const authorization = `Bearer ${token}`;
  const response = fetch(`${env.apiUrl}${SESSION_URL}`, {
    headers: { Accept: 'application/json', Authorization: authorization },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  // A page that never asks must not leave an unhandled rejection; the taker still sees it.
  response.catch(() => undefined);
  early = { authorization, startedAt: performance.now(), response };
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
  if (authorization !== pending.authorization) return null;
  if (performance.now() - pending.startedAt > HTTP_TIMEOUT_MS) return null;
  return pending.response;
}
