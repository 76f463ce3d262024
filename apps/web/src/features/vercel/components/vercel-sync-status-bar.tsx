import { ProviderDownBanner } from '@/components/ui/provider-down-banner';
import { useUser } from '@/features/auth/hooks/use-session';
import { useVercelSyncStatus } from '../api/get-vercel-sync-status';

/** On Vercel pages and panels: nothing while Vercel answers, the banner when it does not. */
export function VercelSyncStatusBar() {
  const user = useUser();
  const query = useVercelSyncStatus(user.vercel?.status === 'connected');
  return query.data ? <ProviderDownBanner provider="Vercel" status={query.data} /> : null;
}
