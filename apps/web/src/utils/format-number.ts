/** A count with the reader's locale grouping, e.g. 12,345. */
export function formatNumber(value: number): string {
  return value.toLocaleString();
}

const changeFormat = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** A percent change with its sign, e.g. "+12%" or "-3.5%"; "—" when there is nothing to compare. */
export function formatPercentChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '—';
  return `${changeFormat.format(change)}%`;
}
