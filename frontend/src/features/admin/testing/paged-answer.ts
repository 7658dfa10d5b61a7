import type { PagedAnswer } from '../page-in-url';

/** The admin lists' page size, as the API answers it. */
export const ADMIN_PAGE_SIZE = 50;

export interface PageOptions {
  page?: number;
  total?: number;
}

/** The page fields of an admin list's answer holding `count` items; by default the only page, with all of them. */
export function pagedAnswer(count: number, { page = 1, total = count }: PageOptions = {}): PagedAnswer {
  return { page, pageSize: ADMIN_PAGE_SIZE, total, totalPages: Math.ceil(total / ADMIN_PAGE_SIZE) };
}
