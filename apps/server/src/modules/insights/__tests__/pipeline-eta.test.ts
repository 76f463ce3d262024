import { formatEta } from '@shipdeck/shared/ship-stages';
import { describe, expect, it } from 'vitest';
import { estimateReady, medianBuildTime } from '../pipeline-eta.js';
import { deployment, MIN, TODAY } from './dora-fixtures.js';

function build(minutes: number, createdAt: number, projectId = 'prj_web') {
  return {
    ...deployment({ createdAt, buildingAt: createdAt, projectId }),
    readyAt: createdAt + minutes * MIN,
  };
}

describe('pipeline ETA', () => {
  it('has no estimate without history', () => {
    const building = deployment({ createdAt: TODAY, state: 'BUILDING' });
    expect(medianBuildTime([], 'prj_web')).toBeNull();
    expect(estimateReady(building, [building])).toBeNull();
  });

  it('uses one finished build when that is all there is', () => {
    const history = [build(3, TODAY - 60 * MIN)];
    const building = deployment({ createdAt: TODAY, buildingAt: TODAY + MIN, state: 'BUILDING' });
    const eta = estimateReady(building, [...history, building]);
    expect(eta).toEqual({
      expectedReadyAt: new Date(TODAY + 4 * MIN).toISOString(),
      medianBuildSeconds: 180,
      sampleSize: 1,
    });
  });

  it('takes the median of the project’s last 20 builds only, in any order', () => {
    // 25 builds: the 5 oldest took 60 minutes; the 20 newest took 1..20 minutes.
    const old = Array.from({ length: 5 }, (_, index) =>
      build(60, TODAY - (100 + index) * 60 * MIN),
    );
    const recent = Array.from({ length: 20 }, (_, index) =>
      build(index + 1, TODAY - (index + 1) * 60 * MIN),
    );
    const other = build(500, TODAY - 30 * MIN, 'prj_docs');
    const result = medianBuildTime([...recent.reverse(), other, ...old], 'prj_web');
    expect(result).toEqual({ medianMs: 10.5 * MIN, sampleSize: 20 });
  });

  it('skips failed builds and answers nothing for a finished deployment', () => {
    const failed = deployment({ createdAt: TODAY - 10 * MIN, state: 'ERROR' });
    expect(medianBuildTime([failed], 'prj_web')).toBeNull();
    const ready = build(2, TODAY - 5 * MIN);
    expect(estimateReady(ready, [ready, build(4, TODAY - 50 * MIN)])).toBeNull();
  });

  it('words the estimate for people', () => {
    expect(formatEta(2 * MIN)).toBe('ready in about 2 min');
    expect(formatEta(100 * MIN)).toBe('ready in about 2 h');
    expect(formatEta(10_000)).toBe('ready any moment now');
    expect(formatEta(-MIN)).toBe('ready any moment now');
  });
});
