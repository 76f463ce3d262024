import { describe, expect, it } from 'vitest';
import { doraQuerySchema, previewStatusSchema } from './insights.js';
import { shipFilterLabels } from './insights-constants.js';

describe('insights contract', () => {
  it('accepts the three windows and owner/name, defaulting to 30 days across all', () => {
    expect(doraQuerySchema.parse({})).toEqual({ days: 30 });
    expect(doraQuerySchema.parse({ days: '90', repo: 'octocat/shipdeck' })).toEqual({
      days: 90,
      repo: 'octocat/shipdeck',
    });
  });

  it('rejects other windows and malformed repository names, naming the field', () => {
    const days = doraQuerySchema.safeParse({ days: '14' });
    expect(days.success).toBe(false);
    expect(days.error?.issues[0]?.path).toEqual(['days']);
    const repo = doraQuerySchema.safeParse({ repo: 'not a repo' });
    expect(repo.error?.issues[0]?.path).toEqual(['repo']);
  });

  it('requires the URL of a ready preview', () => {
    expect(previewStatusSchema.safeParse({ state: 'ready' }).success).toBe(false);
    expect(
      previewStatusSchema.safeParse({ state: 'ready', url: 'https://x.vercel.app' }).success,
    ).toBe(true);
  });

  it('names the four new pull-request filters', () => {
    expect(Object.values(shipFilterLabels)).toEqual([
      'Needs my review',
      'Mine',
      'Failing checks',
      'Ready to merge',
    ]);
  });
});
