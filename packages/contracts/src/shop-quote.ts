import { z } from 'zod';
import { DELIVERY_METHODS, guestCheckoutBody, orderSchema, paymentSchema } from './shop.ts';

/**
 * A quote (issue 18, item 5): what a checkout body would order and charge now, priced by the same
 * code as the order, before the buyer confirms. Its fields are the order's own (`orderSchema`), so
 * a quote and the order it becomes compare field by field.
 */
export const orderQuoteSchema = orderSchema
  .pick({
    order_type: true,
    package_code: true,
    hold_points: true,
    items: true,
    subtotal: true,
    shipping_amount: true,
    vat_amount: true,
    total_amount: true,
    lvp_used: true,
    points_used: true,
    net_amount: true,
    pv_total: true,
    lvp_total: true,
  })
  .extend({
    delivery_method: z.enum(DELIVERY_METHODS),
    /** How the net amount would be paid: `balance` when points and LVP cover it all. */
    payment_method: paymentSchema.shape.method.nullable(),
  });
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

const guestDelivery = guestCheckoutBody.shape.delivery.options;

/**
 * POST /shop/v1/community/{shopCode}/orders/quote: the guest checkout's body, where who buys and
 * where it goes may still be blank (they change nothing in the price); given, they are checked as
 * the order checks them.
 */
export const guestQuoteBody = guestCheckoutBody.extend({
  customer: guestCheckoutBody.shape.customer.optional(),
  delivery: z.discriminatedUnion('method', [
    guestDelivery[0].extend({ address: guestDelivery[0].shape.address.optional() }),
    guestDelivery[1],
  ]),
});
export type GuestQuoteBody = z.input<typeof guestQuoteBody>;
