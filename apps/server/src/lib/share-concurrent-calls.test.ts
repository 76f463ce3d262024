import { describe, expect, it } from 'vitest';
import { shareConcurrentCalls } from './share-concurrent-calls.js';

describe('shareConcurrentCalls', () => {
  it('runs one call for concurrent callers of a key, and a new one once it has settled', async () => {
    const share = shareConcurrentCalls<number>();
    let runs = 0;
    const call = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    expect(await Promise.all([share('a', call), share('a', call), share('b', call)])).toEqual([
      2, 2, 2,
    ]);
    expect(runs).toBe(2);
    expect(await share('a', call)).toBe(3);
  });

  it('gives every concurrent caller the error, then lets the next caller try again', async () => {
    const share = shareConcurrentCalls<string>();
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error('upstream down');
    };
    const results = await Promise.allSettled([share('k', failing), share('k', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await share('k', async () => 'back')).toBe('back');
  });
});
