import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResult, GuestCheckoutBody, Order } from '@portal/contracts/shop';
import { apiRequest, apiUpload } from '../../../lib/http/client';
import type { ProgressListener } from '../../../lib/http/transfer';
import { queryKeys } from '../../../lib/query-keys';

/** A guest's checkout in a community shop: the items travel in the body, there is no server cart. */
export function useGuestCheckout(shop: string) {
  return useMutation({
    mutationFn: (vars: { body: GuestCheckoutBody; key: string }) =>
      apiRequest<CheckoutResult>(`/v1/community/${encodeURIComponent(shop)}/orders`, {
        service: 'shop',
        auth: 'app',
        method: 'POST',
        body: vars.body,
        headers: { 'Idempotency-Key': vars.key },
      }),
  });
}

/**
 * A guest's transfer slip: the application token and the order key the checkout gave them.
 */
export function useGuestSlip(guestKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { number: string; file: File; onProgress: ProgressListener }) => {
      const form = new FormData();
      form.set('file', vars.file);
      return apiUpload<Order>(`/v1/community/orders/${encodeURIComponent(vars.number)}/slip`, form, {
        service: 'shop',
        onProgress: vars.onProgress,
        auth: 'app',
        headers: { 'X-Order-Key': guestKey },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
