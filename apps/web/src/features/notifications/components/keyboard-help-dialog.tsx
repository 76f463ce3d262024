import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { triageKeys } from '../triage-keys';

/** `?`: the inbox's keys, in the app's dialog. */
export function KeyboardHelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={notificationTexts.keyboardShortcuts}
        description={notificationTexts.keyboardShortcutsHint}
      >
        <dl className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {triageKeys.map((entry) => (
            <div key={entry.command} className="flex items-center justify-between gap-4 py-2">
              <dt className="flex shrink-0 gap-1">
                {entry.keys.map((key, index) => (
                  <span key={key} className="flex items-center gap-1">
                    {index > 0 ? (
                      <span className="text-xs text-zinc-500 dark:text-zinc-400">or</span>
                    ) : null}
                    <kbd className="min-w-6 rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 text-center font-mono text-xs text-zinc-800 shadow-xs dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100">
                      {key}
                    </kbd>
                  </span>
                ))}
              </dt>
              <dd className="text-right text-zinc-700 dark:text-zinc-300">{entry.label}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button size="sm">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
