import type { Insertable, Selectable, Updateable } from 'kysely';

/** A team's scheduled reminder; lists are JSON arrays, switches 0/1. */
export interface TeamRemindersTable {
  id: string;
  org: string;
  team_slug: string;
  /** The member who made it; null once their account is gone. */
  created_by: string | null;
  channel: 'slack' | 'email';
  /** The Slack incoming-webhook URL, sealed with `app.secrets`; null for email. */
  slack_webhook_sealed: string | null;
  slack_webhook_last4: string | null;
  days: string;
  times: string;
  time_zone: string;
  ignore_drafts: number;
  require_review_requests: number;
  ignore_approved_with: number | null;
  min_age_hours: number;
  min_stale_hours: number;
  ignored_terms: string;
  ignored_labels: string;
  required_labels: string;
  enabled: number;
  /** Slack's reason (channel_not_found, …) when a delivery turned it off. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
  last_sent_at: string | null;
}
export type TeamReminderRow = Selectable<TeamRemindersTable>;
export type NewTeamReminderRow = Insertable<TeamRemindersTable>;
export type TeamReminderUpdate = Updateable<TeamRemindersTable>;

export type ReminderDeliveryStatus = 'queued' | 'sent' | 'empty' | 'failed';

/** One scheduled slot of one reminder: inserted once, whichever instance finds it due. */
export interface TeamReminderDeliveriesTable {
  reminder_id: string;
  /** The slot's instant (ISO, UTC): the reminder's local day and time in its time zone. */
  slot: string;
  status: ReminderDeliveryStatus;
  pull_request_count: number | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}
