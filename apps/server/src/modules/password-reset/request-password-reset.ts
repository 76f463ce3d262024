import { PASSWORD_RESET_TTL_MINUTES } from '@shipdeck/shared/admin';
import type { FastifyInstance } from 'fastify';
import { findUserByEmail } from '../auth/users.repository.js';
import { oneOffMailKey } from '../mail/send-mail.js';
import { createPasswordReset } from './create-password-reset.js';

export const PASSWORD_RESET_REQUEST_QUEUE = 'password-reset-request';

export interface PasswordResetRequestJob {
  email: string;
}

/**
 * "Forgot password?" queues this for every address, known or not, so the request answers the same
 * in the same time; only the job looks the account up, and mails a link if there is one.
 */
export async function queuePasswordResetRequest(
  app: FastifyInstance,
  email: string,
): Promise<void> {
  await app.jobs.send<PasswordResetRequestJob>(
    PASSWORD_RESET_REQUEST_QUEUE,
    { email },
    // Several clicks while one is waiting make one link, not several.
    { singletonKey: `password-reset-request:${email}`, retryLimit: 3, priority: 10 },
  );
}

export async function registerPasswordResetRequestJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<PasswordResetRequestJob>(PASSWORD_RESET_REQUEST_QUEUE, async (job) => {
    if (!app.mail.enabled) return;
    const user = await findUserByEmail(app.db, job.data.email);
    // A disabled account gets nothing: an admin shut it out, and a reset would not let it in.
    if (!user || user.disabled_at !== null) return;
    const { url } = await createPasswordReset(app.db, app.config.publicUrl, user.id);
    await app.mail.queue({
      key: oneOffMailKey('password-reset'),
      userId: user.id,
      to: user.email,
      payload: {
        kind: 'password-reset',
        username: user.username,
        url,
        expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
      },
    });
  });
}
