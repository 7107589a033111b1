import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@portal/contracts/shop';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** The full cart (items, totals) for the shop's pages. */
export const cartQuery = (lang: string) =>
  queryOptions({
    queryKey: queryKeys.cart.full(lang),
    queryFn: ({ signal }) => apiRequest<Cart>('/v1/cart', { service: 'shop', signal }),
  });

export function useCart(enabled: boolean, lang: string) {
  return useQuery({ ...cartQuery(lang), enabled });
}

function useCartMutation<V>(run: (vars: V) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Every cart view (this page's and the top bar's badge) reads the new cart.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cart.all }),
  });
}

export function useAddToCart() {
  return useCartMutation((vars: { code: string; quantity?: number }) =>
    apiRequest<Cart>('/v1/cart/items', {
      service: 'shop',
      method: 'POST',
      body: { product_code: vars.code, quantity: vars.quantity ?? 1 },
    }),
  );
}

export function useSetCartQuantity() {
  return useCartMutation((vars: { code: string; quantity: number }) =>
    apiRequest<Cart>(`/v1/cart/items/${encodeURIComponent(vars.code)}`, {
      service: 'shop',
      method: 'PUT',
      body: { quantity: vars.quantity },
    }),
  );
}

export function useRemoveFromCart() {
  return useCartMutation((code: string) =>
    apiRequest<Cart>(`/v1/cart/items/${encodeURIComponent(code)}`, { service: 'shop', method: 'DELETE' }),
  );
}
