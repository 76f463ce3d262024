import type { User } from '@shipdeck/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useToken } from '@/lib/token-storage';
import { getMeQueryOptions } from '../api/get-me';

export type Session = {
  token: string | null;
  user: User | null;
  /** The spec's rule: authenticated means a user and a token. */
  isAuthenticated: boolean;
  /** A token exists but its user has not loaded yet. */
  isAuthenticating: boolean;
};

export function useSession(): Session {
  const token = useToken();
  const me = useQuery({ ...getMeQueryOptions(), enabled: token !== null });
  const user = token !== null ? (me.data ?? null) : null;
  return {
    token,
    user,
    isAuthenticated: user !== null,
    isAuthenticating: token !== null && user === null,
  };
}

/** For components rendered only inside the protected routes, where the user is loaded. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser() used outside an authenticated route');
  return user;
}
