import { describe, expect, it } from 'vitest';
import { durationAxis } from '../duration-axis';

const points = (...values: (number | null)[]) =>
  values.map((value, index) => ({ start: `2026-11-0${index + 1}`, value }));

describe('durationAxis', () => {
  it('plots lead times of a day or so in hours, with the unit on the ticks', () => {
    const axis = durationAxis(points(600, null, 1920));
    expect(axis.points.map((point) => point.value)).toEqual([10, null, 32]);
    expect(axis.formatTick(20)).toBe('20 h');
    // The tooltip and the screen-reader sentence read the same as the headline figure.
    expect(axis.formatValue(32)).toBe('32 h');
  });

  it('keeps short durations in minutes and long ones in days', () => {
    const minutes = durationAxis(points(45, 90));
    expect(minutes.points.map((point) => point.value)).toEqual([45, 90]);
    expect(minutes.formatTick(50)).toBe('50 min');
    const days = durationAxis(points(3 * 24 * 60, 12 * 60));
    expect(days.points.map((point) => point.value)).toEqual([3, 0.5]);
    expect(days.formatTick(2)).toBe('2 d');
    expect(days.formatValue(3)).toBe('3 days');
  });

  it('has minutes for an empty trend', () => {
    expect(durationAxis(points(null, null)).formatTick(1)).toBe('1 min');
  });
});
