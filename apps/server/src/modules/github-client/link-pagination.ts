import type { Pagination } from '@shipdeck/shared/pagination';
import { paginate } from '@shipdeck/shared/pagination';

/** The page number of the Link header's rel="last", when there is one. */
export function lastPageFromLink(link: string | undefined): number | null {
  const last = link ? /[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link) : null;
  return last?.[1] ? Number(last[1]) : null;
}

/** GitHub lists give no total; the Link header's rel="last" page bounds it. */
export function paginationFromLink(
  link: string | undefined,
  page: number,
  perPage: number,
  itemsOnPage: number,
): Pagination {
  const lastPage = lastPageFromLink(link);
  const hasNext = link ? /rel="next"/.test(link) : false;
  const total = lastPage
    ? lastPage * perPage
    : (page - 1) * perPage + itemsOnPage + (hasNext ? perPage : 0);
  return { ...paginate(page, perPage, total), hasNext };
}
