import { notificationTexts } from '@shipdeck/shared/messages';
import type { FastifyInstance } from 'fastify';
import { notify } from './notify.js';

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
    dedupeKey: 'prompt:connect-vercel',
  });
}
