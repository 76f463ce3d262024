import { HTTP_TIMEOUT_MS } from '@shipdeck/shared/constants';
import { signInErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { type QueryValue, toQueryString } from '@shipdeck/shared/query-string';
import { env } from '@/config/env';
import { ApiError } from './api-error';
import { takeEarlySessionResponse } from './early-session-request';
import { readErrorEnvelope } from './read-error-envelope';
import { toast } from './toast';
import { clearToken, getToken, getTokenRenewal } from './token-storage';

export const REFRESH_URL = '/auth/refresh';
export const SESSION_TIMES_URL = '/auth/session';

/**
 * Requests whose 401 means something other than "your session is gone". A refresh's 401 is one:
 * another tab may have renewed the same session first, and the next request, sent with the token
 * that tab stored, tells whether the session really ended.
 */
const OWN_401_URLS = new Set(['/auth/login', '/auth/logout', '/auth/exchange', REFRESH_URL]);

export type RequestConfig = {
  /** The query string; `undefined` and `null` values are left out. */
  params?: Record<string, QueryValue>;
  /** The caller explains this failure itself; skip the global 5xx/network toast. */
  skipErrorToast?: boolean;
  /** A JSON body for DELETE, which takes no body argument. */
  data?: unknown;
  signal?: AbortSignal;
};

/** What a successful request resolves with: the parsed JSON body and the HTTP status. */
export type ApiResponse<T = unknown> = { data: T; status: number };

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The router registers how to reach /login without a full reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const sessionEndListeners = new Set<() => void>();

/**
 * Runs `listener` whenever a 401 ends the session, once the token is gone. The query cache
 * registers itself here rather than being imported, so the sign-in pages (which need this
 * client but no cache) do not ship TanStack Query. Returns the unsubscribe function.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

function buildUrl(url: string, params: RequestConfig['params']): string {
  return `${env.apiUrl}${url}${toQueryString(params ?? {})}`;
}

/** One HTTP exchange as the client sees it; `params` are the caller's, not yet a query string. */
export type TransportRequest = {
  method: string;
  url: string;
  params: Record<string, QueryValue>;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
};
/** Rejects only when no answer arrived (network failure, timeout, abort). */
export type Transport = (
  request: TransportRequest,
) => Promise<{ status: number; statusText: string; data: unknown }>;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const fetchTransport: Transport = async ({ method, url, params, body, headers, signal }) => {
  const early =
    Object.keys(params).length === 0 && body === undefined
      ? takeEarlySessionResponse(method, url, headers.Authorization)
      : null;
  const response = await (early ??
    fetch(buildUrl(url, params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }));
  return {
    status: response.status,
    statusText: response.statusText,
    data: await readJson(response),
  };
};

let transport: Transport = fetchTransport;

/** Tests answer requests from a table instead of the network (see testing/mock-api.ts). */
export function setTransport(next: Transport): void {
  transport = next;
}

function toApiError(status: number | null, data: unknown, statusText: string): ApiError {
  if (status === null) {
    return new ApiError({
      message: signInErrorMessages.network,
      status: null,
      code: null,
      serverMessage: null,
      fieldErrors: [],
    });
  }
  const body = readErrorEnvelope(data);
  if (status >= 500) {
    return new ApiError({
      message: signInErrorMessages.server,
      status,
      code: body?.code ?? null,
      serverMessage: null,
      fieldErrors: [],
    });
  }
  return new ApiError({
    message: body?.message ?? (statusText || `Request failed with status code ${status}`),
    status,
    code: body?.code ?? null,
    serverMessage: body?.message ?? null,
    fieldErrors: body?.errors ?? [],
  });
}

function report(error: ApiError, url: string, config: RequestConfig): ApiError {
  if (error.status === 401 && !OWN_401_URLS.has(url)) {
    clearToken();
    for (const listener of sessionEndListeners) listener();
    onUnauthorized();
  } else if ((error.status === null || error.status >= 500) && !config.skipErrorToast) {
    // One toast per kind of failure, however many requests fail at once.
    toast.error(error.message, { id: error.message });
  }
  return error;
}

let renewBeforeRequest: (() => Promise<void>) | null = null;

/**
 * Signed-in pages install the session renewal (lib/session-renewal.ts) before their first
 * request; the sign-in pages, which hold no session, never load its code.
 */
export function setSessionRenewal(renew: () => Promise<void>): void {
  renewBeforeRequest = renew;
}

async function request<T>(
  method: string,
  url: string,
  body: unknown,
  config: RequestConfig = {},
  retried = false,
): Promise<ApiResponse<T>> {
  // Sign-in, sign-out and the refresh itself replace or end the session: nothing to renew first.
  if (renewBeforeRequest && !OWN_401_URLS.has(url) && url !== SESSION_TIMES_URL) {
    await renewBeforeRequest();
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  let answer: Awaited<ReturnType<Transport>>;
  try {
    answer = await transport({
      method,
      url,
      params: config.params ?? {},
      body,
      headers,
      signal: config.signal ? AbortSignal.any([timeout, config.signal]) : timeout,
    });
  } catch (error) {
    // A query cancelled by its caller is not a network failure worth a toast.
    if (config.signal?.aborted) throw error;
    throw report(toApiError(null, null, ''), url, config);
  }
  const { status, statusText, data } = answer;
  // Sent with a token that a renewal (here or in another tab) replaced while it was in flight:
  // the session lives on under the new token, so ask again with it instead of signing out.
  // Only after a renewal: a token replaced by another account's sign-in must not act for it.
  if (status === 401 && !retried && token !== null && getTokenRenewal()?.renewedFrom === token) {
    return request<T>(method, url, body, config, true);
  }
  if (status < 200 || status >= 300)
    throw report(toApiError(status, data, statusText), url, config);
  return { data: data as T, status };
}

/**
 * The one way the app talks to its server: JSON in and out, the bearer token from storage,
 * a timeout, and every failure turned into an `ApiError` (401 signs out, 5xx and network
 * failures toast unless `skipErrorToast`). Built on `fetch`, so no HTTP library ships.
 */
export const apiClient = {
  get: <T = unknown>(url: string, config?: RequestConfig) =>
    request<T>('GET', url, config?.data, config),
  delete: <T = unknown>(url: string, config?: RequestConfig) =>
    request<T>('DELETE', url, config?.data, config),
  post: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    request<T>('POST', url, body, config),
  put: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    request<T>('PUT', url, body, config),
  patch: <T = unknown>(url: string, body?: unknown, config?: RequestConfig) =>
    request<T>('PATCH', url, body, config),
};

/**
 * Reads `response.data.data` of the success envelope, typed by the shared schema the server
 * checked it against before sending (its response schemas): `unwrap<typeof userResultSchema>(r)`.
 * The browser does not parse it again: zod would add 24 KB gzipped to every page.
 */
export function unwrap<Schema extends { _output: unknown }>(
  response: ApiResponse<unknown>,
): Schema['_output'] {
  const body = response.data;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiError({
      message: signInErrorMessages.server,
      status: response.status,
      code: null,
      serverMessage: null,
      fieldErrors: [],
    });
  }
  return body.data;
}
