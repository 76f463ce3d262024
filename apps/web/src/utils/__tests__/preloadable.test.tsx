import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from '../preloadable';
import { whenIdle } from '../when-idle';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadable', () => {
  it('renders at once, without its Suspense fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const { preload, Component } = preloadable(load);

    await preload();
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Mona" />
      </Suspense>,
    );

    // Synchronously in the first commit: no fallback (which React would keep up to 300 ms).
    expect(screen.getByText('Hello Mona')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on first render when nothing preloaded it, and tries again after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const { preload, Component } = preloadable(load);

    await expect(preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Hubot" />
      </Suspense>,
    );

    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Hubot')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for requestIdleCallback, with a timeout so a busy page still gets the work done', () => {
    const requestIdleCallback = vi.fn((_callback: IdleRequestCallback) => 7);
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const work = vi.fn();

    const cancel = whenIdle(work);

    expect(work).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 3_000 });
    act(() =>
      requestIdleCallback.mock.calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 9 }),
    );
    expect(work).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where there is no requestIdleCallback (Safari), and can be cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    const cancelled = vi.fn();

    whenIdle(work);
    whenIdle(cancelled)();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);

    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
