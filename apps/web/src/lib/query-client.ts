import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

// Nothing cached for a session survives its 401, from the moment the cache exists.
onSessionEnd(() => queryClient.clear());
