import {
  AxiosError,
  type AxiosResponse,
  AxiosHeaders,
  type InternalAxiosRequestConfig,
} from 'axios';
import { apiClient } from '@/lib/api-client';

export type MockReply = { status: number; body?: unknown } | 'network-error';
type Route = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export type RecordedRequest = {
  method: string;
  url: string;
  /** The query string as axios' `params`. */
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
};

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

export const ok = (data: unknown): MockReply => ({ status: 200, body: { success: true, data } });

/** What every answer read from the synced GitHub store carries: here, a finished sync. */
export const syncedState = {
  syncedAt: '2026-11-23T09:00:00.000Z',
  sync: { phase: null, done: null, total: null, lastError: null, lastAttemptAt: null },
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** GitHub answers written before the store existed get a finished sync's fields. */
function withSyncedState(url: string, reply: MockReply): MockReply {
  if (reply === 'network-error' || !url.startsWith('/api/github/') || reply.status !== 200) {
    return reply;
  }
  const body = reply.body;
  if (!isObject(body) || !isObject(body.data) || 'syncedAt' in body.data) return reply;
  return { ...reply, body: { ...body, data: { ...syncedState, ...body.data } } };
}

/** Routes the app shell and dashboard always call; answered (and not recorded) unless a test lists them. */
const backgroundRoutes: Record<string, Route> = {
  'GET /api/notifications': ok({
    notifications: [],
    pagination: { page: 1, perPage: 10, total: 0, totalPages: 1, hasNext: false, hasPrev: false },
    unreadCount: 0,
  }),
  'GET /api/github/sync': ok(syncedState),
  'GET /api/github/activity': ok({
    ...syncedState,
    daily: [],
    stats: { days: 30, activeRepos: 0, totalRepos: 0 },
    repositories: [],
  }),
};

/**
 * Replaces axios' network layer with a table of answers keyed "METHOD /path", so the real
 * api-client (interceptors, envelope parsing, error mapping) runs in every test.
 */
export function mockApi(routes: Record<string, Route>): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const request: RecordedRequest = {
      method,
      url,
      params: { ...(config.params as Record<string, unknown> | undefined) },
      body: parseBody(config.data),
      headers: AxiosHeaders.from(config.headers).toJSON(),
    };
    const key = `${method} ${url}`;
    if (routes[key] !== undefined || backgroundRoutes[key] === undefined) requests.push(request);
    const route = routes[key] ?? backgroundRoutes[key];
    if (route === undefined) throw new Error(`Unexpected request: ${method} ${url}`);
    const reply = withSyncedState(url, typeof route === 'function' ? await route(request) : route);
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return { requests };
}

export const fail = (
  status: number,
  message: string,
  code: string,
  errors?: { field: string; message: string }[],
): MockReply => ({
  status,
  body: { success: false, message, code, ...(errors ? { errors } : {}) },
});
