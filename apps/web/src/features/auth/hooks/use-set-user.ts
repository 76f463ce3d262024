import type { User } from '@shipdeck/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getMeQueryOptions } from '../api/get-me';
import { getStatsQueryOptions } from '../api/get-stats';

/** Merges a user returned by the server into the session (spec §4) and refreshes its stats. */
export function useSetUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: getStatsQueryOptions().queryKey });
    },
    [queryClient],
  );
}
