import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/envelope';
import { DEFAULT_PER_PAGE } from '@portal/contracts/envelope';
import type { TravelPoint } from '@portal/contracts/travel-report';
import { apiRequest } from '../../../lib/http/client';
import { bangkokToday } from '../model/today';
import { queryKeys } from '../../../lib/query-keys';

/** The member's report calls (network API, /network/api/v1/report/...), read with react-query. */

type Query = Record<string, string | number | undefined>;

/** `path` is the call's path under /network/api/v1 (e.g. `/report/point_lvp`). */
export const fetchReport = <T>(path: string, query: Query = {}, signal?: AbortSignal) =>
  apiRequest<T>(`/api/v1${path}`, { service: 'network', query, signal });

/** A summary call (range only). */
export const reportQuery = <T>(path: string, query: Query = {}) =>
  queryOptions({
    queryKey: queryKeys.reports.call(path.slice(1), query),
    queryFn: ({ signal }) => fetchReport<T>(path, query, signal),
    placeholderData: keepPreviousData,
  });

export function useReport<T>(path: string | null, query: Query = {}) {
  return useQuery({ ...reportQuery<T>(path ?? '', query), enabled: path !== null });
}

/** One page of a list call (10 rows unless asked otherwise). */
export function useReportPage<P extends Page<unknown>>(path: string, query: Query, page: number) {
  return useQuery(reportQuery<P>(path, { ...query, page, per_page: DEFAULT_PER_PAGE }));
}

/** The API's largest page: an export reads the whole range in pages of this many rows. */
export const EXPORT_PER_PAGE = 100;

/** Every row of the range, all pages (an export holds the whole range, not the page shown). */
export async function fetchAllRows<T>(path: string, query: Query): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const found = await fetchReport<Page<T>>(path, { ...query, page, per_page: EXPORT_PER_PAGE });
    rows.push(...found.items);
    if (page >= found.pagination.last_page) return rows;
  }
}

/**
 * Today on the business clock (the demo's clock may run ahead of the wall clock): report/travel_point
 * answers it; until it has, Bangkok's calendar day.
 */
export const travelQuery = (query: Query = {}) => reportQuery<TravelPoint>('/report/travel_point', query);

export function useBusinessToday(): { today: string; ready: boolean } {
  const travel = useQuery({ ...travelQuery(), staleTime: 60_000 });
  return { today: travel.data?.business_date ?? bangkokToday(), ready: !travel.isPending };
}
