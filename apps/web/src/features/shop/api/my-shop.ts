import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { Order, SellingPrice } from '@portal/contracts/shop';
import { apiRequest } from '../../../lib/http/client';
import { invalidate, queryKeys } from '../../../lib/query-keys';

/** The member's own community shop (plan 4.6): selling prices and what guests bought. */

export function useSellingPrices(lang: string) {
  return useQuery({
    queryKey: queryKeys.communityShops.myPrices(lang),
    queryFn: ({ signal }) => apiRequest<SellingPrice[]>('/v1/me/selling-prices', { service: 'shop', signal }),
  });
}

/** Sets a product's selling price, or (price null) goes back to the retail price. */
export function useChooseSellingPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { code: string; price: string | null }) =>
      apiRequest<SellingPrice>(`/v1/me/selling-prices/${encodeURIComponent(vars.code)}`, {
        service: 'shop',
        method: vars.price === null ? 'DELETE' : 'PUT',
        body: vars.price === null ? undefined : { selling_price: vars.price },
      }),
    // The member's prices, and their shop's products as guests see them.
    onSuccess: () => invalidate(client, queryKeys.communityShops.all, queryKeys.products.all),
  });
}

export function useCommunityOrders(page: number, lang: string) {
  return useQuery({
    queryKey: queryKeys.orders.community(page, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<Order>>('/v1/me/community-orders', {
        service: 'shop',
        query: { page, per_page: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
