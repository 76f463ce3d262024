import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown on a connected account until Shipdeck has synced data for this view. */
export function NoGithubData({ subject }: { subject: string }) {
  return (
    <EmptyState
      icon={<Inbox />}
      title={`No ${subject} yet`}
      description={`Your GitHub account is connected, but no ${subject} are available yet.`}
      className="bg-white dark:bg-zinc-900/40"
    />
  );
}
