import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacementBody, PlacementResult } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export function placeMember(body: PlacementBody) {
  return apiRequest<PlacementResult>('/api/v1/member_downline', { service: 'network', method: 'POST', body });
}

/**
 * After any answer the tree, summary, overview, slots and waiting list may have changed (a 409
 * means someone else just placed), so the whole network prefix is refetched.
 */
export function usePlaceMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.network.all }),
  });
}
