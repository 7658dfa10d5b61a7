import { ApiError } from './api-exception.filter';

/** A list's `page` query parameter: absent means 1; anything but a whole number from 1 is a 400. */
export function parsePage(page: string | undefined): number {
  if (page === undefined) return 1;
  if (!/^[1-9]\d{0,4}$/.test(page)) throw new ApiError(400, 'bad_request', 'Página no válida: debe ser un número entero desde 1.');
  return Number(page);
}

/** What a paged list answers beside its items. */
export interface PageInfo {
  /** The page asked for, even past the last one (which has no items). */
  page: number;
  pageSize: number;
  total: number;
  /** 0 when there is nothing at all. */
  totalPages: number;
}

export function pageInfo(page: number, pageSize: number, total: number): PageInfo {
  return { page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}
