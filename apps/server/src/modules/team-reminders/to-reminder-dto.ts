import type { Reminder, ReminderDay } from '@shipdeck/shared/team-reminders';
import { REMINDER_DAYS } from '@shipdeck/shared/team-reminders';
import type { ReminderFilters } from './reminder-filters.js';
import type { ReminderSchedule } from './reminder-schedule.js';
import type { TeamReminderWithCreator } from './team-reminders.repository.js';
import type { TeamReminderRow } from './team-reminders.table.js';

function jsonStrings(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const isDay = (value: string): value is ReminderDay =>
  (REMINDER_DAYS as readonly string[]).includes(value);

export function reminderScheduleOf(row: TeamReminderRow): ReminderSchedule {
  return {
    days: jsonStrings(row.days).filter(isDay),
    times: jsonStrings(row.times),
    timeZone: row.time_zone,
  };
}

export function reminderFiltersOf(row: TeamReminderRow): ReminderFilters {
  return {
    ignoreDrafts: row.ignore_drafts === 1,
    requireReviewRequests: row.require_review_requests === 1,
    ignoreApprovedWith: row.ignore_approved_with,
    minAgeHours: row.min_age_hours,
    minStaleHours: row.min_stale_hours,
    ignoredTerms: jsonStrings(row.ignored_terms),
    ignoredLabels: jsonStrings(row.ignored_labels),
    requiredLabels: jsonStrings(row.required_labels),
  };
}

/** What the API answers: never the webhook URL, only its last four characters. */
export function toReminderDto(row: TeamReminderWithCreator): Reminder {
  const schedule = reminderScheduleOf(row);
  const filters = reminderFiltersOf(row);
  return {
    id: row.id,
    channel: row.channel,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    slackWebhookLast4: row.slack_webhook_last4,
    createdBy: row.created_by_username ?? null,
    createdAt: row.created_at,
    lastSentAt: row.last_sent_at,
    days: [...schedule.days],
    times: [...schedule.times],
    timeZone: schedule.timeZone,
    ...filters,
    ignoredTerms: [...filters.ignoredTerms],
    ignoredLabels: [...filters.ignoredLabels],
    requiredLabels: [...filters.requiredLabels],
  };
}
