/**
 * Runs a call once for every caller that asks for the same key while it is under way; they all
 * get its result (or its error). Once it settles, the next caller starts a new one.
 */
export function shareConcurrentCalls<T>(): (key: string, call: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, call) => {
    const existing = running.get(key);
    if (existing) return existing;
    const started = call().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
