import { notificationTexts } from '@shipdeck/shared/notification-constants';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock.js';
import { notify } from './notify.js';

const CONNECT_VERCEL_PROMPT_KEY = 'prompt:connect-vercel';

/** Spec section 9: connecting GitHub brings a welcome and a prompt to connect Vercel, once each. */
export async function sendWelcomeNotifications(
  app: FastifyInstance,
  userId: string,
  githubLogin: string,
): Promise<void> {
  await notify(app, userId, {
    type: 'welcome',
    title: notificationTexts.welcomeTitle,
    message: notificationTexts.welcomeMessage(githubLogin),
    severity: 'low',
    link: '/repositories',
    dedupeKey: 'welcome:github',
  });
  await notify(app, userId, {
    type: 'connect-vercel',
    title: notificationTexts.connectVercelTitle,
    message: notificationTexts.connectVercelMessage,
    severity: 'low',
    link: '/settings',
    dedupeKey: CONNECT_VERCEL_PROMPT_KEY,
  });
}

/** Once Vercel is connected its prompt has been acted on: it no longer counts as unread. */
export async function settleConnectVercelPrompt(
  app: FastifyInstance,
  userId: string,
): Promise<void> {
  await app.db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('dedupe_key', '=', CONNECT_VERCEL_PROMPT_KEY)
    .where('read_at', 'is', null)
    .execute();
}
