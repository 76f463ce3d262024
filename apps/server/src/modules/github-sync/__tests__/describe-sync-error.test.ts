import { RequestError } from '@octokit/request-error';
import { describe, expect, it } from 'vitest';
import { describeSyncError } from '../sync-context.js';

const request = { method: 'GET' as const, url: 'https://api.github.com/user/repos', headers: {} };

describe('describeSyncError', () => {
  it('names the status GitHub answered with', () => {
    const error = new RequestError('Bad Gateway', 502, {
      request,
      response: { status: 502, url: request.url, headers: {}, data: '' },
    });
    expect(describeSyncError(error)).toBe('GitHub answered 502');
  });

  it('says GitHub could not be reached when the connection dropped (Octokit calls it a 500)', () => {
    const error = new RequestError('other side closed', 500, { request });
    expect(describeSyncError(error)).toBe('GitHub could not be reached');
  });
});
