import type { ReactNode } from 'react';

export type DescriptionItem = { term: string; value: ReactNode };

/** Label/value rows, e.g. account details. */
export function DescriptionList({ items }: { items: readonly DescriptionItem[] }) {
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {items.map((item) => (
        <div
          key={item.term}
          className="grid grid-cols-1 gap-0.5 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-3 sm:gap-4"
        >
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">{item.term}</dt>
          <dd className="min-w-0 text-sm break-words text-zinc-900 sm:col-span-2 dark:text-zinc-100">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
