import { RequestError } from '@octokit/request-error';
import { octokitForToken } from '../github-client/octokit-for-token.js';
import { GITHUB_TOKEN_REPO_SCOPES } from '@shipdeck/shared/github-token-scopes';
import { errorMessages, githubTokenMessages } from '@shipdeck/shared/messages';
import { AppError } from '../../lib/app-error.js';
import type { GithubIdentity } from './github-oauth-client.js';

const CHECK_TIMEOUT_MS = 8_000;

export interface CheckedGithubToken {
  identity: GithubIdentity;
  /** Classic scopes GitHub reports (`X-OAuth-Scopes`); empty for a fine-grained token. */
  scopes: string[];
}

/** A refusal the person can act on: the form shows it under the token field. */
function refused(message: string): AppError {
  return new AppError(400, 'VALIDATION_ERROR', message, [{ field: 'body.token', message }]);
}

/**
 * Asks GitHub (or GitHub Enterprise Server, at `apiUrl`) who a personal access token belongs to,
 * and whether it can read repositories. Works without an OAuth app: a token is all it needs.
 * Only a GitHub that does not answer is "unavailable"; every refusal says why.
 */
export async function checkGithubToken(apiUrl: string, token: string): Promise<CheckedGithubToken> {
  // No logger: a refused token is an answer to the person, not a line in the server's log.
  const octokit = octokitForToken({ token, apiUrl });
  let answer;
  try {
    answer = await octokit.rest.users.getAuthenticated({
      request: { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) },
    });
  } catch (error) {
    if (!(error instanceof RequestError)) {
      throw new AppError(502, 'PROVIDER_ERROR', errorMessages.githubUnavailable);
    }
    if (error.status === 401) throw refused(githubTokenMessages.badCredentials);
    // GitHub answers an exhausted rate limit with 403 or 429: the token may be fine.
    if (
      (error.status === 403 || error.status === 429) &&
      (error.response?.headers['x-ratelimit-remaining'] === '0' ||
        error.response?.headers['retry-after'] !== undefined)
    ) {
      throw new AppError(429, 'RATE_LIMITED', githubTokenMessages.rateLimited);
    }
    // 403: SSO not authorised for the token, an IP allow list, a token GitHub blocked; its own
    // words name which.
    if (error.status === 403) {
      const reason = githubMessage(error);
      throw refused(
        reason ? `${githubTokenMessages.forbidden}: ${reason}` : githubTokenMessages.forbidden,
      );
    }
    if (error.status === 404)
      throw new AppError(502, 'PROVIDER_ERROR', githubTokenMessages.apiNotFound);
    throw new AppError(502, 'PROVIDER_ERROR', errorMessages.githubUnavailable);
  }
  // Fine-grained tokens carry no X-OAuth-Scopes header: their repository permissions are checked
  // by what the sync can read, not up front.
  const header = answer.headers['x-oauth-scopes'];
  const scopes = (header ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const classic = header !== undefined;
  if (
    classic &&
    !scopes.some((scope) => (GITHUB_TOKEN_REPO_SCOPES as readonly string[]).includes(scope))
  ) {
    throw refused(githubTokenMessages.missingScope);
  }
  return {
    identity: {
      id: String(answer.data.id),
      login: answer.data.login,
      name: answer.data.name ?? null,
      avatarUrl: answer.data.avatar_url || null,
      email: null,
    },
    scopes,
  };
}

function githubMessage(error: RequestError): string | null {
  const data: unknown = error.response?.data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 200);
  }
  return null;
}
