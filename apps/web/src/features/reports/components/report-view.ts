import type { Page } from '@portal/contracts/paging';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportQuery } from '../api/call';
import { useBusinessToday } from '../api/travel-point';
import { apiRange, parseView, viewSearch, type ReportView } from '../model/query';

export interface ReportViewState {
  view: ReportView;
  today: string;
  /** Whether the business date has been read (the default range depends on it). */
  ready: boolean;
  setRange: (range: { from: string; to: string }) => void;
  setPage: (page: number) => void;
  /** The range as the API's query. */
  range: { date_from: string; date_to: string };
}

/** The range and page of a report, kept in the address (`?from=&to=&page=`). */
export function useReportView(): ReportViewState {
  const [params, setParams] = useSearchParams();
  const { today, ready } = useBusinessToday();
  const view = useMemo(() => parseView(params, today), [params, today]);
  const setRange = useCallback(
    (range: { from: string; to: string }) => setParams(viewSearch({ ...range, page: 1 })),
    [setParams],
  );
  const setPage = useCallback((page: number) => setParams(viewSearch({ ...view, page })), [setParams, view]);
  const range = useMemo(() => apiRange(view), [view]);
  return { view, today, ready, setRange, setPage, range };
}

/** The page of a list call for the view (waits for the business date when the address has no range). */
export function useViewPage<P extends Page<unknown>>(
  v: ReportViewState,
  call: { usePage: (query: ReportQuery, page: number) => UseQueryResult<P> },
  extra: ReportQuery = {},
) {
  return call.usePage({ ...v.range, ...extra }, v.view.page);
}
