import {
  createReminderBodySchema,
  REMINDER_DAYS,
  type Reminder,
  updateReminderBodySchema,
} from '@shipdeck/shared/team-reminders';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { type FieldErrors, firstErrorByField } from '@/utils/field-errors';
import { useCreateReminder } from '../api/create-reminder';
import { useUpdateReminder } from '../api/update-reminder';
import { DAY_LABELS, reminderTexts } from '../texts';

const FIELDS = [
  'channel',
  'slackWebhookUrl',
  'days',
  'times',
  'timeZone',
  'ignoreDrafts',
  'requireReviewRequests',
  'ignoreApprovedWith',
  'minAgeHours',
  'minStaleHours',
  'ignoredTerms',
  'ignoredLabels',
  'requiredLabels',
] as const;
type Field = (typeof FIELDS)[number];
type Day = (typeof REMINDER_DAYS)[number];

type Values = {
  channel: 'slack' | 'email';
  slackWebhookUrl: string;
  days: Day[];
  times: string;
  timeZone: string;
  ignoreDrafts: boolean;
  requireReviewRequests: boolean;
  ignoreApproved: boolean;
  ignoreApprovedWith: string;
  minAgeHours: string;
  minStaleHours: string;
  ignoredTerms: string;
  ignoredLabels: string;
  requiredLabels: string;
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function initialValues(reminder: Reminder | null): Values {
  return {
    channel: reminder?.channel ?? 'slack',
    slackWebhookUrl: '',
    days: reminder ? [...reminder.days] : ['mon', 'tue', 'wed', 'thu', 'fri'],
    times: reminder ? reminder.times.join(', ') : '09:00',
    timeZone: reminder?.timeZone ?? browserTimeZone(),
    ignoreDrafts: reminder?.ignoreDrafts ?? true,
    requireReviewRequests: reminder?.requireReviewRequests ?? false,
    ignoreApproved: (reminder?.ignoreApprovedWith ?? null) !== null,
    ignoreApprovedWith: String(reminder?.ignoreApprovedWith ?? 1),
    minAgeHours: String(reminder?.minAgeHours ?? 0),
    minStaleHours: String(reminder?.minStaleHours ?? 0),
    ignoredTerms: reminder?.ignoredTerms.join(', ') ?? '',
    ignoredLabels: reminder?.ignoredLabels.join(', ') ?? '',
    requiredLabels: reminder?.requiredLabels.join(', ') ?? '',
  };
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** An empty box is 0 hours; anything else goes to the schema as typed, which names what is wrong. */
const toNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));

function timeZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

