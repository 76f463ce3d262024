import type { EmulatorHandle } from '@shipdeck/emulator/start-emulator';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, signUpAndLogIn } from './test-app.js';

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

/**
 * A new user with the emulator's Vercel account of `login` connected (scoped to the team
 * `teamSlug` when given) and synced.
 */
export async function signUpWithVercel(
  app: FastifyInstance,
  emulator: EmulatorHandle,
  login = 'octocat',
  teamSlug?: string,
): ReturnType<typeof signUpAndLogIn> {
  const user = await signUpAndLogIn(app);
  const teamId = teamSlug
    ? [...emulator.world.vercel.teams.values()].find((team) => team.slug === teamSlug)?.id
    : undefined;
  await connectVercel(app, user.token, { token: emulator.createVercelToken(login), teamId });
  return user;
}
