import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { StaffClosureRequest } from '@portal/contracts/privacy';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export type ClosureFilter = 'pending' | 'approved' | 'rejected' | 'all';
export const CLOSURES_PER_PAGE = 20;

/** Members' requests to close their accounts, the waiting ones oldest first (decision 044). */
export function useClosureRequests(state: ClosureFilter, page: number) {
  return useQuery({
    queryKey: queryKeys.closureRequests.page(state, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<StaffClosureRequest>>('/v1/closure-requests', {
        service: 'staff',
        signal,
        query: { state, page: String(page), per_page: String(CLOSURES_PER_PAGE) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Approve (the member's personal data is erased) or reject with the reason the member reads. */
export function useDecideClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      d: { id: number; approve: true; note?: string } | { id: number; approve: false; reason: string },
    ) =>
      apiRequest<StaffClosureRequest>(`/v1/closure-requests/${d.id}/${d.approve ? 'approve' : 'reject'}`, {
        service: 'staff',
        method: 'POST',
        body: d.approve ? (d.note ? { note: d.note } : {}) : { reason: d.reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.closureRequests.all }),
  });
}
