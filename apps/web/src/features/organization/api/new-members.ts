import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/paging';
import type { PlaceableMember } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** Members waiting to be placed: registered, not placed, referred by me or my downline. */
export const newMembersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.network.newMembers(q, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<PlaceableMember>>('/api/v1/member/search_new_member', {
        service: 'network',
        query: { q: q || undefined, page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useNewMembers(q: string, page: number) {
  return useQuery(newMembersQuery(q.trim(), page));
}
