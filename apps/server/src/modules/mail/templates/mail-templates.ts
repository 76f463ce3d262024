import { mailTexts } from '@shipdeck/shared/mail';
import type { ReactElement } from 'react';
import { createElement as h } from 'react';
import type { MailPayload } from '../mail-payload.js';
import type { MailLayoutProps } from './mail-layout.js';
import { MailLayout } from './mail-layout.js';
import { draftNotificationMail } from './notification-templates.js';
import { draftTeamReminderMail } from './team-reminder-template.js';

export interface MailTemplateContext {
  publicUrl: string;
  /** Notifications and the digest only: the footer's unsubscribe link. */
  unsubscribe?: { label: string; url: string };
}

export interface MailDraft {
  subject: string;
  element: ReactElement;
}

/** An account message: the shared layout under its heading, previewed by the heading too. */
function accountMail(
  subject: string,
  heading: string,
  content: Omit<MailLayoutProps, 'preview' | 'heading' | 'publicUrl'>,
  ctx: MailTemplateContext,
): MailDraft {
  return {
    subject,
    element: h(MailLayout, { preview: heading, heading, publicUrl: ctx.publicUrl, ...content }),
  };
}

/** One template per kind: its subject and the element both the HTML and the text part come from. */
export function draftMail(payload: MailPayload, ctx: MailTemplateContext): MailDraft {
  const { publicUrl } = ctx;
  switch (payload.kind) {
    case 'deployment-failed':
    case 'review-requested':
    case 'review-verdict':
    case 'auto-merged':
    case 'checks-failed':
    case 'digest':
      return draftNotificationMail(payload, ctx);
    case 'team-reminder':
    case 'team-reminder-disabled':
      return draftTeamReminderMail(payload, ctx);
    case 'test': {
      const t = mailTexts.test;
      return accountMail(
        t.subject,
        t.heading,
        {
          paragraphs: [t.body(payload.username)],
          action: { label: t.action, url: `${publicUrl}/dashboard` },
        },
        ctx,
      );
    }
    case 'password-reset': {
      const t = mailTexts.passwordReset;
      return accountMail(
        t.subject,
        t.heading,
        {
          paragraphs: [t.body(payload.username)],
          action: { label: t.action, url: payload.url },
          after: [t.expiry(payload.expiresInMinutes)],
        },
        ctx,
      );
    }
    case 'password-changed': {
      const t = mailTexts.passwordChanged;
      return accountMail(
        t.subject,
        t.heading,
        {
          paragraphs: [t.body(payload.username)],
          action: { label: t.action, url: `${publicUrl}/login` },
          after: [t.notYou],
        },
        ctx,
      );
    }
    case 'email-change-confirm': {
      const t = mailTexts.emailChangeConfirm;
      return accountMail(
        t.subject,
        t.heading,
        {
          paragraphs: [t.body(payload.username, payload.newEmail)],
          action: { label: t.action, url: payload.url },
          after: [t.expiry(payload.expiresInHours)],
        },
        ctx,
      );
    }
    case 'email-change-notice': {
      const t = mailTexts.emailChangeNotice;
      return accountMail(
        t.subject,
        t.heading,
        {
          paragraphs: [t.body(payload.username, payload.newEmail)],
          action: { label: t.action, url: `${publicUrl}/profile` },
          after: [t.notYou],
        },
        ctx,
      );
    }
    case 'invitation': {
      const t = mailTexts.invitation;
      return accountMail(
        t.subject(payload.invitedBy),
        t.heading,
        {
          paragraphs: [t.body(payload.invitedBy, payload.role)],
          action: { label: t.action, url: payload.url },
          after: [t.expiry(payload.expiresAt)],
        },
        ctx,
      );
    }
  }
}
