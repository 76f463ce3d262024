import { type ReactNode, useId } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { cx } from '@/utils/cx';

type Option<T extends string> = { value: T; label: string };

type ChoiceProps<T extends string> = {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  /** Width of the select from the small breakpoint up; narrow screens share the row. */
  className?: string;
  /** Layout of the label and select together, e.g. a row of its own on phones. */
  containerClassName?: string;
};

/** A labelled select of a list toolbar. */
export function ListChoice<T extends string>({
  label,
  value,
  options,
  onChange,
  className = 'sm:w-36',
  containerClassName,
}: ChoiceProps<T>) {
  const id = useId();
  return (
    <div className={cx('flex min-w-0 flex-1 items-center gap-2 sm:flex-none', containerClassName)}>
      <label htmlFor={id} className="text-sm whitespace-nowrap text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        className={cx('min-w-0 flex-1 sm:flex-none', className)}
        onChange={(event) => {
          const option = options.find((candidate) => candidate.value === event.target.value);
          if (option) onChange(option.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

type ListToolbarProps<F extends string, S extends string> = {
  searchLabel: string;
  searchPlaceholder: string;
  searchText: string;
  onSearchChange: (text: string) => void;
  filter: ChoiceProps<F>['value'];
  filterOptions: readonly Option<F>[];
  onFilterChange: (value: F) => void;
  sort: S;
  sortOptions: readonly Option<S>[];
  onSortChange: (value: S) => void;
  /** More choices a page adds before the filter, e.g. the pull-request ship filter. */
  children?: ReactNode;
};

/** Search box, filter and sort of a list page; the list itself asks the server for each. */
export function ListToolbar<F extends string, S extends string>(props: ListToolbarProps<F, S>) {
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchField
        label={props.searchLabel}
        placeholder={props.searchPlaceholder}
        value={props.searchText}
        maxLength={100}
        onChange={(event) => props.onSearchChange(event.target.value)}
        className="sm:max-w-sm sm:flex-1"
      />
      <div className="flex flex-wrap gap-3 sm:ml-auto sm:flex-nowrap">
        {props.children}
        <ListChoice
          label="Filter"
          value={props.filter}
          options={props.filterOptions}
          onChange={props.onFilterChange}
        />
        <ListChoice
          label="Sort by"
          value={props.sort}
          options={props.sortOptions}
          onChange={props.onSortChange}
        />
      </div>
    </div>
  );
}
