import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { SummaryPoint } from '@portal/contracts/reports';
import type { CheckoutBody, CheckoutResult, Order } from '@portal/contracts/shop';
import { apiRequest, apiUpload } from '../../../lib/http/client';
import type { ProgressListener } from '../../../lib/http/transfer';
import { invalidate, queryKeys } from '../../../lib/query-keys';

/** The profile's address book, for the delivery choice: the profile's own query, so always its list. */
export { useAddresses as useAddressBook } from '../../../lib/addresses';

/** The member's LVP and point balances now, for part payment (network API, report/summary_point). */
export function useBalances(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.call('report/summary_point'),
    queryFn: ({ signal }) =>
      apiRequest<SummaryPoint>('/api/v1/report/summary_point', { service: 'network', signal }),
    enabled,
    select: (s) => ({ lvp: s.lvp_balance, points: s.point_balance }),
  });
}

export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { body: CheckoutBody; key: string }) =>
      apiRequest<CheckoutResult>('/v1/orders', {
        service: 'shop',
        method: 'POST',
        body: vars.body,
        headers: { 'Idempotency-Key': vars.key },
      }),
    // The cart emptied, a new order, stock taken, LVP and points spent, perhaps a package bought.
    onSuccess: () =>
      invalidate(
        client,
        queryKeys.cart.all,
        queryKeys.orders.all,
        queryKeys.products.all,
        queryKeys.reports.all,
        queryKeys.network.all,
      ),
  });
}

export function useMyOrders(page: number, lang: string) {
  return useQuery({
    queryKey: queryKeys.orders.mine(page, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<Order>>('/v1/orders', { service: 'shop', query: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order; a guest reads theirs with the order key the checkout gave them. */
export function useOrder(number: string, lang: string, guestKey: string | null) {
  return useQuery({
    queryKey: queryKeys.orders.one(number, lang, guestKey),
    queryFn: ({ signal }) =>
      guestKey
        ? apiRequest<Order>(`/v1/community/orders/${encodeURIComponent(number)}`, {
            service: 'shop',
            auth: 'app',
            headers: { 'X-Order-Key': guestKey },
            signal,
          })
        : apiRequest<Order>(`/v1/orders/${encodeURIComponent(number)}`, { service: 'shop', signal }),
    // A PromptPay payment is confirmed by the provider's callback: look again while it is pending.
    refetchInterval: (query) => (query.state.data?.payment_status === 'pending' ? 5000 : false),
  });
}

export function useCancelOrder(guestKey: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { number: string; reason?: string }) =>
      apiRequest<Order>(
        guestKey
          ? `/v1/community/orders/${encodeURIComponent(vars.number)}/cancel`
          : `/v1/orders/${encodeURIComponent(vars.number)}/cancel`,
        {
          service: 'shop',
          method: 'POST',
          auth: guestKey ? 'app' : 'user',
          headers: guestKey ? { 'X-Order-Key': guestKey } : undefined,
          body: vars.reason ? { reason: vars.reason } : {},
        },
      ),
    // The order, the stock it held and the LVP or points it spent, given back.
    onSuccess: () => invalidate(client, queryKeys.orders.all, queryKeys.products.all, queryKeys.reports.all),
  });
}

/** A transfer slip for a member's order (multipart `file`), with upload progress. */
export function useUploadSlip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { number: string; file: File; onProgress: ProgressListener }) => {
      const form = new FormData();
      form.set('file', vars.file);
      return apiUpload<Order>(`/v1/orders/${encodeURIComponent(vars.number)}/slip`, form, {
        service: 'shop',
        onProgress: vars.onProgress,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
