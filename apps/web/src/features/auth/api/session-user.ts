import type { User, userResultSchema } from '@shipdeck/shared/auth';
import { signInErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { toast } from '@/lib/toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { clearToken } from '@/lib/token-storage';

// Apart from the query options (get-me.ts): /login and /signup check a stored token with these
// and ship no TanStack Query.

export const meQueryKey = ['auth', 'me'] as const;

export async function getMe(): Promise<User> {
  const response = await apiClient.get('/auth/me');
  return unwrap<typeof userResultSchema>(response).user;
}

/**
 * The stored token's user, when none is loaded yet: a failure says so and signs out, since the
 * token is no good. Used by the session query and by /login and /signup.
 */
export async function loadSessionUser(): Promise<User> {
  try {
    return await getMe();
  } catch (error) {
    toast.error(signInErrorMessages.authenticate, { id: signInErrorMessages.authenticate });
    clearToken();
    throw error;
  }
}
