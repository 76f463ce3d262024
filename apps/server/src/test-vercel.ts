import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer } from './test-app.js';

/**
 * Connects Vercel for a signed-in user (what Settings sends), runs the sync it queues, and answers
 * the connect response.
 */
export async function connectVercel(
  app: FastifyInstance,
  sessionToken: string,
  payload: { token: string; teamId?: string | undefined } | { useServerAccount: true },
): Promise<LightMyRequestResponse> {
  const connect = await app.inject({
    method: 'PUT',
    url: '/auth/vercel',
    headers: bearer(sessionToken),
    payload,
  });
  if (connect.statusCode !== 200) {
    throw new Error(`connecting Vercel answered ${connect.statusCode}: ${connect.body}`);
  }
  await app.jobs.drain();
  return connect;
}
