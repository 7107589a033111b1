import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutDetail, PayoutHeld, PayoutPaid, PayoutRun } from '@portal/contracts/engine';
import type { Page } from '@portal/contracts/paging';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { saveBlob } from '../../../lib/use-object-url';
import { queryKeys } from '../../../lib/query-keys';

export const payoutRunsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.engine.payouts(page),
    queryFn: ({ signal }) =>
      apiRequest<Page<PayoutRun>>('/v1/payouts', {
        service: 'staff',
        query: { page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function usePayoutRuns(page: number) {
  return useQuery(payoutRunsQuery(page));
}

export function usePayoutRun(date: string) {
  return useQuery({
    queryKey: queryKeys.engine.payout(date),
    queryFn: ({ signal }) => apiRequest<PayoutDetail>(`/v1/payouts/${date}`, { service: 'staff', signal }),
  });
}

export function usePayoutMembers<T extends 'paid' | 'held'>(date: string, which: T, page: number, q: string) {
  return useQuery({
    queryKey: queryKeys.engine.payoutMembers(date, which, page, q),
    queryFn: ({ signal }) =>
      apiRequest<Page<T extends 'paid' ? PayoutPaid : PayoutHeld>>(`/v1/payouts/${date}/${which}`, {
        service: 'staff',
        query: { page, per_page: DEFAULT_PER_PAGE, q: q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type PayoutFile = 'transfer' | 'wht' | 'held';

/** Fetches a file of the run with the staff member's token and saves it under the server's name. */
export async function downloadPayoutFile(date: string, file: PayoutFile): Promise<void> {
  const blob = await apiBlob(`/v1/payouts/${date}/${file}.csv`, { service: 'staff' });
  saveBlob(blob, `payout-${date}-${file}.csv`);
}
