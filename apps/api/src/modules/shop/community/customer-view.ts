import type { Order } from '@portal/contracts/shop';

/**
 * What a community shop's customer (a guest) is shown of an order or a quote: the price they pay,
 * never the seller's own (member) price, which is the seller's cost and margin.
 */
export function forCustomer<T extends { items: Order['items'] }>(answer: T): T {
  return { ...answer, items: answer.items.map((i) => ({ ...i, member_price: null })) };
}
