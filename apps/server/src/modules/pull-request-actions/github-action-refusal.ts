import { RequestError } from '@octokit/request-error';
import {
  fineGrainedPermissionFor,
  pullRequestActionMessages as messages,
  type PullRequestAction,
} from '@shipdeck/shared/pull-request-actions';
import { errorMessages } from '@shipdeck/shared/messages';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/** What `octokit.graphql` throws for a 200 answer carrying `errors`. */
const graphqlResponseErrorSchema = z.object({
  name: z.literal('GraphqlResponseError'),
  errors: z.array(z.object({ type: z.string().optional(), message: z.string() })).min(1),
  headers: z.record(z.string(), z.unknown()).optional(),
});

/** GitHub's own words, shortened: they say why (a required check, a missing review, …). */
function githubSaid(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 300);
  }
  return null;
}

const headerOf = (headers: Record<string, unknown>, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/**
 * A token lacking what the action needs. Classic tokens (and OAuth apps') answer with an
 * `X-OAuth-Scopes` header listing their scopes; fine-grained tokens and GitHub App user tokens
 * send none and are refused with "Resource not accessible by personal access token" (or "… by
 * integration").
 */
function missingAccess(
  action: PullRequestAction,
  status: number,
  headers: Record<string, unknown>,
  said: string | null,
): AppError | null {
  const scopes = headerOf(headers, 'x-oauth-scopes');
  if (scopes !== undefined) {
    const granted = scopes.split(',').map((scope) => scope.trim());
    return granted.includes('repo')
      ? null
      : new AppError(403, 'FORBIDDEN', messages.missingScopeClassic);
  }
  if (status === 403 && /not accessible by (personal access token|integration)/i.test(said ?? '')) {
    return new AppError(
      403,
      'FORBIDDEN',
      `${messages.missingPermission} ${fineGrainedPermissionFor[action]}.`,
    );
  }
  return null;
}

function rateLimited(headers: Record<string, unknown>): AppError {
  const retryAfter = headerOf(headers, 'retry-after');
  const reset = Number(headerOf(headers, 'x-ratelimit-reset'));
  const seconds =
    retryAfter ??
    (Number.isFinite(reset) && reset > 0
      ? String(Math.max(1, Math.ceil(reset - Date.now() / 1000)))
      : '60');
  return new AppError(429, 'RATE_LIMITED', messages.rateLimited, undefined, {
    'retry-after': seconds,
  });
}

/** True for a failure after which GitHub may or may not have done it (5xx, timeout, network). */
export function isUncertainFailure(error: unknown): boolean {
  if (error instanceof RequestError) return error.status >= 500 || error.status === 0;
  return !(error instanceof AppError) && !graphqlResponseErrorSchema.safeParse(error).success;
}

/**
 * GitHub's refusal of a pull-request action as the answer to the person, with the contract's
 * messages: 401 → reconnect; a missing scope or permission named; rate limit → 429; 405 → why
 * it is not mergeable; 409 → the head moved; 422 → GitHub's words; 5xx, timeouts → 502.
 */
export function pullRequestActionRefusal(error: unknown, action: PullRequestAction): AppError {
  if (error instanceof AppError) return error;
  const graphql = graphqlResponseErrorSchema.safeParse(error);
  if (graphql.success) {
    const [first] = graphql.data.errors;
    const headers = graphql.data.headers ?? {};
    const said = first?.message.slice(0, 300) ?? null;
    if (graphql.data.errors.some((e) => e.type === 'RATE_LIMITED')) return rateLimited(headers);
    if (first?.type === 'INSUFFICIENT_SCOPES') {
      return new AppError(403, 'FORBIDDEN', messages.missingScopeClassic);
    }
    if (first?.type === 'FORBIDDEN') {
      return (
        missingAccess(action, 403, headers, said) ??
        new AppError(403, 'FORBIDDEN', `${messages.unprocessable} ${said}`)
      );
    }
    if (first?.type === 'NOT_FOUND') {
      return new AppError(404, 'NOT_FOUND', errorMessages.pullRequestNotFound);
    }
    return new AppError(422, 'CONFLICT', `${messages.unprocessable} ${said}`);
  }
  if (!(error instanceof RequestError)) {
    return new AppError(502, 'PROVIDER_ERROR', messages.unavailable);
  }
  const headers = error.response?.headers ?? {};
  const said = githubSaid(error.response?.data);
  if (error.status === 401) {
    // Not 401: that would sign the person out of Shipdeck, when only the GitHub grant is gone.
    return new AppError(409, 'GITHUB_NOT_CONNECTED', messages.reconnect);
  }
  if (
    (error.status === 403 || error.status === 429) &&
    (headerOf(headers, 'x-ratelimit-remaining') === '0' ||
      headerOf(headers, 'retry-after') !== undefined)
  ) {
    return rateLimited(headers);
  }
  if (error.status === 403 || error.status === 404) {
    const missing = missingAccess(action, error.status, headers, said);
    if (missing) return missing;
    if (error.status === 404) {
      return new AppError(404, 'NOT_FOUND', errorMessages.pullRequestNotFound);
    }
    return new AppError(403, 'FORBIDDEN', `${messages.unprocessable} ${said ?? 'Forbidden'}`);
  }
  if (error.status === 405) {
    return new AppError(
      409,
      'CONFLICT',
      `${messages.notMergeable} ${said ?? 'Pull Request is not mergeable'}`,
    );
  }
  if (error.status === 409 && action === 'merge') {
    return new AppError(409, 'CONFLICT', messages.headMoved);
  }
  if (error.status === 422 || error.status === 409) {
    return new AppError(
      422,
      'CONFLICT',
      `${messages.unprocessable} ${said ?? `GitHub answered ${error.status}`}`,
    );
  }
  if (error.status >= 500 || error.status === 0) {
    return new AppError(502, 'PROVIDER_ERROR', messages.unavailable);
  }
  return new AppError(
    409,
    'CONFLICT',
    `${messages.unprocessable} ${said ?? `GitHub answered ${error.status}`}`,
  );
}
