import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchAfterFirstInteraction } from '../when-idle';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('prefetchAfterFirstInteraction (issue 34)', () => {
  let idle: IdleRequestCallback[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());
  const browserIsIdle = () => {
    for (const callback of idle.splice(0)) {
      callback({ didTimeout: false, timeRemaining: () => 50 });
    }
  };

  it('prefetches once the first interaction has been answered and the browser is idle', async () => {
    const prefetch = vi.fn();
    const cancel = prefetchAfterFirstInteraction(prefetch);
    await frame();
    browserIsIdle();
    expect(prefetch).not.toHaveBeenCalled();

    window.dispatchEvent(new PointerEvent('pointerdown'));
    expect(idle).toHaveLength(0); // the interaction's own frame first
    await frame();
    browserIsIdle();
    expect(prefetch).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    await frame();
    browserIsIdle();
    expect(prefetch).toHaveBeenCalledTimes(1);
    cancel();
  });

  it.each([
    ['Save-Data is on', { saveData: true, effectiveType: '4g' }],
    ['the connection is slow', { saveData: false, effectiveType: '2g' }],
  ])('prefetches nothing when %s', async (_, connection) => {
    vi.stubGlobal('navigator', { ...navigator, connection });
    const prefetch = vi.fn();
    const cancel = prefetchAfterFirstInteraction(prefetch);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    await frame();
    browserIsIdle();
    expect(prefetch).not.toHaveBeenCalled();
    cancel();
  });

  it('prefetches nothing once cancelled (the page left)', async () => {
    const prefetch = vi.fn();
    prefetchAfterFirstInteraction(prefetch)();
    window.dispatchEvent(new PointerEvent('pointerdown'));
    await frame();
    browserIsIdle();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
