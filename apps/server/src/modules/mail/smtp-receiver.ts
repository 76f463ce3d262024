import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { SMTPServer } from 'smtp-server';

/** One message as it arrived: who it was addressed to on the envelope, and its parsed parts. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  receivedAt: string;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:PORT`: what SMTP_URL is set to so Shipdeck sends here. */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /**
   * Answers the next DATA commands with these replies, in order (`451 try later`, `550 no such
   * user`); tests use it to see retries and refusals over real SMTP.
   */
  failNext(...replies: { code: number; message: string }[]): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server in process (nodemailer's smtp-server) that keeps what it receives: the
 * demo's mailbox (/_demo/mail) and the tests' receiving end. Loopback only, no TLS, no auth.
 */
export async function startSmtpReceiver(options: { limit?: number } = {}): Promise<SmtpReceiver> {
  const limit = options.limit ?? 500;
  const messages: ReceivedMail[] = [];
  const failures: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const failure = failures.shift();
      simpleParser(stream)
        .then((parsed) => {
          if (failure) {
            callback(Object.assign(new Error(failure.message), { responseCode: failure.code }));
            return;
          }
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            receivedAt: new Date().toISOString(),
          });
          // The demo runs for days: the oldest go first.
          if (messages.length > limit) messages.splice(0, messages.length - limit);
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error('unreadable')),
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(...replies) {
      failures.push(...replies);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
