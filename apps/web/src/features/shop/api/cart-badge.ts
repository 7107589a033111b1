import { useQuery } from '@tanstack/react-query';
import type { CartItem } from '@portal/contracts/shop';
import { apiRequest } from '../../../lib/http/client';
import { cartBadgeCount } from '../model/cart';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The top bar's badge: the specification's cart call, `GET /shop/cart/{userId}?t=timestamp`. Its
 * key sits under the cart's, so every change to the cart refreshes it.
 */
export function useCartBadge(userId: number | null) {
  return useQuery({
    queryKey: queryKeys.cart.badge(userId),
    queryFn: ({ signal }) =>
      apiRequest<CartItem[]>(`/cart/${userId}`, {
        service: 'shop',
        query: { t: String(Date.now()) },
        signal,
      }),
    enabled: userId !== null,
    select: cartBadgeCount,
    retry: false,
    staleTime: 60_000,
  });
}
