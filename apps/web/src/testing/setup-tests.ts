import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { fetchTransport, setTransport, setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { stubMatchMedia } from './match-media';

beforeEach(() => {
  stubMatchMedia(false);
  setUnauthorizedHandler(vi.fn());
});

afterEach(() => {
  cleanup();
  // Sonner replays still-active toasts to the next <Toaster>; end them with the test.
  toast.dismiss();
  queryClient.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
  setTransport(fetchTransport);
  window.history.replaceState(null, '', '/');
});
