import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownlineSummary } from '@portal/contracts/network';
import { apiRequest } from './http/client';
import { queryKeys } from './query-keys';

/**
 * GET /network/api/v1/member_downline/summary, the member's team in figures, fetched here only:
 * the organization page and the dashboard's team widget read this one query, and a placement
 * (which invalidates the network) refreshes both.
 */
export const downlineSummaryQuery = () =>
  queryOptions({
    queryKey: queryKeys.network.summary(),
    queryFn: ({ signal }) =>
      apiRequest<DownlineSummary>('/api/v1/member_downline/summary', { service: 'network', signal }),
  });

export function useDownlineSummary(enabled = true) {
  return useQuery({ ...downlineSummaryQuery(), enabled });
}
