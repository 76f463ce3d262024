import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type ListOptions<F extends string, S extends string> = {
  filters: readonly F[];
  sorts: readonly S[];
  defaultFilter: F;
  defaultSort: S;
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Search, filter, sort and page of a list, kept in the address bar so a list can be shared,
 * reloaded and navigated back to. Defaults stay out of the URL; the search is debounced.
 */
export function useListSearchParams<F extends string, S extends string>({
  filters,
  sorts,
  defaultFilter,
  defaultSort,
}: ListOptions<F, S>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const filter = pick(searchParams.get('filter'), filters, defaultFilter);
  const sort = pick(searchParams.get('sort'), sorts, defaultSort);
  const page = readPage(searchParams.get('page'));

  const update = useCallback(
    (changes: { q?: string; filter?: F; sort?: S; page?: number }) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          };
          set('q', changes.q?.trim(), '');
          set('filter', changes.filter, defaultFilter);
          set('sort', changes.sort, defaultSort);
          // Any other change starts again from the first page.
          set('page', String(changes.page ?? 1), '1');
          return next;
        },
        { replace: changes.page === undefined },
      );
    },
    [setSearchParams, defaultFilter, defaultSort],
  );

  const [searchText, setSearchText] = useState(q);
  // The address changed under us (Back, a link): show its search in the box.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== searchText.trim()) setSearchText(q);
  }
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch.trim() !== q) update({ q: debouncedSearch });
    // Only a settled change of the text updates the URL, not every URL change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const reset = useCallback(() => {
    setSearchText('');
    setSearchParams(new URLSearchParams(), { replace: true });
  }, [setSearchParams]);

  return {
    q,
    filter,
    sort,
    page,
    searchText,
    setSearchText,
    setFilter: (value: F) => update({ filter: value }),
    setSort: (value: S) => update({ sort: value }),
    setPage: (value: number) => update({ page: value }),
    reset,
    isFiltered: q !== '' || filter !== defaultFilter,
  };
}
