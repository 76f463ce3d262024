import { BellRing, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useReminders } from '../api/get-reminders';
import { reminderTexts } from '../texts';
import { ReminderRow } from './reminder-row';

// The form brings the reminder schemas (and zod) with it: loaded when a form opens.
const loadForm = () => import('./reminder-form');
const ReminderForm = lazy(() => loadForm().then((module) => ({ default: module.ReminderForm })));

/** The team's scheduled reminders: list, add, edit, turn on and off, delete, send a test. */
export function RemindersSection({ org, slug }: { org: string; slug: string }) {
  const reminders = useReminders(org, slug);
  // null: no form; 'new': a new reminder; an id: that reminder's edit form.
  const [editing, setEditing] = useState<string | null>(null);
  const list = reminders.data?.reminders ?? [];
  const edited = editing && editing !== 'new' ? list.find((item) => item.id === editing) : null;
  const form =
    editing === null ? null : (
      <Suspense
        fallback={
          <div className="flex justify-center py-6 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner label="Loading the form…" />
          </div>
        }
      >
        <ReminderForm
          key={editing}
          org={org}
          slug={slug}
          reminder={edited ?? null}
          onDone={() => setEditing(null)}
        />
      </Suspense>
    );

  return (
    <Card aria-labelledby="team-reminders-title">
      <CardHeader
        icon={<BellRing />}
        title={reminderTexts.title}
        titleId="team-reminders-title"
        description={reminderTexts.description}
        action={
          editing === 'new' ? null : (
            <Button
              variant="outline"
              size="sm"
              onPointerEnter={() => void loadForm()}
              onFocus={() => void loadForm()}
              onClick={() => setEditing('new')}
            >
              <Plus aria-hidden="true" />
              {reminderTexts.add}
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        {editing === 'new' ? form : null}
        {reminders.isPending ? (
          <div className="flex justify-center py-6 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner label="Loading reminders…" />
          </div>
        ) : reminders.isError ? (
          <LoadError
            title={reminderTexts.load}
            error={reminders.error}
            onRetry={() => void reminders.refetch()}
            retrying={reminders.isFetching}
          />
        ) : list.length === 0 ? (
          editing === 'new' ? null : (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{reminderTexts.none}</p>
          )
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {list.map((reminder) =>
              editing === reminder.id ? (
                <li key={reminder.id} className="p-2">
                  {form}
                </li>
              ) : (
                <ReminderRow
                  key={reminder.id}
                  org={org}
                  slug={slug}
                  reminder={reminder}
                  onEdit={() => setEditing(reminder.id)}
                />
              ),
            )}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
