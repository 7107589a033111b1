import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/paging';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** A report call's query: the range (`date_from`, `date_to`), a page, a filter. */
export type ReportQuery = Record<string, string | number | undefined>;
/** The range every summary and list of a report takes. */
export interface ReportRange extends ReportQuery {
  date_from: string;
  date_to: string;
}

/** The API's largest page: an export reads the whole range in pages of this many rows. */
export const EXPORT_PER_PAGE = 100;

/**
 * What every report call of the member has (network API, GET /network/api/v1/<path>): its
 * fetcher, its query options (keyed by the call and its query; the previous answer stays while
 * the next one loads) and its hook. Each call names its path and its answer's type once, in a
 * file of its own in this folder (cycle-summary.ts, ...), which the pages import.
 */
export function reportCall<T, Q extends ReportQuery = ReportQuery>(path: string) {
  const fetch = (query: Q, signal?: AbortSignal) =>
    apiRequest<T>(`/api/v1/${path}`, { service: 'network', query, signal });
  const query = (q: Q) =>
    queryOptions({
      queryKey: queryKeys.reports.call(path, q),
      queryFn: ({ signal }) => fetch(q, signal),
      placeholderData: keepPreviousData,
    });
  return {
    path,
    fetch,
    query,
    use: (q: Q, enabled = true) => useQuery({ ...query(q), enabled }),
  };
}

/** A report's list call: pages of 10 rows for the screen, every row of the range for an export. */
export function reportList<P extends Page<unknown>>(path: string) {
  const call = reportCall<P>(path);
  return {
    ...call,
    usePage: (q: ReportQuery, page: number) => call.use({ ...q, page, per_page: DEFAULT_PER_PAGE }),
    /** Every row of the range, all pages (an export holds the whole range, not the page shown). */
    fetchAll: async (q: ReportQuery): Promise<P['items']> => {
      const rows: P['items'] = [];
      for (let page = 1; ; page++) {
        const found = await call.fetch({ ...q, page, per_page: EXPORT_PER_PAGE });
        rows.push(...found.items);
        if (page >= found.pagination.last_page) return rows;
      }
    },
  };
}

export type ReportList<P extends Page<unknown>> = ReturnType<typeof reportList<P>>;
