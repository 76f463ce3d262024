import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTransport } from 'nodemailer';
import type { Job } from '../../jobs/job-queue.js';
import { findMailMessage, recordMailAttempt } from './mail-messages.repository.js';
import type { MailKind } from './mail-payload.js';
import { mailPayloadSchema } from './mail-payload.js';
import { renderMail } from './render-mail.js';
import type { MailJob, OutgoingMail } from './send-mail.js';
import { MAIL_QUEUE, queueMail } from './send-mail.js';
import { describeSmtpFailure, isPermanentSmtpFailure } from './smtp-failure.js';
import {
  emailSubscriptionKindSchema,
  emailSubscriptionLabels,
  mailTexts,
} from '@shipdeck/shared/mail';
import {
  listUnsubscribeHeaders,
  signUnsubscribeToken,
  unsubscribeUrl,
} from './unsubscribe/unsubscribe-token.js';

/** How one attempt at a message ended, for the metrics (sent, failed for good, retried later). */
export interface MailAttemptReport {
  kind: MailKind;
  outcome: 'sent' | 'failed' | 'retried';
}

export interface MailService {
  /** False without SMTP_URL (and outside demo mode): nothing is queued, nothing sent. */
  readonly enabled: boolean;
  /** Records and queues a message (see send-mail.ts); false when off or already sent by key. */
  queue(mail: OutgoingMail): Promise<boolean>;
  /** Hears every attempt this instance makes; answers a function that stops listening. */
  observe(observer: (report: MailAttemptReport) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * Sending mail over the operator's SMTP server (SMTP_URL). Messages are jobs on the shared queue,
 * so a request never waits on SMTP, a crash loses nothing, and one worker sends each message.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.mail;
    const observers = new Set<(report: MailAttemptReport) => void>();
    const report = (kind: MailKind, outcome: MailAttemptReport['outcome']) => {
      for (const observer of observers) {
        try {
          observer({ kind, outcome });
        } catch {
          // A broken observer (metrics) must never fail a message.
        }
      }
    };

    app.decorate('mail', {
      enabled: settings !== null,
      queue: (mail: OutgoingMail) => queueMail(app, mail),
      observe(observer) {
        observers.add(observer);
        return () => observers.delete(observer);
      },
    } satisfies MailService);

    if (!settings) return;
    const transport = createTransport({
      url: settings.smtpUrl,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
    app.addHook('onClose', async () => transport.close());

    await app.jobs.work<MailJob>(
      MAIL_QUEUE,
      async (job: Job<MailJob>) => {
        const message = await findMailMessage(app.db, job.data.messageId);
        // Sent, given up, or gone with its account: at most once, whoever runs the job again.
        if (!message || message.status !== 'queued') return;
        const payload = mailPayloadSchema.parse(JSON.parse(app.secrets.open(message.payload)));
        // Notifications and the digest carry a one-click way out; resets, confirmations and
        // invitations do not (they are not a subscription).
        // Merged-when-ready mail goes out under the review-verdict switch (the outcome of one's
        // pull request), so its unsubscribe line turns that switch off.
        const subscription = emailSubscriptionKindSchema.safeParse(
          payload.kind === 'auto-merged' ? 'review-verdict' : payload.kind,
        );
        const encryptionKey = app.config.encryptionKey;
        const unsubscribe =
          subscription.success && message.user_id && encryptionKey
            ? {
                kind: subscription.data,
                url: unsubscribeUrl(
                  app.config.publicUrl,
                  signUnsubscribeToken(encryptionKey, message.user_id, subscription.data),
                ),
              }
            : null;
        const rendered = await renderMail(payload, {
          publicUrl: app.config.publicUrl,
          ...(unsubscribe
            ? {
                unsubscribe: {
                  label: mailTexts.unsubscribe(emailSubscriptionLabels[unsubscribe.kind]),
                  url: unsubscribe.url,
                },
              }
            : {}),
        });
        const attempts = message.attempts + 1;
        try {
          await transport.sendMail({
            from: settings.from,
            to: message.to_address,
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            ...(unsubscribe
              ? {
                  headers: listUnsubscribeHeaders(unsubscribe.url, settings.from, unsubscribe.kind),
                }
              : {}),
          });
        } catch (error) {
          const now = new Date().toISOString();
          const reason = describeSmtpFailure(error);
          const lastTry = job.retryCount >= settings.retryLimit;
          if (isPermanentSmtpFailure(error) || lastTry) {
            await recordMailAttempt(app.db, message.id, {
              status: 'failed',
              attempts,
              error: reason,
              now,
            });
            app.log.warn({ kind: payload.kind, mailId: message.id, reason }, 'mail not delivered');
            report(payload.kind, 'failed');
            return;
          }
          await recordMailAttempt(app.db, message.id, {
            status: 'queued',
            attempts,
            error: reason,
            now,
          });
          report(payload.kind, 'retried');
          // The queue retries it with backoff (settings.retryDelaySeconds, doubling).
          throw error;
        }
        await recordMailAttempt(app.db, message.id, {
          status: 'sent',
          attempts,
          error: null,
          now: new Date().toISOString(),
        });
        report(payload.kind, 'sent');
      },
      { concurrency: 2 },
    );
  },
  { name: 'mail', decorators: { fastify: ['config', 'db', 'jobs', 'secrets'] } },
);
