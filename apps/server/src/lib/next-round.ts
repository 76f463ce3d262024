/**
 * Returns `wait()`, which settles once a run of `task` that began after the call has finished.
 * Callers that arrive while a run is under way share the one after it, so however many ask,
 * at most one run is under way and one waits to start.
 */
export function nextRound<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let following: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const run: Promise<T> = task().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    following ??= running
      .catch(() => undefined)
      .then(() => {
        following = null;
        return start();
      });
    return following;
  };
}
