import { describe, expect, it } from 'vitest';
import { nextRound } from './next-round.js';

describe('nextRound', () => {
  it('answers each caller from a run that began after it asked, sharing the run after the current one', async () => {
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const wait = nextRound(() => {
      const run = started.length + 1;
      started.push(run);
      return new Promise<number>((resolve) => releases.push(() => resolve(run)));
    });

    const first = wait();
    const second = wait();
    const third = wait();
    expect(started).toEqual([1]);
    releases[0]?.();
    expect(await first).toBe(1);
    // Asked while run 1 was under way: run 1 may have begun before their question.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    releases[1]?.();
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    const fourth = wait();
    expect(started).toEqual([1, 2, 3]);
    releases[2]?.();
    expect(await fourth).toBe(3);
  });

  it('starts the next run after a failed one, and gives the failure only to that run’s callers', async () => {
    let runs = 0;
    let fail: (error: Error) => void = () => undefined;
    const wait = nextRound(() => {
      runs += 1;
      if (runs === 1) return new Promise<string>((_, reject) => (fail = reject));
      return Promise.resolve('ok');
    });
    const first = wait();
    const second = wait();
    fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe('ok');
    expect(runs).toBe(2);
  });
});
