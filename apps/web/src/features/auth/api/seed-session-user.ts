import type { User } from '@shipdeck/shared/auth';
import { meQueryKey } from './session-user';

/**
 * Puts a user the server just returned into the session cache, so the signed-in pages render at
 * once instead of "Authenticating". The cache is loaded here, on the way to those pages, rather
 * than with /login and /signup, which do not need it.
 */
export async function seedSessionUser(user: User): Promise<void> {
  const { queryClient } = await import('@/lib/query-client');
  queryClient.setQueryData(meQueryKey, user);
}
