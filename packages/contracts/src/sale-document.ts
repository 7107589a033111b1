import { z } from 'zod';

/**
 * The sale document of a community-shop sale (issue 22 item 3; docs/decisions/041): the Direct
 * Sales and Direct Marketing Act B.E. 2545, section 30, has the direct-sales company prepare, and
 * its independent distributor hand the consumer with the goods, a document in plain Thai naming the
 * buyer and the seller, the date of the sale and of the delivery, and the consumer's right to cancel
 * the contract, printed more prominently than the rest.
 */

/** Days after receiving the goods within which the consumer may cancel. */
export const COOLING_OFF_DAYS = 7;
/** Days after the notice of cancellation within which the money is refunded. */
export const REFUND_DAYS = 15;

const money = z.string().meta({ description: 'THB as a decimal string, e.g. "1250.00"' });
const day = z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' });

export const saleDocumentSchema = z.object({
  order_no: z.string(),
  sale_date: day,
  delivery: z.object({
    method: z.enum(['shipping', 'pickup']),
    /** The day the goods were delivered; null until then. */
    date: day.nullable(),
    address: z.string().nullable(),
  }),
  seller: z.object({
    company: z.object({
      name: z.string(),
      address: z.string(),
      tax_id: z.string(),
      phone: z.string(),
      email: z.string(),
      registration: z.string().nullable(),
    }),
    /** The member whose community shop sold: the Act's independent distributor. */
    distributor: z.object({ name: z.string(), member_code: z.string() }),
  }),
  buyer: z.object({ name: z.string(), telephone: z.string(), email: z.string().nullable() }),
  items: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), unit_price: money, amount: money }),
  ),
  shipping: money,
  total: money,
  cancel: z.object({
    days: z.number().int(),
    /** The last day to cancel: the delivery day plus `days`; null until the goods are delivered. */
    ends_on: day.nullable(),
    refund_days: z.number().int(),
  }),
});
export type SaleDocument = z.infer<typeof saleDocumentSchema>;

/**
 * POST /shop/v1/orders/{number}/cooling-off: the buyer cancels a delivered order within
 * COOLING_OFF_DAYS of its delivery (issue 22 item 4; docs/decisions/042), with an optional reason.
 */
export const coolingOffBody = z.strictObject({ reason: z.string().trim().max(500).optional() }).nullish();

export const coolingOffSchema = z.object({
  order_no: z.string(),
  requested_at: z.string().meta({ description: 'ISO 8601 instant (UTC)' }),
  reason: z.string().nullable(),
  /** The last day the buyer could ask: the delivery day plus COOLING_OFF_DAYS. */
  period_ends_on: day,
  /** The refund's last day: the request's day plus REFUND_DAYS. */
  refund_due_on: day,
  goods_received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type CoolingOff = z.infer<typeof coolingOffSchema>;

/** GET /shop/v1/orders/{number}/cooling-off: the request, or null with the period the order has. */
export const coolingOffStateSchema = z.object({
  request: coolingOffSchema.nullable(),
  /** Whether the buyer may ask now: delivered, paid, not canceled, within the period. */
  available: z.boolean(),
  /** The period's last day once delivered; null before delivery. */
  period_ends_on: day.nullable(),
});
export type CoolingOffState = z.infer<typeof coolingOffStateSchema>;

/** A request on the staff desk (GET /staff/v1/cooling-off). */
export const staffCoolingOffRow = coolingOffSchema.extend({
  buyer_name: z.string(),
  total_amount: money,
  channel: z.string(),
});
export type StaffCoolingOffRow = z.infer<typeof staffCoolingOffRow>;
export const staffCoolingOffQuery = z.object({ state: z.enum(['open', 'all']).default('open') });
