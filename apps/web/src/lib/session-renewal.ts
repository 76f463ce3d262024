import type { sessionTimesSchema, sessionTokenSchema } from '@shipdeck/shared/auth';
import { apiClient, REFRESH_URL, SESSION_TIMES_URL, setSessionRenewal, unwrap } from './api-client';
import { getToken, getTokenRenewal, setToken, setTokenRenewal } from './token-storage';

/** After a renewal that failed (network, 429), how long requests go on without trying again. */
const RENEWAL_RETRY_MS = 60_000;

let renewal: Promise<void> | null = null;
let renewalPausedUntil = 0;
/** The token whose renewal times were asked for on this page, so a failure is not asked again. */
let timesAskedFor: string | null = null;

/**
 * Past half its lifetime, the session is exchanged for a fresh one before the request goes, so
 * an active user never reaches its end and /login. One renewal at a time; requests wait for it.
 */
function renewSessionIfDue(): Promise<void> {
  const token = getToken();
  if (token === null) return Promise.resolve();
  if (getTokenRenewal() === null && timesAskedFor !== token) {
    timesAskedFor = token;
    renewal ??= learnSessionTimes().finally(() => {
      renewal = null;
    });
    return renewal.then(renewSessionIfDue);
  }
  const due = getTokenRenewal();
  const now = Date.now();
  if (due === null || now < due.renewAt || now < renewalPausedUntil) return Promise.resolve();
  renewal ??= renewSession().finally(() => {
    renewal = null;
  });
  return renewal;
}

/** A token stored without its expiry asks the server once, without replacing the token. */
async function learnSessionTimes(): Promise<void> {
  const asked = getToken();
  try {
    const response = await apiClient.get(SESSION_TIMES_URL, { skipErrorToast: true });
    const times = unwrap<typeof sessionTimesSchema>(response);
    if (asked !== null && getToken() === asked) setTokenRenewal(times.expiresAt, times.renewAt);
  } catch {
    // Not known this time: the token is used as it is, as before renewals existed.
  }
}

async function renewSession(): Promise<void> {
  const renewed = getToken();
  try {
    const response = await apiClient.post(REFRESH_URL, undefined, { skipErrorToast: true });
    const session = unwrap<typeof sessionTokenSchema>(response);
    // A sign-out or another account's sign-in meanwhile wins over this renewal.
    if (renewed !== null && getToken() === renewed) {
      setToken(session.token, session.expiresAt, renewed);
    }
  } catch {
    // The current token still has up to half its life; requests go on with it and retry later.
    renewalPausedUntil = Date.now() + RENEWAL_RETRY_MS;
  }
}

/** Renews the session before requests from here on; the signed-in pages call it as they load. */
export function installSessionRenewal(): void {
  setSessionRenewal(renewSessionIfDue);
}
