import type { Pagination } from '@shipdeck/shared/pagination';
import { paginate } from '@shipdeck/shared/pagination';

/** GitHub lists give no total; the Link header's rel="last" page bounds it. */
export function paginationFromLink(
  link: string | undefined,
  page: number,
  perPage: number,
  itemsOnPage: number,
): Pagination {
  const last = link ? /[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link) : null;
  const hasNext = link ? /rel="next"/.test(link) : false;
  const total = last?.[1]
    ? Number(last[1]) * perPage
    : (page - 1) * perPage + itemsOnPage + (hasNext ? perPage : 0);
  return { ...paginate(page, perPage, total), hasNext };
}
