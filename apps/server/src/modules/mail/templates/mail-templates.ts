import { mailTexts } from '@shipdeck/shared/mail';
import type { ReactElement } from 'react';
import { createElement as h } from 'react';
import type { MailPayload } from '../mail-payload.js';
import { MailLayout } from './mail-layout.js';
import { draftTeamReminderMail } from './team-reminder-template.js';
import { draftNotificationMail } from './notification-templates.js';

export interface MailTemplateContext {
  publicUrl: string;
  /** Notifications and the digest only: the footer's unsubscribe link. */
  unsubscribe?: { label: string; url: string };
}

export interface MailDraft {
  subject: string;
  element: ReactElement;
}

/** One template per kind: its subject and the element both the HTML and the text part come from. */
export function draftMail(payload: MailPayload, ctx: MailTemplateContext): MailDraft {
  const { publicUrl } = ctx;
  switch (payload.kind) {
    case 'team-reminder':
    case 'team-reminder-disabled':
      return draftTeamReminderMail(payload, ctx);
    case 'deployment-failed':
    case 'review-requested':
    case 'review-verdict':
    case 'checks-failed':
    case 'digest':
      return draftNotificationMail(payload, ctx);
    case 'test': {
      const t = mailTexts.test;
      return {
        subject: t.subject,
        element: h(MailLayout, {
          preview: t.heading,
          heading: t.heading,
          paragraphs: [t.body(payload.username)],
          action: { label: t.action, url: `${publicUrl}/dashboard` },
          publicUrl,
        }),
      };
    }
    case 'password-reset': {
      const t = mailTexts.passwordReset;
      return {
        subject: t.subject,
        element: h(MailLayout, {
          preview: t.heading,
          heading: t.heading,
          paragraphs: [t.body(payload.username)],
          action: { label: t.action, url: payload.url },
          after: [t.expiry(payload.expiresInMinutes)],
          publicUrl,
        }),
      };
    }
    case 'password-changed': {
      const t = mailTexts.passwordChanged;
      return {
        subject: t.subject,
        element: h(MailLayout, {
          preview: t.heading,
          heading: t.heading,
          paragraphs: [t.body(payload.username)],
          action: { label: t.action, url: `${publicUrl}/login` },
          after: [t.notYou],
          publicUrl,
        }),
      };
    }
    case 'email-change-confirm': {
      const t = mailTexts.emailChangeConfirm;
      return {
        subject: t.subject,
        element: h(MailLayout, {
          preview: t.heading,
          heading: t.heading,
          paragraphs: [t.body(payload.username, payload.newEmail)],
          action: { label: t.action, url: payload.url },
          after: [t.expiry(payload.expiresInHours)],
          publicUrl,
        }),
      };
    }
    case 'email-change-notice': {
      const t = mailTexts.emailChangeNotice;
      return {
        subject: t.subject,
        element: h(MailLayout, {
          preview: t.heading,
          heading: t.heading,
          paragraphs: [t.body(payload.username, payload.newEmail)],
          action: { label: t.action, url: `${publicUrl}/profile` },
          after: [t.notYou],
          publicUrl,
        }),
      };
    }
    case 'invitation': {
      const t = mailTexts.invitation;
      return {
        subject: t.subject(payload.invitedBy),
        element: h(MailLayout, {
          preview: t.heading,
          heading: t.heading,
          paragraphs: [t.body(payload.invitedBy, payload.role)],
          action: { label: t.action, url: payload.url },
          after: [t.expiry(payload.expiresAt)],
          publicUrl,
        }),
      };
    }
  }
}