function toBody(values: Values) {
  const url = values.slackWebhookUrl.trim();
  return {
    channel: values.channel,
    ...(values.channel === 'slack' && url !== '' ? { slackWebhookUrl: url } : {}),
    days: values.days,
    times: splitList(values.times),
    timeZone: values.timeZone,
    ignoreDrafts: values.ignoreDrafts,
    requireReviewRequests: values.requireReviewRequests,
    ignoreApprovedWith: values.ignoreApproved ? toNumber(values.ignoreApprovedWith) : null,
    minAgeHours: toNumber(values.minAgeHours),
    minStaleHours: toNumber(values.minStaleHours),
    ignoredTerms: splitList(values.ignoredTerms),
    ignoredLabels: splitList(values.ignoredLabels),
    requiredLabels: splitList(values.requiredLabels),
  };
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-xs font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

function Checkbox({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-blue-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

type ReminderFormProps = {
  org: string;
  slug: string;
  /** The reminder being edited; null for a new one. */
  reminder: Reminder | null;
  onDone: () => void;
};

/**
 * Every field of a reminder. Checked with the same zod schemas the server uses, so their messages
 * show by the field before anything is sent; a 400 from the server (the Slack host rule) lands by
 * its field too.
 */
export function ReminderForm({ org, slug, reminder, onDone }: ReminderFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(reminder));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReminder(org, slug);
  const update = useUpdateReminder(org, slug);
  const pending = create.isPending || update.isPending;

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      const byField = firstErrorByField(error.fieldErrors, FIELDS);
      if (Object.keys(byField).length > 0) {
        setErrors(byField);
        return;
      }
    }
    setFailure(getErrorMessage(error, reminderTexts.saveFailed));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const body = toBody(values);
    if (reminder) {
      const parsed = updateReminderBodySchema.safeParse(body);
      if (!parsed.success) {
        setErrors(firstErrorByField(parsed.error.issues, FIELDS));
        return;
      }
      update.mutate({ id: reminder.id, body: parsed.data }, { onSuccess: onDone, onError });
    } else {
      const parsed = createReminderBodySchema.safeParse(body);
      if (!parsed.success) {
        setErrors(firstErrorByField(parsed.error.issues, FIELDS));
        return;
      }
      create.mutate(parsed.data, { onSuccess: onDone, onError });
    }
  };

  const daysError = `${id}-days-error`;
  const channelError = `${id}-channel-error`;
  const zoneError = `${id}-zone-error`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={reminder ? reminderTexts.editTitle : reminderTexts.newTitle}
      className="space-y-4 rounded-md border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {reminder ? reminderTexts.editTitle : reminderTexts.newTitle}
      </h3>
      <fieldset
        className="space-y-1.5"
        aria-describedby={errors.channel ? channelError : undefined}
      >
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Channel</legend>
        <div className="flex flex-wrap gap-4">
          {(['slack', 'email'] as const).map((channel) => (
            <label
              key={channel}
              className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200"
            >
              <input
                type="radio"
                name={`${id}-channel`}
                value={channel}
                checked={values.channel === channel}
                onChange={() => change('channel', channel)}
                className="size-4 accent-blue-600"
              />
              {channel === 'slack' ? 'Slack' : 'Email'}
            </label>
          ))}
        </div>
        <FieldError id={channelError} message={errors.channel} />
      </fieldset>
      {values.channel === 'slack' ? (
        <TextField
          label="Slack webhook URL"
          type="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.slack.com/services/…"
          value={values.slackWebhookUrl}
          onChange={(event) => change('slackWebhookUrl', event.target.value)}
          error={errors.slackWebhookUrl}
          hint={
            reminder?.slackWebhookLast4
              ? `${reminderTexts.keepUrl} Now ••••${reminder.slackWebhookLast4}.`
              : reminderTexts.slackUrlHint
          }
        />
      ) : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{reminderTexts.emailHint}</p>
      )}
      <fieldset className="space-y-1.5" aria-describedby={errors.days ? daysError : undefined}>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Days</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {REMINDER_DAYS.map((day) => (
            <label
              key={day}
              className="flex items-center gap-1.5 text-sm text-zinc-800 dark:text-zinc-200"
            >
              <input
                type="checkbox"
                checked={values.days.includes(day)}
                onChange={(event) =>
                  change(
                    'days',
                    event.target.checked
                      ? REMINDER_DAYS.filter((d) => d === day || values.days.includes(d))
                      : values.days.filter((d) => d !== day),
                  )
                }
                className="size-4 accent-blue-600"
              />
              {DAY_LABELS[day]}
            </label>
          ))}
        </div>
        <FieldError id={daysError} message={errors.days} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Times"
          value={values.times}
          onChange={(event) => change('times', event.target.value)}
          error={errors.times}
          hint={reminderTexts.timesHint}
        />
        <div className="space-y-1.5">
          <label
            htmlFor={`${id}-zone`}
            className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
          >
            Time zone
          </label>
          <Select
            id={`${id}-zone`}
            value={values.timeZone}
            aria-invalid={errors.timeZone ? true : undefined}
            aria-describedby={errors.timeZone ? zoneError : undefined}
            onChange={(event) => change('timeZone', event.target.value)}
          >
            {timeZones(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
          <FieldError id={zoneError} message={errors.timeZone} />
        </div>
      </div>
      <div className="space-y-3">
        <Checkbox
          label="Ignore drafts"
          checked={values.ignoreDrafts}
          onChange={(checked) => change('ignoreDrafts', checked)}
        />
        <Checkbox
          label="Require review requests"
          hint="Only pull requests where a member or the team was asked for a review."
          checked={values.requireReviewRequests}
          onChange={(checked) => change('requireReviewRequests', checked)}
        />
        <Checkbox
          label="Ignore approved pull requests"
          checked={values.ignoreApproved}
          onChange={(checked) => change('ignoreApproved', checked)}
        />
        {values.ignoreApproved ? (
          <TextField
            label="With at least this many approvals"
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            className="max-w-60 pl-6"
            value={values.ignoreApprovedWith}
            onChange={(event) => change('ignoreApprovedWith', event.target.value)}
            error={errors.ignoreApprovedWith}
          />
        ) : (
          <FieldError id={`${id}-approved-error`} message={errors.ignoreApprovedWith} />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Minimum age (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          value={values.minAgeHours}
          onChange={(event) => change('minAgeHours', event.target.value)}
          error={errors.minAgeHours}
        />
        <TextField
          label="Minimum time without activity (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          value={values.minStaleHours}
          onChange={(event) => change('minStaleHours', event.target.value)}
          error={errors.minStaleHours}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Ignored terms in titles"
          value={values.ignoredTerms}
          onChange={(event) => change('ignoredTerms', event.target.value)}
          error={errors.ignoredTerms}
          hint={reminderTexts.listHint}
        />
        <TextField
          label="Ignored labels"
          value={values.ignoredLabels}
          onChange={(event) => change('ignoredLabels', event.target.value)}
          error={errors.ignoredLabels}
          hint={reminderTexts.listHint}
        />
        <TextField
          label="Required labels"
          value={values.requiredLabels}
          onChange={(event) => change('requiredLabels', event.target.value)}
          error={errors.requiredLabels}
          hint={reminderTexts.listHint}
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {reminderTexts.cancel}
        </Button>
        <Button type="submit" loading={pending}>
          {reminderTexts.save}
        </Button>
      </div>
    </form>
  );
}
