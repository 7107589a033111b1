import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClosingDetail, ClosingRequest, ClosingStatus, EngineRun } from '@portal/contracts/engine';
import type { Page } from '@portal/contracts/paging';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** While a closing runs, the desk asks every second how it stands (the run itself says nothing until done). */
export const POLL_MS = 1000;

export const closingStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.engine.closingStatus(),
    queryFn: ({ signal }) => apiRequest<ClosingStatus>('/v1/closings/status', { service: 'staff', signal }),
    refetchInterval: (query) => ((query.state.data?.running.length ?? 0) > 0 ? POLL_MS : false),
    staleTime: 0,
  });

export function useClosingStatus() {
  return useQuery(closingStatusQuery());
}

export interface RunFilters {
  type: string;
  from: string;
  to: string;
  page: number;
}

export const closingRunsQuery = (f: RunFilters) =>
  queryOptions({
    queryKey: queryKeys.engine.runs({ type: f.type, from: f.from, to: f.to, page: f.page }),
    queryFn: ({ signal }) =>
      apiRequest<Page<EngineRun>>('/v1/closings', {
        service: 'staff',
        query: {
          type: f.type || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
          page: f.page,
          per_page: DEFAULT_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useClosingRuns(f: RunFilters, polling: boolean) {
  return useQuery({ ...closingRunsQuery(f), refetchInterval: polling ? POLL_MS : false });
}

export const closingRunQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.engine.run(id),
    queryFn: ({ signal }) => apiRequest<ClosingDetail>(`/v1/closings/${id}`, { service: 'staff', signal }),
  });

export function useClosingRun(id: number) {
  return useQuery(closingRunQuery(id));
}

/** Starts the closing of a day; the desk then follows it through the status. */
export function useStartClosing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      apiRequest<ClosingRequest>('/v1/closings', { service: 'staff', method: 'POST', body: { date } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.engine.all }),
  });
}
