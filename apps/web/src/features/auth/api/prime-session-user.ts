import type { userResultSchema } from '@shipdeck/shared/auth';
import { hydrate } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-client';
import { earlySessionAnswered, takeEarlySessionSuccess } from '@/lib/early-session-request';
import { queryClient } from '@/lib/query-client';
import { takeRenderedCache } from '@/lib/rendered-page';
import { meQueryKey } from './session-user';

/**
 * How long a signed-in page's first render waits for the session check beyond its own code. The
 * answer is usually in before the code (it is sent first); a slower one gets "Authenticating".
 */
export const SESSION_WAIT_MS = 1_000;

/**
 * Before a signed-in page's first render (its layout route's loader): puts the user of the
 * session check main.tsx sent at start into the cache, so the first render draws the page.
 * Without it the first render drew "Authenticating", and the page only a full render later,
 * once the session query had taken the same answer (issue 12: the dashboard's largest paint).
 * A failed check is left to the session query, which handles it like any other answer.
 */
export async function primeSessionUser(): Promise<void> {
  // A page the server drew brings the answers it was drawn from, the session's user among them.
  const rendered = takeRenderedCache();
  if (rendered !== undefined) hydrate(queryClient, rendered);
  if (queryClient.getQueryData(meQueryKey) !== undefined) return;
  let waited: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    earlySessionAnswered(),
    new Promise<void>((resolve) => (waited = setTimeout(resolve, SESSION_WAIT_MS))),
  ]);
  clearTimeout(waited);
  const body = takeEarlySessionSuccess();
  if (body === null) return;
  try {
    const { user } = unwrap<typeof userResultSchema>({ data: await body, status: 200 });
    queryClient.setQueryData(meQueryKey, user);
  } catch {
    // An unreadable answer: the session query asks the server again and reports what it gets.
  }
}
