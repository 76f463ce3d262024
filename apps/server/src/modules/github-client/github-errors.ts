import { RequestError } from '@octokit/request-error';
import { errorMessages } from '@shipdeck/shared/messages';
import { AppError } from '../../lib/app-error.js';

/** Turns a GitHub failure into an answer the browser can act on; never a bare 500. */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof RequestError)) {
    return error instanceof AppError
      ? error
      : new AppError(502, 'PROVIDER_ERROR', errorMessages.githubUnavailable);
  }
  if (error.status === 401) {
    // Not 401: that would sign the user out of Shipdeck, when only the GitHub grant is gone.
    return new AppError(409, 'GITHUB_NOT_CONNECTED', errorMessages.githubTokenRevoked);
  }
  if (error.status === 404) return new AppError(404, 'NOT_FOUND', errorMessages.repositoryNotFound);
  const retryAfter = error.response?.headers['retry-after'];
  return new AppError(
    502,
    'PROVIDER_ERROR',
    errorMessages.githubUnavailable,
    undefined,
    retryAfter ? { 'retry-after': String(retryAfter) } : undefined,
  );
}

/** Runs a GitHub call and rethrows its failure as an AppError. */
export async function callGithub<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}
