import type { Reminder } from '@shipdeck/shared/team-reminders';
import { Mail, MessageSquare, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { getErrorMessage } from '@/lib/api-error';
import { useTestReminder } from '../api/test-reminder';
import { useUpdateReminder } from '../api/update-reminder';
import { DAY_LABELS, reminderTexts } from '../texts';
import { DeleteReminderDialog } from './delete-reminder-dialog';

type ReminderRowProps = { org: string; slug: string; reminder: Reminder; onEdit: () => void };

export function channelLabel(reminder: Reminder): string {
  return reminder.channel === 'slack'
    ? `Slack ••••${reminder.slackWebhookLast4 ?? ''}`
    : 'Email to members';
}

/** One reminder: where and when it goes, whether it is on, and what to do with it. */
export function ReminderRow({ org, slug, reminder, onEdit }: ReminderRowProps) {
  const id = useId();
  const update = useUpdateReminder(org, slug);
  const test = useTestReminder(org, slug);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const label = channelLabel(reminder);
  const Icon = reminder.channel === 'slack' ? MessageSquare : Mail;

  return (
    <li className="space-y-2 px-4 py-3.5 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-50">
            <Icon aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
            {label}
            {reminder.enabled ? null : (
              <Badge variant="secondary" size="sm">
                Off
              </Badge>
            )}
          </p>
          <p className="text-sm wrap-anywhere text-zinc-700 dark:text-zinc-300">
            {reminder.days.map((day) => DAY_LABELS[day]).join(', ')} at {reminder.times.join(', ')}{' '}
            ({reminder.timeZone})
          </p>
          <p className="flex flex-wrap gap-x-1 text-xs text-zinc-500 dark:text-zinc-400">
            <span>
              {reminder.lastSentAt ? (
                <RelativeTime value={reminder.lastSentAt} prefix="Last sent" />
              ) : (
                reminderTexts.neverSent
              )}
            </span>
            {reminder.createdBy ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="wrap-anywhere">created by {reminder.createdBy}</span>
              </>
            ) : null}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            id={`${id}-enabled`}
            type="checkbox"
            role="switch"
            checked={reminder.enabled}
            disabled={update.isPending}
            aria-label={`${reminderTexts.enabled}: ${label}`}
            onChange={(event) =>
              update.mutate(
                { id: reminder.id, body: { enabled: event.target.checked } },
                {
                  onError: (error) =>
                    setResult({
                      ok: false,
                      message: getErrorMessage(error, reminderTexts.toggleFailed),
                    }),
                },
              )
            }
            className="size-4 accent-blue-600"
          />
          {reminderTexts.enabled}
        </label>
      </div>
      {reminder.disabledReason ? (
        <Alert size="sm">Turned off: {reminder.disabledReason}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={test.isPending}
          onClick={() => {
            setResult(null);
            test.mutate(reminder.id, {
              onSuccess: (answer) => setResult({ ok: answer.sent, message: answer.message }),
              onError: (error) =>
                setResult({ ok: false, message: getErrorMessage(error, reminderTexts.testFailed) }),
            });
          }}
        >
          {test.isPending ? null : <Send aria-hidden="true" />}
          {reminderTexts.sendTest}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onEdit}
          aria-label={`${reminderTexts.edit} ${label}`}
        >
          {reminderTexts.edit}
        </Button>
        <DeleteReminderDialog org={org} slug={slug} id={reminder.id} label={label} />
      </div>
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {result?.message ?? ''}
      </p>
    </li>
  );
}
