import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { githubHeaders, vercelHeaders } from './modules/webhooks/__tests__/webhook-fixtures.js';
import { updateUser } from './modules/auth/users.repository.js';
import { signUpAndLogIn, type TestApp } from './test-app.js';

/**
 * Posts a GitHub delivery signed with the test secret (or sent with `headers` as given, to test
 * signatures or replay a stored one) and runs the jobs it queued.
 */
export async function deliverGithubWebhook(
  app: FastifyInstance,
  event: string,
  body: object | string,
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await app.inject({
    method: 'POST',
    url: '/webhooks/github',
    payload,
    headers: headers ?? githubHeaders(event, payload),
  });
  await app.jobs.drain();
  return response;
}

/** Posts a Vercel delivery signed with the test secret (or with `headers`) and runs its jobs. */
export async function deliverVercelWebhook(
  app: FastifyInstance,
  body: object,
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify(body);
  const response = await app.inject({
    method: 'POST',
    url: '/webhooks/vercel',
    payload,
    headers: headers ?? vercelHeaders(payload),
  });
  await app.jobs.drain();
  return response;
}

/** A new user whose GitHub login is `login`, as deliveries name their owners and authors. */
export async function signUpAsGithubUser(
  t: TestApp,
  login: string,
): ReturnType<typeof signUpAndLogIn> {
  const signedIn = await signUpAndLogIn(t.app);
  await updateUser(t.database.db, signedIn.userId, { github_id: login, github_login: login });
  return signedIn;
}
