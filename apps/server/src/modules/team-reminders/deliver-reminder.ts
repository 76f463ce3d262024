import type { ReminderTestResult } from '@shipdeck/shared/team-reminders';
import { reminderTexts } from '@shipdeck/shared/team-reminders';
import type { FastifyInstance } from 'fastify';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { SYSTEM_ACTOR, recordAudit } from '../audit/record-audit.js';
import { findUserById } from '../auth/users.repository.js';
import { oneOffMailKey } from '../mail/send-mail.js';
import { notify } from '../notifications/notify.js';
import { listTeamMembers } from '../teams/team-members.js';
import type { SlackGoneReason } from './post-to-slack.js';
import { postToSlack } from './post-to-slack.js';
import type { ReminderContent } from './reminder-content.js';
import { reminderContent } from './reminder-content.js';
import type { ReminderMessage } from './reminder-message.js';
import { slackPayload } from './reminder-message.js';
import { isAllowedSlackWebhookUrl } from './slack-webhook-url.js';
import { reminderFiltersOf } from './to-reminder-dto.js';
import {
  countDeliveryAttempt,
  findDelivery,
  findReminderById,
  finishDelivery,
  updateReminder,
} from './team-reminders.repository.js';
import type { TeamReminderRow } from './team-reminders.table.js';

/** Failed attempts of one slot retried this many times (5xx, unreachable), with backoff. */
export const DELIVERY_RETRY_LIMIT = 5;
export const DELIVERY_RETRY_DELAY_SECONDS = 30;

async function contentFor(
  app: FastifyInstance,
  reminder: TeamReminderRow,
  viewerId: string,
  now: number,
): Promise<ReminderContent | null> {
  return reminderContent(
    app.db,
    viewerId,
    { ...reminderFiltersOf(reminder), org: reminder.org, slug: reminder.team_slug },
    app.config.publicUrl,
    now,
  );
}

/**
 * The reminder's webhook URL, when its origin is still allowed: SLACK_WEBHOOK_HOSTS may have
 * changed since it was saved, and the server calls no other address.
 */
function allowedWebhookOf(app: FastifyInstance, reminder: TeamReminderRow): string | null {
  if (!reminder.slack_webhook_sealed) return null;
  const url = app.secrets.open(reminder.slack_webhook_sealed);
  return isAllowedSlackWebhookUrl(url, app.config.slackWebhookHosts) ? url : null;
}

/** The email payload: the same groups as the Slack message, one line per pull request. */
function mailPayloadOf(message: ReminderMessage, teamName: string) {
  return {
    kind: 'team-reminder' as const,
    team: teamName,
    heading: message.heading,
    teamUrl: message.teamUrl,
    total: message.total,
    groups: message.groups.map((group) => ({
      title: group.title,
      lines: group.lines.map((line) => ({
        text: `${line.repository}#${line.number} ${line.title} (${line.age}${
          line.people.length > 0 ? `, ${line.people.join(' ')}` : ''
        })`,
        url: line.url,
      })),
    })),
  };
}

/** Members with a Shipdeck account, an address and email notifications on: who email goes to. */
async function emailRecipients(app: FastifyInstance, org: string, slug: string) {
  const members = await listTeamMembers(app.db, org, slug);
  const ids = members.flatMap((member) => (member.userId ? [member.userId] : []));
  if (ids.length === 0) return [];
  return app.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', ids)
    .where('disabled_at', 'is', null)
    .where('pref_email_notifications', '=', 1)
    .execute();
}

/**
 * Slack refused the channel for good: the reminder goes off, and its creator hears of it in the
 * inbox and by email. Idempotent per reminder and reason.
 */
export async function turnReminderOff(
  app: FastifyInstance,
  reminder: TeamReminderRow,
  reason: SlackGoneReason,
  teamName: string,
): Promise<void> {
  const at = new Date().toISOString();
  await updateReminder(app.db, reminder.id, {
    enabled: 0,
    disabled_reason: reason,
    updated_at: at,
  });
  await recordAudit(app.db, {
    actor: SYSTEM_ACTOR,
    action: 'reminder.disabled',
    target: {
      type: 'team-reminder',
      id: reminder.id,
      label: `${reminder.org}/${reminder.team_slug}`,
    },
    details: { reason },
  });
  if (!reminder.created_by) return;
  const teamPath = `/teams/${encodeURIComponent(reminder.org)}/${encodeURIComponent(reminder.team_slug)}`;
  // One item per time it was turned off: `updated_at` changes when someone turns it on again.
  const key = `reminder-disabled:${reminder.id}:${reminder.updated_at}`;
  await notify(app, reminder.created_by, {
    type: 'reminder-disabled',
    title: reminderTexts.disabledTitle,
    message: reminderTexts.disabledMessage(teamName, reason),
    severity: 'high',
    link: teamPath,
    dedupeKey: key,
  });
  const creator = await findUserById(app.db, reminder.created_by);
  if (creator && creator.pref_email_notifications === 1 && !creator.disabled_at) {
    await app.mail.queue({
      key,
      userId: creator.id,
      to: creator.email,
      payload: {
        kind: 'team-reminder-disabled',
        team: teamName,
        reason,
        url: `${app.config.publicUrl}${teamPath}`,
      },
    });
  }
}

/** Why a reminder went off when its creator's account is gone or GitHub no longer lists them. */
export const CREATOR_LEFT = 'creator_left';

async function turnOffWithoutCreator(app: FastifyInstance, reminder: TeamReminderRow) {
  await updateReminder(app.db, reminder.id, {
    enabled: 0,
    disabled_reason: CREATOR_LEFT,
    updated_at: new Date().toISOString(),
  });
  await recordAudit(app.db, {
    actor: SYSTEM_ACTOR,
    action: 'reminder.disabled',
    target: {
      type: 'team-reminder',
      id: reminder.id,
      label: `${reminder.org}/${reminder.team_slug}`,
    },
    details: { reason: CREATOR_LEFT },
  });
}

