import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import type { StaffMessagePage } from '@portal/contracts/outbox';
import { apiRequest } from '../../../lib/http/client';
import type { MessageParams } from '../model/message-params';

/** The outbox changes by itself (the delivery job): the page is read again every 15 seconds. */
const REFRESH_MS = 15_000;

export const staffMessagesQuery = (f: MessageParams) =>
  queryOptions({
    queryKey: ['staff', 'messages', f.state, f.channel, f.q, f.page],
    queryFn: ({ signal }) =>
      apiRequest<StaffMessagePage>('/v1/messages', {
        service: 'staff',
        query: {
          state: f.state || undefined,
          channel: f.channel || undefined,
          q: f.q || undefined,
          page: f.page,
          per_page: DEFAULT_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });

export function useStaffMessages(f: MessageParams) {
  return useQuery(staffMessagesQuery(f));
}
