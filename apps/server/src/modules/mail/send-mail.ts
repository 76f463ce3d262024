import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { insertMailMessage } from './mail-messages.repository.js';
import type { MailPayload } from './mail-payload.js';

export const MAIL_QUEUE = 'mail-send';

export interface MailJob {
  messageId: string;
}

/** What queueing a message needs: the server's app has it all, and so could a command line. */
export interface MailContext {
  db: Db;
  jobs: JobQueue;
  secrets: SecretBox;
  config: Pick<AppConfig, 'mail'>;
}

export interface OutgoingMail {
  /**
   * The message's identity: a second message with the same key is never sent, whichever
   * instance queues it. Notifications reuse the in-app dedupe key; one-off messages a fresh id.
   */
  key: string;
  userId: string | null;
  to: string;
  payload: MailPayload;
}

/**
 * Records the message and queues its sending; never sends from the caller (a request handler).
 * Answers false when mail is not set up or the key was already used.
 */
export async function queueMail(ctx: MailContext, mail: OutgoingMail): Promise<boolean> {
  const settings = ctx.config.mail;
  if (!settings) return false;
  const id = randomUUID();
  const now = new Date().toISOString();
  const recorded = await insertMailMessage(ctx.db, {
    id,
    dedupe_key: mail.key,
    kind: mail.payload.kind,
    user_id: mail.userId,
    to_address: mail.to,
    payload: ctx.secrets.seal(JSON.stringify(mail.payload)),
    status: 'queued',
    attempts: 0,
    last_error: null,
    created_at: now,
    updated_at: now,
    sent_at: null,
  });
  if (!recorded) return false;
  await ctx.jobs.send<MailJob>(
    MAIL_QUEUE,
    { messageId: id },
    {
      singletonKey: `mail:${id}`,
      retryLimit: settings.retryLimit,
      retryDelaySeconds: settings.retryDelaySeconds,
      // Resets and confirmations are waited for at a screen; they go before notifications.
      priority: ['password-reset', 'email-change-confirm'].includes(mail.payload.kind) ? 10 : 0,
    },
  );
  return true;
}

/** A key for a message that is one of a kind (a test, a reset link): never de-duplicated. */
export function oneOffMailKey(kind: MailPayload['kind']): string {
  return `${kind}:${randomUUID()}`;
}
