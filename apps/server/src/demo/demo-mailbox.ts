import { mailUiTexts } from '@shipdeck/shared/mail';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ReactElement, ReactNode } from 'react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { hashSessionToken } from '../lib/session-token.js';
import { pageSessionToken } from '../modules/auth/page-session-cookie.js';
import { findLiveSessionWithUser } from '../modules/auth/sessions.repository.js';
import { findPendingEmailChange } from '../modules/mail/email-change/email-changes.repository.js';
import type { ReceivedMail, SmtpReceiver } from '../modules/mail/smtp-receiver.js';

/** Where demo mode shows what its in-process SMTP receiver got, on Shipdeck's own origin. */
export const DEMO_MAIL_PATH = '/_demo/mail';

/** The addresses whose mail the browser's signed-in person may read; none when signed out. */
async function readerAddresses(request: FastifyRequest): Promise<string[] | null> {
  const token = pageSessionToken(request);
  if (!token) return null;
  const live = await findLiveSessionWithUser(
    request.server.db,
    hashSessionToken(token),
    new Date().toISOString(),
  );
  if (!live) return null;
  // A new address waiting for confirmation is theirs too: its link is what they came for.
  const pending = await findPendingEmailChange(
    request.server.db,
    live.user.id,
    new Date().toISOString(),
  );
  return [live.user.email, ...(pending ? [pending.new_email] : [])].map((a) => a.toLowerCase());
}

// A link ends before trailing punctuation: "…at http://host." links to http://host.
const LINK = /(https?:\/\/[^\s<>"\]]*[^\s<>"\].,;:!?)])/g;

/** The text part with its links clickable: a reset link is what a newcomer came for. */
function linkified(text: string): ReactNode[] {
  return text
    .split(LINK)
    .map((part, index) =>
      index % 2 === 1 ? h('a', { key: index, href: part, rel: 'noreferrer' }, part) : part,
    );
}

function MessageCard({ message }: { message: ReceivedMail }): ReactElement {
  return h(
    'article',
    { className: 'message' },
    h('h2', null, message.subject),
    h(
      'p',
      { className: 'meta' },
      `${mailUiTexts.demoMailTo}: ${message.to.join(', ')} · ${mailUiTexts.demoMailReceived}: `,
      h(
        'time',
        { dateTime: message.receivedAt },
        message.receivedAt.replace('T', ' ').slice(0, 19),
      ),
      ' UTC',
    ),
    h('pre', null, ...linkified(message.text)),
    h(
      'details',
      null,
      h('summary', null, mailUiTexts.demoMailHtmlPart),
      // Sandboxed: the message's HTML runs no script and reaches nothing of this page.
      h('iframe', { sandbox: '', srcDoc: message.html, title: message.subject }),
    ),
  );
}

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,sans-serif}
body{margin:0 auto;max-width:760px;padding:24px 16px;background:#fafafa;color:#18181b}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#e4e4e7}.message{background:#18181b!important;border-color:#27272a!important}a{color:#60a5fa}}
h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:0 0 4px}
.intro,.meta{font-size:13px;color:#71717a;margin:0 0 16px}
.message{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:16px;margin:0 0 12px}
pre{white-space:pre-wrap;word-break:break-word;font-size:13px;line-height:1.5;margin:0 0 8px}
iframe{width:100%;height:420px;border:1px solid #e4e4e7;border-radius:6px;background:#fff}
summary{cursor:pointer;font-size:13px}
`;

function MailboxPage(props: { messages: ReceivedMail[] | null; appUrl: string }): ReactElement {
  const { messages } = props;
  return h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'referrer', content: 'no-referrer' }),
      h('title', null, `${mailUiTexts.demoMailTitle} · Shipdeck`),
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h('h1', null, mailUiTexts.demoMailTitle),
      h(
        'p',
        { className: 'intro' },
        mailUiTexts.demoMailIntro,
        ' ',
        h('a', { href: props.appUrl }, mailUiTexts.demoMailBack),
      ),
      messages === null
        ? h('p', { role: 'status' }, mailUiTexts.demoMailSignedOut)
        : messages.length === 0
          ? h('p', { role: 'status' }, mailUiTexts.demoMailEmpty)
          : h(
              'main',
              null,
              ...messages.map((message, index) => h(MessageCard, { key: index, message })),
            ),
    ),
  );
}

/**
 * `/_demo/mail`: the demo's mailbox. A demo server may be shared and its mail carries reset and
 * confirmation links, so a reader sees only what was sent to their own address, found by the
 * page-session cookie (this page is plain HTML, with no script to send a bearer token); a
 * browser with no signed-in session sees nothing.
 */
export const demoMailbox: FastifyPluginAsync<{ receiver: SmtpReceiver }> = async (
  app,
  { receiver },
) => {
  app.get(DEMO_MAIL_PATH, { schema: { hide: true } }, async (request, reply) => {
    const addresses = await readerAddresses(request);
    const messages =
      addresses === null
        ? null
        : receiver.messages
            .filter((message) => message.to.some((to) => addresses.includes(to)))
            .reverse();
    const html = renderToStaticMarkup(
      h(MailboxPage, { messages, appUrl: `${app.config.publicUrl}/dashboard` }),
    );
    return reply
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>${html}`);
  });
};
