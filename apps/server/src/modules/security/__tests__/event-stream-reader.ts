/** An open `GET /api/events` stream whose text so far can be read and waited on. */
export interface EventStreamReader {
  text(): string;
  /** Resolves once `fragment` has arrived; rejects after `timeoutMs`. */
  waitFor(fragment: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens the Server-Sent Events stream with a ticket, as the browser's EventSource does. */
export async function openEventStream(
  origin: string,
  ticket: string,
  lastEventId?: number,
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== undefined) query.set('lastEventId', String(lastEventId));
  const response = await fetch(`${origin}/api/events?${query.toString()}`, {
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the event stream answered ${response.status}`);
  }
  let received = '';
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
        if (done) return;
        received += decoder.decode(value, { stream: true });
        for (const wake of waiters) wake();
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    text: () => received,
    waitFor(fragment, timeoutMs = 5_000) {
      if (received.includes(fragment)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`"${fragment}" did not arrive on the event stream`));
        }, timeoutMs);
        const check = () => {
          if (!received.includes(fragment)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
