import { mailTexts } from '@shipdeck/shared/mail';
import { createElement as h } from 'react';
import type { MailPayload, MailPullRequestRef } from '../mail-payload.js';
import type { MailDetail } from './mail-layout.js';
import { MailLayout } from './mail-layout.js';
import type { MailDraft, MailTemplateContext } from './mail-templates.js';

type NotificationPayload = Extract<
  MailPayload,
  {
    kind:
      | 'deployment-failed'
      | 'review-requested'
      | 'review-verdict'
      | 'auto-merged'
      | 'checks-failed'
      | 'digest';
  }
>;

/** The pull request's facts every notification about one shares: where it is and who wrote it. */
function pullRequestDetails(pr: MailPullRequestRef): MailDetail[] {
  const details: MailDetail[] = [
    {
      label: mailTexts.deploymentFailed.pullRequest,
      value: `${pr.repository}#${pr.number}${pr.title ? ` ${pr.title}` : ''}`,
      ...(pr.githubUrl ? { url: pr.githubUrl } : {}),
    },
  ];
  if (pr.author) {
    details.push({ label: mailTexts.deploymentFailed.pullRequestAuthor, value: pr.author });
  }
  return details;
}

/**
 * Notification emails and the digest, on the one shared layout (mail-layout.ts): a heading, what
 * happened, its facts, one button to the page that shows it, and the unsubscribe line.
 */
export function draftNotificationMail(
  payload: NotificationPayload,
  ctx: MailTemplateContext,
): MailDraft {
  const frame = {
    publicUrl: ctx.publicUrl,
    ...(ctx.unsubscribe ? { unsubscribe: ctx.unsubscribe } : {}),
  };
  switch (payload.kind) {
    case 'deployment-failed': {
      const t = mailTexts.deploymentFailed;
      const details: MailDetail[] = [];
      if (payload.commit) {
        const firstLine = payload.commit.message?.split('\n')[0];
        details.push({
          label: t.commit,
          value: `${payload.commit.sha.slice(0, 7)}${firstLine ? ` ${firstLine}` : ''}`,
          ...(payload.commit.url ? { url: payload.commit.url } : {}),
        });
        if (payload.commit.author)
          details.push({ label: t.commitAuthor, value: payload.commit.author });
      }
      if (payload.branch) details.push({ label: t.branch, value: payload.branch });
      if (payload.pullRequest) details.push(...pullRequestDetails(payload.pullRequest));
      return {
        subject: t.subject(payload.project),
        element: h(MailLayout, {
          preview: t.body(payload.project, payload.error),
          heading: t.heading(payload.project),
          paragraphs: [t.body(payload.project, payload.error)],
          details,
          action: { label: t.action, url: payload.url },
          ...frame,
        }),
      };
    }
    case 'review-requested': {
      const t = mailTexts.reviewRequested;
      const pr = payload.pullRequest;
      const body = t.body(pr.author, pr.repository, pr.number, pr.title ?? '');
      return {
        subject: t.subject(pr.repository, pr.number, pr.title ?? ''),
        element: h(MailLayout, {
          preview: body,
          heading: t.heading,
          paragraphs: [body],
          details: pullRequestDetails(pr),
          action: { label: t.action, url: pr.url },
          ...frame,
        }),
      };
    }
    case 'review-verdict': {
      const t = mailTexts.reviewVerdict;
      const pr = payload.pullRequest;
      const body = t.body(
        payload.approved,
        payload.reviewer,
        pr.repository,
        pr.number,
        pr.title ?? '',
      );
      return {
        subject: t.subject(payload.approved, pr.repository, pr.number),
        element: h(MailLayout, {
          preview: body,
          heading: t.heading(payload.approved),
          paragraphs: [body],
          details: pullRequestDetails(pr),
          action: { label: t.action, url: pr.url },
          ...frame,
        }),
      };
    }
    case 'auto-merged': {
      const t = mailTexts.autoMerged;
      const pr = payload.pullRequest;
      const body = t.body(pr.repository, pr.number, pr.title);
      return {
        subject: t.subject(pr.repository, pr.number),
        element: h(MailLayout, {
          preview: body,
          heading: t.heading,
          paragraphs: [body],
          details: pullRequestDetails(pr),
          action: { label: t.action, url: pr.url },
          ...frame,
        }),
      };
    }
    case 'checks-failed': {
      const t = mailTexts.checksFailed;
      const pr = payload.pullRequest;
      const body = t.body(pr.repository, pr.number, pr.title, payload.headSha);
      return {
        subject: t.subject(pr.repository, pr.number),
        element: h(MailLayout, {
          preview: body,
          heading: t.heading,
          paragraphs: [body],
          details: pullRequestDetails(pr),
          action: { label: t.action, url: pr.url },
          ...frame,
        }),
      };
    }
    case 'digest': {
      const t = mailTexts.digest;
      return {
        subject: t.subject(payload.date),
        element: h(MailLayout, {
          preview: t.body(payload.username),
          heading: t.heading(payload.date),
          paragraphs: [t.body(payload.username)],
          sections: [
            { title: t.waitingOnYou, items: payload.waitingOnYou },
            { title: t.yours, items: payload.yours },
            { title: t.deployments, items: payload.deployments },
            { title: t.unread(payload.unreadCount), items: payload.unread },
          ],
          action: { label: t.action, url: `${ctx.publicUrl}/dashboard` },
          ...frame,
        }),
      };
    }
  }
}
