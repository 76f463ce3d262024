import { reminderTexts } from '@shipdeck/shared/team-reminders';
import { createElement as h } from 'react';
import type { MailPayload } from '../mail-payload.js';
import { MailLayout } from './mail-layout.js';
import type { MailDraft, MailTemplateContext } from './mail-templates.js';

type TeamReminderPayload = Extract<
  MailPayload,
  { kind: 'team-reminder' | 'team-reminder-disabled' }
>;

/**
 * A team's scheduled reminder by email (the Slack message's content: each group, then one line
 * per pull request with its link, age and people), and the notice that Slack turned one off.
 */
export function draftTeamReminderMail(
  payload: TeamReminderPayload,
  ctx: MailTemplateContext,
): MailDraft {
  const { publicUrl } = ctx;
  if (payload.kind === 'team-reminder-disabled') {
    return {
      subject: reminderTexts.disabledTitle,
      element: h(MailLayout, {
        preview: reminderTexts.disabledTitle,
        heading: reminderTexts.disabledTitle,
        paragraphs: [reminderTexts.disabledMessage(payload.team, payload.reason)],
        action: { label: reminderTexts.openTeam, url: payload.url },
        publicUrl,
      }),
    };
  }
  // One titled list per group, each pull request a link (the text part keeps its URL beside it).
  const sections = payload.groups.map((group) => ({
    title: `${group.title} (${group.lines.length})`,
    items: group.lines.map((line) => ({ text: line.text, url: line.url })),
  }));
  return {
    subject: reminderTexts.emailSubject(payload.team, payload.total),
    element: h(MailLayout, {
      preview: payload.heading,
      heading: payload.heading,
      paragraphs: [reminderTexts.emailIntro(payload.team)],
      sections,
      action: { label: reminderTexts.openTeam, url: payload.teamUrl },
      publicUrl,
    }),
  };
}
