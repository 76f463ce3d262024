import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has no requestIdleCallback: installs, around each test of the calling file, a stand-in
 * that holds the callbacks until the test says the browser is idle. Answers that signal.
 */
export function stubIdleCallbacks(): {
  browserIsIdle: () => void;
  /** Callbacks waiting for the browser to be idle. */
  pending: () => number;
} {
  let idleCallbacks: IdleRequestCallback[] = [];
  beforeEach(() => {
    idleCallbacks = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idleCallbacks.push(callback);
      return idleCallbacks.length;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => {
      idleCallbacks[handle - 1] = () => undefined;
    });
  });
  afterEach(() => {
    // Unmount first: the effects' cleanups cancel through the stand-in.
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    pending: () => idleCallbacks.length,
    browserIsIdle() {
      const pending = idleCallbacks;
      idleCallbacks = [];
      for (const callback of pending) callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}
