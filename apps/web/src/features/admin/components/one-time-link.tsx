import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { formatDateTime } from '@/utils/format-date';

/**
 * A link the server made once and keeps only the hash of (an invitation, a password reset), with
 * a Copy button. The field stays selectable: the clipboard is out of reach over plain HTTP on
 * anything but localhost, and the toast then says to copy it by hand.
 */
export function OneTimeLink({
  label,
  note,
  url,
  expiresAt,
  copiedMessage,
}: {
  label: string;
  note: string;
  url: string;
  expiresAt: string;
  copiedMessage: string;
}) {
  const [copied, setCopied] = useState(false);
  const fieldId = useId();

  const copy = () => {
    // Inside the promise chain: `navigator.clipboard` is undefined outside a secure context.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(url))
      .then(
        () => {
          setCopied(true);
          toast.success(copiedMessage);
        },
        () => toast.error(adminMessages.copyFailed),
      );
  };

  return (
    <div className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50/60 p-3 dark:border-emerald-900/60 dark:bg-emerald-950/20">
      <label
        htmlFor={fieldId}
        className="block text-sm font-medium text-zinc-900 dark:text-zinc-50"
      >
        {label}
      </label>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{note}</p>
      <div className="flex gap-2">
        <Input
          id={fieldId}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 font-mono text-xs"
        />
        <Button variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Expires <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>
      </p>
    </div>
  );
}
