import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './api-client';

/** A cache with the app's defaults: the browser's one below, or one per page the server draws. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Nothing cached for a session survives its 401, from the moment the cache exists.
onSessionEnd(() => queryClient.clear());
