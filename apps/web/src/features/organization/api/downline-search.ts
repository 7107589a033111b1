import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { DownlineSearchHit } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export const DOWNLINE_SEARCH_SIZE = 8;

export const downlineSearchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.network.search(q),
    queryFn: ({ signal }) =>
      apiRequest<Page<DownlineSearchHit>>('/api/v1/member_downline/search', {
        service: 'network',
        query: { q, page: 1, per_page: DOWNLINE_SEARCH_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useDownlineSearch(q: string) {
  const term = q.trim();
  return useQuery({ ...downlineSearchQuery(term), enabled: term.length > 0 });
}
