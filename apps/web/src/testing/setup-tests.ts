import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { fetchTransport, setTransport, setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { stubMatchMedia } from './match-media';
import { installPopoverAndDialog } from './popover-and-dialog';

// findBy* and waitFor give up after 1 s by default: a role query over a whole page can take
// longer than that alone when two test files share a busy 2-core CI machine. A later answer
// still passes and a wrong one still fails; only the wait for the right one is longer.
configure({ asyncUtilTimeout: 10_000 });
installPopoverAndDialog();

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
