import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownlineSummary } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { NETWORK_KEY } from './keys';

export const downlineSummaryQuery = () =>
  queryOptions({
    queryKey: [...NETWORK_KEY, 'summary'],
    queryFn: ({ signal }) =>
      apiRequest<DownlineSummary>('/api/v1/member_downline/summary', { service: 'network', signal }),
  });

export function useDownlineSummary() {
  return useQuery(downlineSummaryQuery());
}
