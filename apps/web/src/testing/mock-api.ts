import { setTransport, type TransportRequest } from '@/lib/api-client';

export type MockReply = { status: number; body?: unknown } | 'network-error';
type Route = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export type RecordedRequest = {
  method: string;
  url: string;
  /** The query parameters exactly as the caller passed them. */
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
};

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
  // The profile asks whether a new email waits for confirmation.
  'GET /api/account/email-change': {
    status: 200,
    body: { success: true, data: { pending: null } },
  },
  // An installation with an OAuth app on github.com; tests of other set-ups list their own.
  'GET /api/meta': {
    status: 200,
    body: {
      success: true,
      data: {
        demoMode: false,
        githubSignIn: true,
        githubWebUrl: 'https://github.com',
        version: 'test',
        signups: 'open',
        signupEmailDomains: [],
        mail: false,
      },
    },
  },
  'GET /api/notifications': {
    status: 200,
    body: {
      success: true,
      data: {
        notifications: [],
        pagination: {
          page: 1,
          perPage: 10,
          total: 0,
          totalPages: 1,
          hasNext: false,
          hasPrev: false,
        },
        unreadCount: 0,
      },
    },
  },
  // A stored token of unknown expiry asks once (lib/api-client.ts); far off, so nothing renews.
  'GET /auth/session': {
    status: 200,
    body: {
      success: true,
      data: { expiresAt: '2099-01-08T00:00:00.000Z', renewAt: '2099-01-04T12:00:00.000Z' },
    },
  },
  // The dashboard's "Your teams" card: a person in no team (tests of teams list their own).
  'GET /api/teams': {
    status: 200,
    body: { success: true, data: { teams: [], notice: null, syncedAt: null } },
  },
  'GET /api/github/sync': { status: 200, body: { success: true, data: syncedState } },
  'GET /api/vercel/sync': { status: 200, body: { success: true, data: syncedState } },
  'GET /api/github/activity': {
    status: 200,
    body: {
      success: true,
      data: {
        ...syncedState,
        daily: [],
        stats: { days: 30, activeRepos: 0, totalRepos: 0 },
        repositories: [],
      },
    },
  },
};

/**
 * Replaces the client's network layer with a table of answers keyed "METHOD /path", so the
 * real api-client (headers, envelope parsing, error mapping) runs in every test.
 */
export function mockApi(routes: Record<string, Route>): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  setTransport(async ({ method, url, params, body, headers }: TransportRequest) => {
    // JSON round trip: the server sees what fetch would send, not the caller's object.
    const sent = body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown);
    const request: RecordedRequest = { method, url, params: { ...params }, body: sent, headers };
    const key = `${method} ${url}`;
    if (routes[key] !== undefined || backgroundRoutes[key] === undefined) requests.push(request);
    const route = routes[key] ?? backgroundRoutes[key];
    if (route === undefined) throw new Error(`Unexpected request: ${method} ${url}`);
    const reply = withSyncedState(url, typeof route === 'function' ? await route(request) : route);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return { status: reply.status, statusText: String(reply.status), data: reply.body ?? null };
  });
  return { requests };
}

export const ok = (data: unknown): MockReply => ({ status: 200, body: { success: true, data } });

export const fail = (
  status: number,
  message: string,
  code: string,
  errors?: { field: string; message: string }[],
): MockReply => ({
  status,
  body: { success: false, message, code, ...(errors ? { errors } : {}) },
});
