import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import type { KycQueueItem } from '@portal/contracts/staff';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export interface QueueFilters {
  status: string;
  q: string;
  page: number;
}

export const kycQueueQuery = (f: QueueFilters) =>
  queryOptions({
    queryKey: queryKeys.kycCases.queue(f.status, f.q, f.page),
    queryFn: ({ signal }) =>
      apiRequest<Page<KycQueueItem>>('/v1/kyc', {
        service: 'staff',
        query: { status: f.status, q: f.q || undefined, page: f.page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useKycQueue(f: QueueFilters) {
  return useQuery(kycQueueQuery(f));
}
