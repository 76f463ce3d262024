import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** What the pages hold, for the navigation's accessible name, e.g. "Repositories". */
  label: string;
};

/** Previous / Next with "Page X of Y"; renders nothing when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex items-center justify-between gap-3 border-t border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800"
    >
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
