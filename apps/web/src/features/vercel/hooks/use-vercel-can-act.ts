import { useUser } from '@/features/auth/hooks/use-session';

/**
 * Whether this person may redeploy, promote, roll back and cancel: false while an admin lets
 * members only view the server's Vercel account (the server would refuse the action). The
 * deployment pages then offer none of them and say why (errorMessages.serverVercelViewOnly).
 */
export function useVercelCanAct(): boolean {
  return useUser().vercel?.canAct ?? true;
}
