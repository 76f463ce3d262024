import type { FastifyInstance } from 'fastify';
import type { GithubOAuthApp } from '../../config/env.js';
import { authorizationUrl, createPkcePair } from './github-oauth-client.js';
import { createOAuthState } from './oauth-states.repository.js';

/** Where GitHub sends the browser back; it must match the OAuth app's callback URL. */
export function githubCallbackUrl(app: FastifyInstance): string {
  return `${app.config.publicUrl}/auth/github/callback`;
}

/**
 * Opens one OAuth round trip (a one-time state and a PKCE verifier, kept in the database) and
 * returns GitHub's authorize URL for it. `linkUserId` marks a connect from Settings;
 * `browserHash` ties the round trip to the browser's binding cookie.
 */
export async function startGithubAuthorization(
  app: FastifyInstance,
  oauth: GithubOAuthApp,
  linkUserId: string | null,
  browserHash: string,
  invitationId: string | null = null,
): Promise<string> {
  const pkce = createPkcePair();
  const state = await createOAuthState(app.db, {
    codeVerifier: pkce.verifier,
    linkUserId,
    browserHash,
    invitationId,
  });
  return authorizationUrl(app.config.github, oauth, {
    state,
    codeChallenge: pkce.challenge,
    redirectUri: githubCallbackUrl(app),
  });
}
