import { Group } from '@visx/group';
import { nice, ticks } from '@visx/vendor/d3-array';
import { scaleBand } from '@visx/vendor/d3-scale';
import { useState } from 'react';
import { useElementWidth } from '@/hooks/use-element-width';

export type BarSeries<T> = {
  key: string;
  label: string;
  /** A colour that reads on both themes' card backgrounds. */
  color: string;
  value: (datum: T) => number | null;
};

type BarChartProps<T> = {
  data: readonly T[];
  /** The x value of a datum (a day), and how its tick and tooltip read. */
  category: (datum: T) => string;
  formatCategory: (category: string) => string;
  /** Stacked bottom to top in this order. */
  series: readonly BarSeries<T>[];
  height: number;
  formatValue?: (value: number) => string;
  /** How a y-axis tick reads, with its unit ("20 h", "40%"); the bare number by default. */
  formatTick?: (value: number) => string;
  legend?: boolean;
  grid?: boolean;
  /** Room for the y-axis labels. */
  yAxisWidth?: number;
};

const TICK_FONT_SIZE = 10;
const X_AXIS_HEIGHT = 18;
/** Horizontal room one x label needs, so labels never overlap. */
const X_LABEL_WIDTH = 52;

/**
 * Stacked (or single) bars per category with integer y ticks, a hover tooltip and an optional
 * legend, drawn as SVG with visx's group and the d3 band scale and ticks it ships
 * (@visx/vendor). Decorative for assistive technology: every caller gives the figures as text.
 */
export function BarChart<T>({
  data,
  category,
  formatCategory,
  series,
  height,
  formatValue = String,
  formatTick = String,
  legend = false,
  grid = false,
  yAxisWidth = 32,
}: BarChartProps<T>) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const plotWidth = Math.max(0, width - yAxisWidth - 4);
  const plotHeight = height - X_AXIS_HEIGHT - 4;
  const totals = data.map((datum) => series.reduce((sum, s) => sum + (s.value(datum) ?? 0), 0));
  const x = scaleBand<number>()
    .domain(data.map((_, index) => index))
    .range([0, plotWidth])
    .padding(0.2);
  // d3's linear scale would bring its interpolators and number formats (7 KB gzipped) for
  // what is one division here: a count axis from 0 to a nice maximum.
  const [, yMax] = nice(0, Math.max(1, ...totals), 4);
  const y = (value: number) => plotHeight - (value / yMax) * plotHeight;
  const yTicks = ticks(0, yMax, 4).filter((tick) => Number.isInteger(tick));
  const labelEvery = Math.max(1, Math.ceil(data.length / Math.max(1, plotWidth / X_LABEL_WIDTH)));
  const hoveredDatum = hovered === null ? undefined : data[hovered];

  return (
    <div className="relative w-full">
      <div ref={ref} className="w-full" style={{ height }} onPointerLeave={() => setHovered(null)}>
        {width > 0 ? (
          <svg width={width} height={height} aria-hidden="true" className="block overflow-visible">
            <Group left={yAxisWidth} top={4}>
              {yTicks.map((tick) => (
                <g key={tick} transform={`translate(0, ${y(tick)})`}>
                  {grid ? (
                    <line
                      x2={plotWidth}
                      stroke="currentColor"
                      strokeOpacity={0.12}
                      strokeDasharray="3 3"
                    />
                  ) : null}
                  <text
                    x={-6}
                    dy="0.32em"
                    textAnchor="end"
                    fontSize={TICK_FONT_SIZE}
                    fill="currentColor"
                  >
                    {formatTick(tick)}
                  </text>
                </g>
              ))}
              {data.map((datum, index) => {
                const left = x(index) ?? 0;
                let base = 0;
                return (
                  <g key={category(datum)}>
                    {hovered === index ? (
                      <rect
                        x={left - (x.step() - x.bandwidth()) / 2}
                        width={x.step()}
                        height={plotHeight}
                        fill="currentColor"
                        fillOpacity={0.08}
                      />
                    ) : null}
                    {series.map((s) => {
                      const value = s.value(datum) ?? 0;
                      const top = y(base + value);
                      const barHeight = y(base) - top;
                      base += value;
                      return barHeight > 0 ? (
                        <rect
                          key={s.key}
                          x={left}
                          y={top}
                          width={x.bandwidth()}
                          height={barHeight}
                          fill={s.color}
                        />
                      ) : null;
                    })}
                    {index % labelEvery === 0 ? (
                      <text
                        x={left + x.bandwidth() / 2}
                        y={plotHeight + X_AXIS_HEIGHT - 4}
                        textAnchor="middle"
                        fontSize={TICK_FONT_SIZE}
                        fill="currentColor"
                      >
                        {formatCategory(category(datum))}
                      </text>
                    ) : null}
                    {/* The whole column answers the pointer, so thin or empty days show too. */}
                    <rect
                      x={left - (x.step() - x.bandwidth()) / 2}
                      width={x.step()}
                      height={plotHeight}
                      fill="transparent"
                      onPointerEnter={() => setHovered(index)}
                    />
                  </g>
                );
              })}
              <line
                y1={plotHeight}
                y2={plotHeight}
                x2={plotWidth}
                stroke="currentColor"
                strokeOpacity={0.3}
              />
            </Group>
          </svg>
        ) : null}
      </div>
      {hoveredDatum !== undefined && hovered !== null ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-0 z-10 min-w-28 rounded-md border border-zinc-200 bg-white px-2.5 py-1.5 text-xs text-zinc-700 shadow-md dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
          style={
            (x(hovered) ?? 0) + yAxisWidth > width / 2
              ? { right: width - (x(hovered) ?? 0) - yAxisWidth + 8 }
              : { left: (x(hovered) ?? 0) + yAxisWidth + x.bandwidth() + 8 }
          }
        >
          <p className="font-medium">{formatCategory(category(hoveredDatum))}</p>
          {series.map((s) => {
            const value = s.value(hoveredDatum);
            return (
              <p key={s.key} className="flex items-center gap-1.5">
                <span className="size-2 rounded-sm" style={{ backgroundColor: s.color }} />
                {s.label}: {value === null ? '–' : formatValue(value)}
              </p>
            );
          })}
        </div>
      ) : null}
      {legend ? (
        <ul aria-hidden="true" className="mt-2 flex justify-center gap-4 text-xs">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
