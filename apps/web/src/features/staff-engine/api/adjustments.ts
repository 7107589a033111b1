import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Adjustment, AdjustmentBody, MemberBalance } from '@portal/contracts/engine';
import type { Page } from '@portal/contracts/paging';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: queryKeys.engine.adjustableMembers(q),
    queryFn: ({ signal }) =>
      apiRequest<MemberBalance[]>('/v1/adjustments/members', { service: 'staff', query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 0,
  });
}

export function useAdjustments(memberId: number | null, page: number) {
  return useQuery({
    queryKey: queryKeys.engine.adjustmentPage(memberId, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<Adjustment>>('/v1/adjustments', {
        service: 'staff',
        query: { member_id: memberId ?? undefined, page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdjust() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentBody) =>
      apiRequest<Adjustment>('/v1/adjustments', { service: 'staff', method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.engine.adjustments() }),
  });
}
