import { describe, expect, it } from 'vitest';
import {
  changeFailureRateBand,
  deploymentFrequencyBand,
  leadTimeBand,
  timeToRestoreBand,
} from '../dora-bands.js';

describe('DORA 2023 bands at their edges', () => {
  it('deployment frequency counts deployment days per week, then per month', () => {
    expect(deploymentFrequencyBand(7, 30)).toBe('elite');
    expect(deploymentFrequencyBand(6.5, 28)).toBe('high');
    expect(deploymentFrequencyBand(1, 4)).toBe('high');
    expect(deploymentFrequencyBand(0.5, 2)).toBe('medium');
    expect(deploymentFrequencyBand(0, 1)).toBe('medium');
    expect(deploymentFrequencyBand(0, 0.5)).toBe('low');
  });

  it('lead time: under a day, a week, a month', () => {
    expect(leadTimeBand(24 * 60 - 1)).toBe('elite');
    expect(leadTimeBand(24 * 60)).toBe('high');
    expect(leadTimeBand(7 * 24 * 60 - 1)).toBe('high');
    expect(leadTimeBand(7 * 24 * 60)).toBe('medium');
    expect(leadTimeBand(30 * 24 * 60 - 1)).toBe('medium');
    expect(leadTimeBand(30 * 24 * 60)).toBe('low');
  });

  it('change failure rate: 5, 10 and 15 percent belong to the better band', () => {
    expect(changeFailureRateBand(0)).toBe('elite');
    expect(changeFailureRateBand(5)).toBe('elite');
    expect(changeFailureRateBand(5.1)).toBe('high');
    expect(changeFailureRateBand(10)).toBe('high');
    expect(changeFailureRateBand(15)).toBe('medium');
    expect(changeFailureRateBand(15.1)).toBe('low');
  });

  it('time to restore: under an hour, a day, a week', () => {
    expect(timeToRestoreBand(59)).toBe('elite');
    expect(timeToRestoreBand(60)).toBe('high');
    expect(timeToRestoreBand(24 * 60 - 1)).toBe('high');
    expect(timeToRestoreBand(24 * 60)).toBe('medium');
    expect(timeToRestoreBand(7 * 24 * 60 - 1)).toBe('medium');
    expect(timeToRestoreBand(7 * 24 * 60)).toBe('low');
  });
});
