import { RequestError } from '@octokit/request-error';
import type { Octokit } from '@octokit/rest';
import { errorMessages, githubInboxMessages } from '@shipdeck/shared/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../auth/users.table.js';
import { githubClientFor } from '../github-client/github-client.js';
import { savePollState } from './github-inbox.repository.js';
import { accessFromRefusal } from './poll-github-inbox.js';

function githubMessage(error: RequestError): string | null {
  const data: unknown = error.response?.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 200);
  }
  return null;
}

/**
 * A GitHub refusal as the answer to the person: what GitHub said and that nothing changed. A 403
 * for lack of scope (or a token kind that cannot use notifications) also records the inbox's
 * state, so the page says why at once.
 */
async function refusal(app: FastifyInstance, userId: string, error: unknown): Promise<AppError> {
  if (error instanceof AppError) return error;
  if (!(error instanceof RequestError)) {
    return new AppError(502, 'PROVIDER_ERROR', githubInboxMessages.unavailable);
  }
  const headers = error.response?.headers ?? {};
  const said = githubMessage(error);
  if (error.status === 401) {
    return new AppError(409, 'GITHUB_NOT_CONNECTED', errorMessages.githubTokenRevoked);
  }
  if (
    (error.status === 403 || error.status === 429) &&
    (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined)
  ) {
    const retryAfter = headers['retry-after'];
    return new AppError(
      429,
      'RATE_LIMITED',
      githubInboxMessages.rateLimited,
      undefined,
      retryAfter ? { 'retry-after': String(retryAfter) } : undefined,
    );
  }
  if (error.status === 403) {
    const access = accessFromRefusal(error);
    const message = /scope/i.test(said ?? '')
      ? githubInboxMessages.missingScope
      : access === 'unsupported-token'
        ? githubInboxMessages.unsupportedToken
        : `${githubInboxMessages.forbidden}${said ? `: ${said}` : ''}`;
    if (access === 'unsupported-token' || /scope/i.test(said ?? '')) {
      await savePollState(app.db, userId, { access });
    }
    return new AppError(403, 'FORBIDDEN', message);
  }
  if (error.status === 404) return new AppError(404, 'NOT_FOUND', githubInboxMessages.threadGone);
  if (error.status >= 500) {
    return new AppError(502, 'PROVIDER_ERROR', githubInboxMessages.unavailable);
  }
  return new AppError(
    409,
    'CONFLICT',
    `${githubInboxMessages.refused}${said ? `: ${said}` : ` (GitHub answered ${error.status})`}`,
  );
}

/**
 * Runs one write on GitHub through the user's client (modules/github-client); GitHub answers
 * first, and only an accepted write lets the caller change the local row. Answers GitHub's status.
 */
export async function writeToGithub(
  app: FastifyInstance,
  user: UserRow,
  write: (octokit: Octokit) => Promise<{ status: number }>,
): Promise<number> {
  try {
    const octokit = await githubClientFor(app, user);
    const response = await write(octokit);
    return response.status;
  } catch (error) {
    throw await refusal(app, user.id, error);
  }
}

export const githubWrites = {
  /** `PATCH /notifications/threads/{id}`: 205. */
  markRead: (threadId: string) => (octokit: Octokit) =>
    octokit.request('PATCH /notifications/threads/{thread_id}', { thread_id: Number(threadId) }),
  /** `DELETE /notifications/threads/{id}`: 204. */
  markDone: (threadId: string) => (octokit: Octokit) =>
    octokit.request('DELETE /notifications/threads/{thread_id}', { thread_id: Number(threadId) }),
  /** `PUT /notifications/threads/{id}/subscription {ignored: true}`: 200. */
  mute: (threadId: string) => (octokit: Octokit) =>
    octokit.request('PUT /notifications/threads/{thread_id}/subscription', {
      thread_id: Number(threadId),
      ignored: true,
    }),
  /** `PUT /notifications {last_read_at}`: 205, or 202 when GitHub finishes in the background. */
  markAllRead: (lastReadAt: string) => (octokit: Octokit) =>
    octokit.request('PUT /notifications', { last_read_at: lastReadAt, read: true }),
};
