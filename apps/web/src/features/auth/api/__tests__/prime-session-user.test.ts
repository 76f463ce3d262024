import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, type TransportRequest } from '@/lib/api-client';
import { startEarlySessionRequest } from '@/lib/early-session-request';
import { queryClient } from '@/lib/query-client';
import { buildUser } from '@/testing/test-data';
import { primeSessionUser, SESSION_WAIT_MS } from '../prime-session-user';
import { meQueryKey } from '../session-user';

const sessionCheck: TransportRequest = {
  method: 'GET',
  url: '/auth/me',
  params: {},
  body: undefined,
  headers: { Accept: 'application/json', Authorization: 'Bearer abc' },
  signal: new AbortController().signal,
};

function answering(...answers: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('priming the session before a signed-in page renders', () => {
  it("puts the early session check's user into the cache without asking again", async () => {
    window.localStorage.setItem('token', 'abc');
    const user = buildUser();
    const fetchMock = answering(json({ success: true, data: { user } }));

    startEarlySessionRequest();
    await primeSessionUser();

    expect(queryClient.getQueryData(meQueryKey)).toEqual(user);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('leaves a failed check to the API client, which gets that same answer', async () => {
    window.localStorage.setItem('token', 'abc');
    const unauthorized = { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' };
    const fetchMock = answering(json(unauthorized, 401));

    startEarlySessionRequest();
    await primeSessionUser();

    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
    const answer = await fetchTransport(sessionCheck);
    expect(answer).toMatchObject({ status: 401, data: unauthorized });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('does not wait on a slow answer longer than SESSION_WAIT_MS', async () => {
    vi.useFakeTimers();
    window.localStorage.setItem('token', 'abc');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined)),
    );

    startEarlySessionRequest();
    let done = false;
    void primeSessionUser().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(SESSION_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(done).toBe(true);
    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
  });

  it('does nothing without a stored session', async () => {
    const fetchMock = answering();

    startEarlySessionRequest();
    await primeSessionUser();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
  });
});