export interface DeliveryJob {
  reminderId: string;
  /** ISO instant of the slot. */
  slot: string;
}

/**
 * Sends one (reminder, slot), once: a slot already finished is left alone, whichever instance or
 * retry runs the job again. Slack's 429 waits for its Retry-After; a 5xx or no answer throws for
 * the queue's backoff; a channel gone turns the reminder off.
 */
export async function deliverReminderSlot(
  app: FastifyInstance,
  job: DeliveryJob,
  attempt: { retryCount: number },
): Promise<void> {
  const delivery = await findDelivery(app.db, job.reminderId, job.slot);
  if (!delivery || delivery.status !== 'queued') return;
  const finish = (
    status: 'sent' | 'empty' | 'failed',
    pullRequestCount: number | null,
    error: string | null,
  ) =>
    finishDelivery(app.db, job.reminderId, job.slot, {
      status,
      pullRequestCount,
      error,
      at: new Date().toISOString(),
    });
  const reminder = await findReminderById(app.db, job.reminderId);
  if (!reminder || reminder.enabled !== 1) return finish('failed', null, 'reminder is off');
  const content = reminder.created_by
    ? await contentFor(app, reminder, reminder.created_by, Date.parse(job.slot))
    : null;
  if (!content) {
    // Whose access picks the pull requests is gone: off until a member turns it on (and so
    // takes it over).
    await turnOffWithoutCreator(app, reminder);
    return finish('failed', null, CREATOR_LEFT);
  }
  const { message } = content;
  // Nothing matches: nothing is sent.
  if (message.total === 0) return finish('empty', 0, null);

  if (reminder.channel === 'email') {
    const recipients = await emailRecipients(app, reminder.org, reminder.team_slug);
    for (const recipient of recipients) {
      await app.mail.queue({
        key: `team-reminder:${reminder.id}:${job.slot}:${recipient.id}`,
        userId: recipient.id,
        to: recipient.email,
        payload: mailPayloadOf(message, content.teamName),
      });
    }
    await updateReminder(app.db, reminder.id, { last_sent_at: new Date().toISOString() });
    return finish('sent', message.total, null);
  }

  const webhook = allowedWebhookOf(app, reminder);
  if (!webhook) return finish('failed', message.total, 'webhook host not allowed');
  const outcome = await postToSlack(webhook, slackPayload(message));
  switch (outcome.kind) {
    case 'sent':
      await updateReminder(app.db, reminder.id, { last_sent_at: new Date().toISOString() });
      return finish('sent', message.total, null);
    case 'rate-limited':
      await countDeliveryAttempt(app.db, job.reminderId, job.slot, '429 rate_limited');
      throw new RetryLaterError(outcome.retryAfterSeconds, 'Slack answered 429');
    case 'gone':
      await turnReminderOff(app, reminder, outcome.reason, content.teamName);
      return finish('failed', message.total, `${outcome.status} ${outcome.reason}`);
    case 'failed':
    case 'unreachable': {
      const error =
        outcome.kind === 'failed' ? `${outcome.status} ${outcome.body}` : 'Slack unreachable';
      const retry = outcome.kind === 'unreachable' || outcome.retry;
      if (!retry || attempt.retryCount >= DELIVERY_RETRY_LIMIT) {
        return finish('failed', message.total, error);
      }
      await countDeliveryAttempt(app.db, job.reminderId, job.slot, error);
      // The queue retries with backoff; the error never names the webhook's URL.
      throw new Error(`Slack reminder not delivered: ${error}`);
    }
  }
}

/**
 * `POST …/reminders/:id/test`: sends one now, as the asker sees the team. Slack gets the message;
 * email goes to the asker alone (a test should not mail the whole team).
 */
export async function sendTestReminder(
  app: FastifyInstance,
  reminder: TeamReminderRow,
  asker: { id: string; email: string },
): Promise<ReminderTestResult | null> {
  const content = await contentFor(app, reminder, asker.id, Date.now());
  if (!content) return null;
  const { message } = content;
  const result = (sent: boolean, text: string): ReminderTestResult => ({
    sent,
    pullRequestCount: message.total,
    message: text,
  });
  if (message.total === 0) return result(false, reminderTexts.testNothing);
  if (reminder.channel === 'email') {
    if (!app.mail.enabled || !asker.email) return result(false, reminderTexts.testNoEmail);
    await app.mail.queue({
      key: oneOffMailKey('team-reminder'),
      userId: asker.id,
      to: asker.email,
      payload: mailPayloadOf(message, content.teamName),
    });
    return result(true, reminderTexts.testSent(message.total, 'email'));
  }
  const webhook = allowedWebhookOf(app, reminder);
  if (!webhook) return result(false, reminderTexts.hostNotAllowed(app.config.slackWebhookHosts));
  const outcome = await postToSlack(webhook, slackPayload(message));
  switch (outcome.kind) {
    case 'sent':
      await updateReminder(app.db, reminder.id, { last_sent_at: new Date().toISOString() });
      return result(true, reminderTexts.testSent(message.total, 'slack'));
    case 'rate-limited':
      return result(false, reminderTexts.testFailed(429, 'rate_limited'));
    case 'gone':
      await turnReminderOff(app, reminder, outcome.reason, content.teamName);
      return result(false, reminderTexts.testFailed(outcome.status, outcome.reason));
    case 'failed':
      return result(false, reminderTexts.testFailed(outcome.status, outcome.body));
    case 'unreachable':
      return result(false, reminderTexts.testUnreachable);
  }
}
