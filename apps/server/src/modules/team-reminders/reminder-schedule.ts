import cronParser from 'cron-parser';
import type { ReminderDay } from '@shipdeck/shared/team-reminders';

export interface ReminderSchedule {
  days: readonly ReminderDay[];
  /** `HH:MM`, local to the time zone. */
  times: readonly string[];
  /** IANA name. */
  timeZone: string;
}

// cron's day numbers: Sunday 0.
const CRON_DAY: Record<ReminderDay, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

/**
 * The slots of a schedule in (fromMs, toMs]: each chosen day and time as a wall-clock time in the
 * reminder's time zone, daylight-saving changes included (cron-parser with luxon does the zone
 * arithmetic). Each slot is an instant, which names it across instances.
 */
export function slotsBetween(schedule: ReminderSchedule, fromMs: number, toMs: number): number[] {
  if (toMs <= fromMs) return [];
  const dayList = [...new Set(schedule.days.map((day) => CRON_DAY[day]))].sort().join(',');
  const slots = new Set<number>();
  for (const time of new Set(schedule.times)) {
    const [hour = '0', minute = '0'] = time.split(':');
    const interval = cronParser.parseExpression(
      `${Number(minute)} ${Number(hour)} * * ${dayList}`,
      { tz: schedule.timeZone, currentDate: new Date(fromMs), endDate: new Date(toMs) },
    );
    while (interval.hasNext()) {
      const at = interval.next().getTime();
      if (at > fromMs && at <= toMs) slots.add(at);
    }
  }
  return [...slots].sort((a, b) => a - b);
}
