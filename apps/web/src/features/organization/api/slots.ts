import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotChoices } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** Empty slots under an upline (nearest first) and the quick choices. */
export const slotChoicesQuery = (uplineId: number) =>
  queryOptions({
    queryKey: queryKeys.network.slots(uplineId),
    queryFn: ({ signal }) =>
      apiRequest<SlotChoices>('/api/v1/member_downline/below_postion_member_id', {
        service: 'network',
        query: { member_id: uplineId },
        signal,
      }),
    // Slots fill up as others place members: always ask again when the step opens.
    staleTime: 0,
  });

export function useSlotChoices(uplineId: number | null) {
  return useQuery({ ...slotChoicesQuery(uplineId ?? 0), enabled: uplineId !== null });
}
