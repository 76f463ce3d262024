import { queryOptions } from '@tanstack/react-query';
import { getMe, loadSessionUser, meQueryKey } from './session-user';

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    // A failed background refresh of an already loaded user keeps the session.
    queryFn: ({ client }) =>
      client.getQueryData(meQueryKey) === undefined ? loadSessionUser() : getMe(),
    staleTime: 5 * 60_000,
  });
}
