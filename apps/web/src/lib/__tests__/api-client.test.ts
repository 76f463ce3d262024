import { errorMessages } from '@shipdeck/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { apiClient, setUnauthorizedHandler } from '@/lib/api-client';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { fail, mockApi, ok } from '@/testing/mock-api';

async function failure(request: Promise<unknown>): Promise<ApiError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('sends the stored token as a bearer header', async () => {
    window.localStorage.setItem('token', 'abc');
    const { requests } = mockApi({ 'GET /auth/me': ok({}) });

    await apiClient.get('/auth/me');

    expect(requests[0]?.headers.Authorization).toBe('Bearer abc');
  });

  it('sends no authorization header without a token', async () => {
    const { requests } = mockApi({ 'GET /health': ok({}) });

    await apiClient.get('/health');

    expect(requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('on 401 removes the token and sends the user to /login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    window.localStorage.setItem('token', 'expired');
    mockApi({ 'GET /auth/me': fail(401, errorMessages.unauthorized, 'UNAUTHORIZED') });

    const error = await failure(apiClient.get('/auth/me'));

    expect(error.status).toBe(401);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('on 401 empties the query cache, which registered itself when it loaded', async () => {
    const { queryClient } = await import('@/lib/query-client');
    queryClient.setQueryData(['repositories'], ['octocat/hello']);
    window.localStorage.setItem('token', 'expired');
    mockApi({ 'GET /auth/me': fail(401, errorMessages.unauthorized, 'UNAUTHORIZED') });

    await failure(apiClient.get('/auth/me'));

    expect(queryClient.getQueryData(['repositories'])).toBeUndefined();
  });

  it('leaves the session alone on the login request’s own 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    window.localStorage.setItem('token', 'other-session');
    mockApi({
      'POST /auth/login': fail(401, errorMessages.invalidCredentials, 'INVALID_CREDENTIALS'),
    });

    const error = await failure(apiClient.post('/auth/login', {}));

    expect(getErrorMessage(error, 'fallback')).toBe(errorMessages.invalidCredentials);
    expect(window.localStorage.getItem('token')).toBe('other-session');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps 5xx to the server-error text and hides the server’s own message', async () => {
    mockApi({ 'GET /auth/me': fail(500, 'database exploded', 'INTERNAL_ERROR') });

    const error = await failure(apiClient.get('/auth/me'));

    expect(error.message).toBe(errorMessages.server);
    expect(getErrorMessage(error, 'fallback')).toBe('fallback');
  });

  it('maps a missing response to the network-error text', async () => {
    mockApi({ 'GET /auth/me': 'network-error' });

    const error = await failure(apiClient.get('/auth/me'));

    expect(error.status).toBeNull();
    expect(error.message).toBe(errorMessages.network);
  });

  it('passes other statuses on with the server’s message, code and field errors', async () => {
    mockApi({
      'PUT /auth/profile': fail(409, errorMessages.emailTaken, 'CONFLICT', [
        { field: 'email', message: errorMessages.emailTaken },
      ]),
    });

    const error = await failure(apiClient.put('/auth/profile', {}));

    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: errorMessages.emailTaken,
    });
    expect(error.fieldErrors).toEqual([{ field: 'email', message: errorMessages.emailTaken }]);
  });
});
