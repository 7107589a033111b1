// Lists' pages: their shape and sizes, without zod, so the web's first scripts can use them without
// the schemas of envelope.ts (issue 24: zod is a chunk only the forms and the pages that check an answer load).

export interface Pagination {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export const DEFAULT_PER_PAGE = 10;
export const PAGE_LINKS = 5;

export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** A list call's answer: the page's items and where the page stands among `total` items. */
export function pageAnswer<T>(items: T[], total: number, query: { page: number; per_page: number }): Page<T> {
  return {
    items,
    pagination: {
      page: query.page,
      per_page: query.per_page,
      total,
      last_page: lastPage(total, query.per_page),
    },
  };
}
