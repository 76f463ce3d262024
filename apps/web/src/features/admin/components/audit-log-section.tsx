import { AUDIT_RETENTION_DAYS, type AuditEntry, auditActionLabels } from '@shipdeck/shared/admin';
import { adminMessages, auditOutcomeLabels } from '@shipdeck/shared/instance-access-messages';
import { ScrollText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDateTime } from '@/utils/format-date';
import { useAuditLog } from '../api/get-audit-log';
import { SectionPending } from './section-pending';

const outcomeVariants = { success: 'success', refused: 'warning', failed: 'danger' } as const;

function actorName(actor: AuditEntry['actor']): string {
  if (actor.kind === 'cli') return adminMessages.actorCli;
  if (actor.kind === 'system') return adminMessages.actorSystem;
  if (actor.kind === 'anonymous') return adminMessages.actorAnonymous;
  return actor.username ?? '—';
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * "from: member · to: admin · expires at: Dec 4, 2026, 10:00 AM": what the entry recorded beside
 * its action, its camelCase keys as words and its times in the reader's locale.
 */
function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => {
      const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      const text =
        typeof value === 'string' && ISO_TIME.test(value) ? formatDateTime(value) : String(value);
      return `${words}: ${text}`;
    })
    .join(' · ');
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const details = detailsText(entry.details);
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-zinc-900 dark:text-zinc-50">
          {actorName(entry.actor)}
        </span>
        <span className="text-zinc-700 dark:text-zinc-300">{auditActionLabels[entry.action]}</span>
        {entry.target ? (
          <span className="min-w-0 break-all text-zinc-600 dark:text-zinc-400">
            {entry.target.label}
          </span>
        ) : null}
        <Badge variant={outcomeVariants[entry.outcome]} size="sm">
          {auditOutcomeLabels[entry.outcome]}
        </Badge>
        <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">
          <RelativeTime value={entry.at} />
        </span>
      </div>
      {entry.ip || details ? (
        <p className="mt-0.5 text-xs break-all text-zinc-500 dark:text-zinc-400">
          {entry.ip ? `From ${entry.ip}` : ''}
          {entry.ip && details ? ' · ' : ''}
          {details}
        </p>
      ) : null}
    </li>
  );
}

/** Who did what to whom, newest first, a page at a time. */
export function AuditLogSection() {
  const audit = useAuditLog();
  if (!audit.data) {
    return (
      <SectionPending
        query={audit}
        loadingLabel="Loading the audit log…"
        errorTitle={adminMessages.loadAudit}
      />
    );
  }
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <Card aria-labelledby="audit-log-title">
      <CardHeader
        icon={<ScrollText />}
        title="Audit log"
        titleId="audit-log-title"
        description={`Newest first. Entries are kept for ${AUDIT_RETENTION_DAYS} days.`}
      />
      {entries.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">
          {adminMessages.noAuditEntries}
        </p>
      ) : (
        <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {audit.hasNextPage ? (
        <div className="flex justify-center border-t border-zinc-100 px-4 py-3 dark:border-zinc-800">
          <Button
            variant="outline"
            size="sm"
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
