import { Search } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cx } from '@/utils/cx';
import { Input } from './input';

type SearchFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  /** Read by screen readers; the placeholder is no substitute for a label. */
  label: string;
};

export function SearchField({ label, className, ...props }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
      />
      <Input id={id} type="search" autoComplete="off" inset="leadingIcon" {...props} />
    </div>
  );
}
