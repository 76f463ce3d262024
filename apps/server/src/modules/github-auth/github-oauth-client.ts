import { createHash, randomBytes } from 'node:crypto';
import { request } from '@octokit/request';
import { GITHUB_USER_AGENT, octokitForToken } from '../github-client/octokit-for-token.js';
import type { GithubConfig, GithubOAuthApp } from '../../config/env.js';

/**
 * `notifications` for the inbox (issue 28); `repo` would allow it too, but the grant says it.
 * `read:org` lists the person's teams and their members (team mode, issue 36).
 */
export const GITHUB_SCOPES = ['read:user', 'user:email', 'repo', 'read:org', 'notifications'];

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizationUrl(
  github: GithubConfig,
  oauth: GithubOAuthApp,
  options: { state: string; codeChallenge: string; redirectUri: string },
): string {
  // Appended, not resolved: a webUrl with a path (demo mode's PUBLIC_URL/_demo/github) keeps it.
  const url = new URL(`${github.webUrl}/login/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: oauth.clientId,
    redirect_uri: options.redirectUri,
    scope: GITHUB_SCOPES.join(' '),
    state: options.state,
    code_challenge: options.codeChallenge,
    code_challenge_method: 'S256',
    allow_signup: 'true',
  }).toString();
  return url.toString();
}

export class GithubOAuthError extends Error {
  override name = 'GithubOAuthError';
}

interface TokenReply {
  access_token?: string;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** GitHub answers token errors with HTTP 200 and an `error` field, so both are checked. */
export async function exchangeCode(
  github: GithubConfig,
  oauth: GithubOAuthApp,
  options: { code: string; redirectUri: string; codeVerifier: string; timeoutMs: number },
): Promise<{ token: string; scopes: string[] }> {
  const tokenUrl = oauth.accessTokenUrl ?? `${github.webUrl}/login/oauth/access_token`;
  const response = await request(`POST ${tokenUrl}`, {
    request: { signal: AbortSignal.timeout(options.timeoutMs) },
    headers: { accept: 'application/json', 'user-agent': GITHUB_USER_AGENT },
    client_id: oauth.clientId,
    client_secret: oauth.clientSecret,
    code: options.code,
    redirect_uri: options.redirectUri,
    code_verifier: options.codeVerifier,
  });
  const data = response.data as TokenReply;
  if (data.error || !data.access_token) {
    throw new GithubOAuthError(`${data.error ?? 'no_token'}: ${data.error_description ?? ''}`);
  }
  const scopes = (data.scope ?? '').split(/[,\s]+/).filter(Boolean);
  return { token: data.access_token, scopes };
}

export interface GithubIdentity {
  id: string;
  login: string;
  name: string | null;
  avatarUrl: string | null;
  email: string | null;
}

export async function fetchGithubIdentity(
  github: GithubConfig,
  token: string,
  timeoutMs: number,
): Promise<GithubIdentity> {
  const octokit = octokitForToken({
    token,
    apiUrl: github.apiUrl,
    // One deadline for both calls: the sign-in waits for GitHub no longer than this.
    signal: AbortSignal.timeout(timeoutMs),
  });
  const { data: user } = await octokit.rest.users.getAuthenticated();
  let email = user.email ?? null;
  try {
    // /user shows only a public address; the primary verified one needs the user:email scope.
    const { data: emails } = await octokit.rest.users.listEmailsForAuthenticatedUser();
    email = emails.find((entry) => entry.primary && entry.verified)?.email ?? email;
  } catch {
    // Scope not granted: keep the public address, if any.
  }
  return {
    id: String(user.id),
    login: user.login,
    name: user.name ?? null,
    avatarUrl: user.avatar_url || null,
    email: email?.toLowerCase() ?? null,
  };
}
