import { useQuery } from '@tanstack/react-query';
import type { ClosingStatus, PayoutRun, PlanView } from '@portal/contracts/engine';
import type { Page } from '@portal/contracts/paging';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import type { KycQueueItem } from '@portal/contracts/staff';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The staff home reads the desks' own calls with the desks' own keys and queries, so the home and
 * the desk it links to share one answer (and a change on the desk refreshes the home).
 */

/** The KYC desk's first page of its default queue (status `queue`): its total is the queue. */
export function useKycWaiting() {
  return useQuery({
    queryKey: queryKeys.kycCases.queue('queue', '', 1),
    queryFn: ({ signal }) =>
      apiRequest<Page<KycQueueItem>>('/v1/kyc', {
        service: 'staff',
        query: { status: 'queue', q: undefined, page: 1, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    staleTime: 0,
  });
}

/** The orders desk filtered on a waiting slip, first page (as the desk's "slip waiting" filter asks). */
export function useSlipsWaiting(lang: string) {
  const filter = { slip_waiting: true, page: 1 };
  return useQuery({
    queryKey: queryKeys.orders.staff({ ...filter }, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<{ order_no: string }>>('/v1/orders', {
        service: 'staff',
        query: { slip_waiting: 'true', page: 1, per_page: 20 },
        signal,
      }),
    staleTime: 0,
  });
}

export function useClosingState() {
  return useQuery({
    queryKey: queryKeys.engine.closingStatus(),
    queryFn: ({ signal }) => apiRequest<ClosingStatus>('/v1/closings/status', { service: 'staff', signal }),
    staleTime: 0,
  });
}

/** The payout runs' first page: the newest run is the one to transfer. */
export function useLatestPayouts() {
  return useQuery({
    queryKey: queryKeys.engine.payouts(1),
    queryFn: ({ signal }) =>
      apiRequest<Page<PayoutRun>>('/v1/payouts', {
        service: 'staff',
        query: { page: 1, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
  });
}

/** The plan in force: its payout weekday says which waiting day runs a payout. */
export function usePlanInForce() {
  return useQuery({
    queryKey: queryKeys.engine.plan(),
    queryFn: ({ signal }) => apiRequest<PlanView>('/v1/plan', { service: 'staff', signal }),
  });
}
