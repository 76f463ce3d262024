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
    requests.push(request);
    const route = routes[`${method} ${url}`];
    if (route === undefined) throw new Error(`Unexpected request: ${method} ${url}`);
    const reply = typeof route === 'function' ? await route(request) : route;
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
