import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, type TransportRequest } from '@/lib/api-client';
import { startEarlySessionRequest } from '@/lib/early-session-request';

function sessionCheck(authorization: string): TransportRequest {
  return {
    method: 'GET',
    url: '/auth/me',
    params: {},
    body: undefined,
    headers: { Accept: 'application/json', Authorization: authorization },
    signal: new AbortController().signal,
  };
}

function answering(...names: string[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const name of names) {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ data: { user: { name } } })));
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early session request', () => {
  it('is sent at once and answers the first session check, which sends nothing more', async () => {
    window.localStorage.setItem('token', 'abc');
    const fetchMock = answering('early', 'later');

    startEarlySessionRequest();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/me');
    const first = await fetchTransport(sessionCheck('Bearer abc'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(first).toMatchObject({ status: 200, data: { data: { user: { name: 'early' } } } });

    // Used once: the next check asks the server again.
    const second = await fetchTransport(sessionCheck('Bearer abc'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(second.data).toEqual({ data: { user: { name: 'later' } } });
  });

  it('is not used for another token', async () => {
    window.localStorage.setItem('token', 'abc');
    const fetchMock = answering('early', 'other');

    startEarlySessionRequest();
    const answer = await fetchTransport(sessionCheck('Bearer xyz'));

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(answer.data).toEqual({ data: { user: { name: 'other' } } });
  });

  it('is not sent without a stored token', () => {
    const fetchMock = answering();

    startEarlySessionRequest();

    expect(fetchMock).not.toHaveBeenCalled();
  });
});
