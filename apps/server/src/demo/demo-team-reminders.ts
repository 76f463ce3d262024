import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR, recordAudit } from '../modules/audit/record-audit.js';
import { lastFour } from '../modules/team-reminders/slack-webhook-url.js';
import { insertReminder } from '../modules/team-reminders/team-reminders.repository.js';

export const DEMO_REMINDERS_QUEUE = 'demo.team-reminders';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];

/**
 * Demo mode: each team the sync has read gets one Slack reminder pointed at the emulator's
 * receiver (weekdays at 09:00 in its first viewer's time zone), made by that viewer, so the team
 * page shows one and its test lands on /_demo/slack. A team that ever had a reminder (the audit
 * log says so) is left alone: a reminder someone deleted stays deleted. Answers how many it made.
 */
export async function ensureDemoReminders(
  app: FastifyInstance,
  newWebhookUrl: () => string,
): Promise<number> {
  const teams = await app.db
    .selectFrom('github_teams')
    .innerJoin('github_team_viewers', 'github_team_viewers.team_id', 'github_teams.id')
    .innerJoin('users', 'users.id', 'github_team_viewers.user_id')
    .select([
      'github_teams.org_login',
      'github_teams.slug',
      'github_team_viewers.user_id',
      'users.pref_time_zone',
    ])
    .orderBy('github_team_viewers.synced_at')
    .execute();
  const seen = new Set<string>();
  let made = 0;
  for (const team of teams) {
    const label = `${team.org_login}/${team.slug}`;
    if (seen.has(label)) continue;
    seen.add(label);
    const before = await app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'reminder.created')
      .where('target_label', '=', label)
      .executeTakeFirst();
    if (before) continue;
    const id = randomUUID();
    const url = newWebhookUrl();
    const now = new Date().toISOString();
    await insertReminder(app.db, {
      id,
      org: team.org_login,
      team_slug: team.slug,
      created_by: team.user_id,
      channel: 'slack',
      slack_webhook_sealed: app.secrets.seal(url),
      slack_webhook_last4: lastFour(url),
      days: JSON.stringify(WEEKDAYS),
      times: JSON.stringify(['09:00']),
      time_zone: team.pref_time_zone,
      ignore_drafts: 1,
      require_review_requests: 0,
      ignore_approved_with: null,
      min_age_hours: 0,
      min_stale_hours: 0,
      ignored_terms: '[]',
      ignored_labels: '[]',
      required_labels: '[]',
      enabled: 1,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
      last_sent_at: null,
    });
    await recordAudit(app.db, {
      actor: SYSTEM_ACTOR,
      action: 'reminder.created',
      target: { type: 'team-reminder', id, label },
      details: { channel: 'slack', demo: true },
    });
    made += 1;
  }
  return made;
}

/** Looks for newly synced teams every minute (a team appears once its viewer's sync read it). */
export async function registerDemoReminders(
  app: FastifyInstance,
  newWebhookUrl: () => string,
): Promise<void> {
  await app.jobs.work(DEMO_REMINDERS_QUEUE, async () => {
    await ensureDemoReminders(app, newWebhookUrl);
  });
  await app.jobs.schedule(DEMO_REMINDERS_QUEUE, '* * * * *');
}
