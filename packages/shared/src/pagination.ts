import { z } from 'zod';
import { pageSizes } from './constants.js';

export const paginationSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `page` and `perPage` as every list endpoint reads them: defaults 1 and 30, at most 100. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(pageSizes.providerMax).default(pageSizes.apiDefault),
});

export function paginate(page: number, perPage: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { page, perPage, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}
