import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartItem, CheckoutBody } from '@portal/contracts/shop';
import type { GuestQuoteBody, OrderQuote } from '@portal/contracts/shop-quote';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** Typing an amount of LVP or points asks once the typing pauses, not at every key. */
const PAUSE_MS = 250;

/**
 * What the order would charge for this checkout body (POST …/orders/quote), asked again whenever
 * the body changes: the body is the query's key. `current` is true only when the answer shown is
 * for the body as it is now (not the previous body's, kept while the new one loads), so the buyer
 * confirms what they saw. A null body asks nothing (the form is not complete enough to price).
 */
function useQuoteOf(path: string, auth: 'app' | 'user', body: object | null, lang: string, basis: unknown) {
  const [asked] = useDebouncedValue(body, PAUSE_MS);
  const query = useQuery({
    queryKey: queryKeys.quote(path, lang, asked, basis),
    queryFn: ({ signal }) =>
      apiRequest<OrderQuote>(path, { service: 'shop', auth, method: 'POST', body: asked!, signal }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const current =
    body !== null &&
    JSON.stringify(asked) === JSON.stringify(body) &&
    query.isSuccess &&
    !query.isPlaceholderData;
  return { ...query, current };
}

/** The member's quote: the body prices the server-side cart, so the cart's lines are part of the key too. */
export const useQuote = (body: CheckoutBody | null, lang: string, cart: readonly CartItem[] | undefined) =>
  useQuoteOf(
    '/v1/orders/quote',
    'user',
    body,
    lang,
    cart?.map((i) => [i.product_code, i.quantity]),
  );

/** A guest's quote: the items travel in the body. */
export const useGuestQuote = (shop: string, body: GuestQuoteBody | null, lang: string) =>
  useQuoteOf(`/v1/community/${encodeURIComponent(shop)}/orders/quote`, 'app', body, lang, null);
