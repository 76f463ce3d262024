import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarChart, type BarSeries } from '../bar-chart';

type Day = { date: string; commits: number; pullRequests: number | null };

const days: Day[] = [
  { date: '2026-11-01', commits: 3, pullRequests: 1 },
  { date: '2026-11-02', commits: 0, pullRequests: 0 },
  { date: '2026-11-03', commits: 6, pullRequests: null },
];

const series: BarSeries<Day>[] = [
  { key: 'commits', label: 'Commits', color: '#3b82f6', value: (day) => day.commits },
  { key: 'prs', label: 'Pull requests', color: '#a855f7', value: (day) => day.pullRequests },
];

function renderChart(props: { legend?: boolean; formatTick?: (value: number) => string } = {}) {
  return render(
    <BarChart
      data={days}
      category={(day) => day.date}
      formatCategory={(date) => `day ${date.slice(-2)}`}
      series={series}
      height={200}
      formatValue={(value) => `${value} items`}
      {...props}
    />,
  );
}

const barsOf = (container: HTMLElement, color: string) =>
  Array.from(container.querySelectorAll(`rect[fill="${color}"]`));

describe('BarChart', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the chart a 400 px wide box and a ResizeObserver.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 400,
    } as DOMRect);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('stacks one bar per non-zero value, taller for larger values', () => {
    const { container } = renderChart();

    const commits = barsOf(container, '#3b82f6');
    const pullRequests = barsOf(container, '#a855f7');
    expect(commits).toHaveLength(2); // the empty day draws nothing
    expect(pullRequests).toHaveLength(1);
    const height = (bar: Element | undefined) => Number(bar?.getAttribute('height'));
    expect(height(commits[1])).toBeCloseTo(2 * height(commits[0]));
    // The pull request sits on top of the same day's commits.
    expect(Number(pullRequests[0]?.getAttribute('y')) + height(pullRequests[0])).toBeCloseTo(
      Number(commits[0]?.getAttribute('y')),
    );
  });

  it('labels the y axis with whole numbers up to the tallest stack and the x axis by category', () => {
    renderChart();

    expect(screen.getByText('0')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    expect(screen.queryByText('0.5')).not.toBeInTheDocument();
    expect(screen.getByText('day 01')).toBeInTheDocument();
    expect(screen.getByText('day 03')).toBeInTheDocument();
  });

  it('shows a day’s figures while the pointer is over its column', () => {
    const { container } = renderChart();
    const columns = container.querySelectorAll('rect[fill="transparent"]');

    fireEvent.pointerEnter(columns[2] as Element);

    expect(screen.getByText('Commits: 6 items')).toBeInTheDocument();
    expect(screen.getByText('Pull requests: –')).toBeInTheDocument();
    fireEvent.pointerLeave(container.firstElementChild?.firstElementChild as Element);
    expect(screen.queryByText('Commits: 6 items')).not.toBeInTheDocument();
  });

  it('names the series in a legend when asked', () => {
    renderChart({ legend: true });

    expect(screen.getByText('Commits')).toBeInTheDocument();
    expect(screen.getByText('Pull requests')).toBeInTheDocument();
  });

  it('hides the drawing from assistive technology', () => {
    const { container } = renderChart({ legend: true });

    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('ul')).toHaveAttribute('aria-hidden', 'true');
  });

  it('writes the y ticks with their unit when told how', () => {
    const { container } = renderChart({ formatTick: (value) => `${value} h` });
    const ticks = Array.from(container.querySelectorAll('text[text-anchor="end"]')).map(
      (tick) => tick.textContent,
    );
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((tick) => /^\d+ h$/.test(tick ?? ''))).toBe(true);
  });
});
