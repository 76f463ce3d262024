import { useId } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';

type Option<T extends string> = { value: T; label: string };

type ChoiceProps<T extends string> = {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
};

function Choice<T extends string>({ label, value, options, onChange }: ChoiceProps<T>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        className="min-w-0 flex-1 sm:w-36 sm:flex-none"
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
        <Choice
          label="Filter"
          value={props.filter}
          options={props.filterOptions}
          onChange={props.onFilterChange}
        />
        <Choice
          label="Sort by"
          value={props.sort}
          options={props.sortOptions}
          onChange={props.onSortChange}
        />
      </div>
    </div>
  );
}
