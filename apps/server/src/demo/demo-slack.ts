import type { SlackInbox, SlackMessage } from '@shipdeck/emulator/slack/slack-inbox';
import { demoSlackTexts } from '@shipdeck/shared/team-reminders';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ReactElement, ReactNode } from 'react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { hashSessionToken } from '../lib/session-token.js';
import { pageSessionToken } from '../modules/auth/page-session-cookie.js';
import { findLiveSessionWithUser } from '../modules/auth/sessions.repository.js';
import { listTeamReminders } from '../modules/team-reminders/team-reminders.repository.js';
import { listViewerTeams } from '../modules/teams/teams.repository.js';

/** Where demo mode shows what its Slack receiver got, on Shipdeck's own origin. */
export const DEMO_SLACK_PATH = '/_demo/slack';

/** The emulator's webhook path of a URL (`/services/T…/B…/…`), as its inbox records it. */
export function slackWebhookPathOf(url: string, emulatorUrl: string): string | null {
  if (!url.startsWith(`${emulatorUrl}/_emulator/slack/`)) return null;
  return new URL(url).pathname.slice('/_emulator/slack'.length);
}

/**
 * The webhook paths of the reminders of every team GitHub lists for the browser's signed-in
 * person, each with its team's name; null when signed out.
 */
async function readerWebhooks(
  app: FastifyInstance,
  request: FastifyRequest,
  emulatorUrl: string,
): Promise<Map<string, string> | null> {
  const token = pageSessionToken(request);
  if (!token) return null;
  const live = await findLiveSessionWithUser(
    app.db,
    hashSessionToken(token),
    new Date().toISOString(),
  );
  if (!live) return null;
  const paths = new Map<string, string>();
  for (const team of await listViewerTeams(app.db, live.user.id)) {
    for (const reminder of await listTeamReminders(app.db, team.org, team.slug)) {
      if (!reminder.slack_webhook_sealed) continue;
      const path = slackWebhookPathOf(app.secrets.open(reminder.slack_webhook_sealed), emulatorUrl);
      if (path) paths.set(path, team.name);
    }
  }
  return paths;
}

// Slack's mrkdwn link, <url|text>: drawn as a link, the rest as text.
const LINK = /<(https?:\/\/[^|>]+)\|([^>]*)>/g;

function unescape(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

// Slack's *bold*, within one line.
const BOLD = /\*([^*\n]+)\*/g;

/** Plain mrkdwn text: its *bold* drawn bold. */
function bolded(text: string, keyPrefix: string): ReactNode[] {
  return unescape(text)
    .split(BOLD)
    .map((part, index) =>
      index % 2 === 1 ? h('strong', { key: `${keyPrefix}-${index}` }, part) : part,
    );
}

function mrkdwn(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(...bolded(text.slice(last, match.index), `t${last}`));
    parts.push(
      h('a', { key: match.index, href: match[1], rel: 'noreferrer' }, unescape(match[2] ?? '')),
    );
    last = match.index + match[0].length;
  }
  parts.push(...bolded(text.slice(last), `t${last}`));
  return parts;
}

function textOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const text = (value as { text?: unknown }).text;
  return typeof text === 'string' ? text : null;
}

/** One block as Slack would show it, closely enough: headers, sections and context lines. */
function Block({ block }: { block: unknown }): ReactElement | null {
  if (typeof block !== 'object' || block === null) return null;
  const { type, text, elements } = block as { type?: unknown; text?: unknown; elements?: unknown };
  if (type === 'header') return h('h2', null, textOf(text) ?? '');
  if (type === 'section') return h('p', { className: 'section' }, ...mrkdwn(textOf(text) ?? ''));
  if (type === 'context' && Array.isArray(elements))
    return h('p', { className: 'meta' }, ...elements.flatMap((e) => mrkdwn(textOf(e) ?? '')));
  return null;
}

function MessageCard(props: { message: SlackMessage; team: string }): ReactElement {
  const { message } = props;
  return h(
    'article',
    { className: 'message' },
    h(
      'p',
      { className: 'meta' },
      `${props.team} · ${demoSlackTexts.received}: `,
      h(
        'time',
        { dateTime: message.receivedAt },
        message.receivedAt.replace('T', ' ').slice(0, 19),
      ),
      ' UTC',
    ),
    h('p', { className: 'notification' }, message.text ?? ''),
    ...message.blocks.map((block, index) => h(Block, { key: index, block })),
  );
}

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,sans-serif}
body{margin:0 auto;max-width:760px;padding:24px 16px;background:#fafafa;color:#18181b}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#e4e4e7}.message{background:#18181b!important;border-color:#27272a!important}a{color:#60a5fa}.meta{color:#a1a1aa!important}}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:8px 0}
.intro,.meta{font-size:13px;color:#52525b;margin:0 0 12px}
.notification{font-size:13px;font-style:italic;margin:0 0 8px}
.message{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:16px;margin:0 0 12px}
.section{white-space:pre-wrap;font-size:14px;line-height:1.5;margin:0 0 8px}
`;

function SlackPage(props: {
  messages: { message: SlackMessage; team: string }[] | null;
  appUrl: string;
}): ReactElement {
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
      h('title', null, `${demoSlackTexts.title} · Shipdeck`),
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h(
        'main',
        null,
        h('h1', null, demoSlackTexts.title),
        h(
          'p',
          { className: 'intro' },
          demoSlackTexts.intro,
          ' ',
          h('a', { href: props.appUrl }, demoSlackTexts.back),
        ),
        messages === null
          ? h('p', { role: 'status' }, demoSlackTexts.signedOut)
          : messages.length === 0
            ? h('p', { role: 'status' }, demoSlackTexts.empty)
            : messages.map((entry) =>
                h(MessageCard, { key: entry.message.id, message: entry.message, team: entry.team }),
              ),
      ),
    ),
  );
}

/**
 * `/_demo/slack`: what the demo's Slack receiver got, newest first. A demo server may be shared,
 * so a reader sees only what was posted to the webhooks of their own teams' reminders, found by
 * the page-session cookie; signed out, nothing.
 */
export const demoSlack: FastifyPluginAsync<{ inbox: SlackInbox; emulatorUrl: string }> = async (
  app,
  { inbox, emulatorUrl },
) => {
  app.get(DEMO_SLACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const webhooks = await readerWebhooks(app, request, emulatorUrl);
    const messages =
      webhooks === null
        ? null
        : inbox
            .list()
            .flatMap((message) => {
              const team = webhooks.get(message.webhookPath);
              return team === undefined ? [] : [{ message, team }];
            })
            .reverse();
    const html = renderToStaticMarkup(
      h(SlackPage, { messages, appUrl: `${app.config.publicUrl}/dashboard` }),
    );
    return reply
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>${html}`);
  });
};
