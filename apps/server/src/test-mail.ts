import { afterAll, beforeAll } from 'vitest';
import type { MailConfig } from './config/env.js';
import type { ReceivedMail, SmtpReceiver } from './modules/mail/smtp-receiver.js';
import { startSmtpReceiver } from './modules/mail/smtp-receiver.js';

/**
 * A real SMTP server for one suite, and the mail settings that send to it. Call before
 * `useTestApp(dialect, { mail })`: its beforeAll runs first and fills in the URL the app reads.
 */
export function useMailbox(overrides: Partial<MailConfig> = {}): {
  mail: MailConfig;
  readonly receiver: SmtpReceiver;
} {
  let receiver: SmtpReceiver | undefined;
  const mail: MailConfig = {
    smtpUrl: 'smtp://127.0.0.1:1',
    from: 'Shipdeck <shipdeck@deck.example.com>',
    retryDelaySeconds: 1,
    retryLimit: 3,
    timeoutMs: 5_000,
    ...overrides,
  };
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    mail.smtpUrl = receiver.url;
  });
  afterAll(async () => {
    await receiver?.close();
  });
  return {
    mail,
    get receiver() {
      if (!receiver) throw new Error('the mailbox is not started yet');
      return receiver;
    },
  };
}

/** The messages sent to one address, oldest first. */
export function mailTo(receiver: SmtpReceiver, address: string): ReceivedMail[] {
  return receiver.messages.filter((message) => message.to.includes(address.toLowerCase()));
}

/** The first https?:// link in a text part that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string | null {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}[^\\s\\]<>"]*`).exec(text)?.[0] ?? null;
}

/** Runs due jobs until `until` holds (a retry waits out its backoff), or fails after `ms`. */
export async function drainUntil(
  drain: () => Promise<void>,
  until: () => boolean,
  ms = 15_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    await drain();
    if (until()) return;
    if (Date.now() > deadline) throw new Error('gave up waiting for the mail jobs');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
