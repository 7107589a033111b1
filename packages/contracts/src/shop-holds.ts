import { z } from 'zod';
import { staffOrderQuery, staffOrderRow } from './shop.ts';

/**
 * Stock held by unpaid orders (issue 19, item 3): the staff orders desk lists the unpaid orders
 * whose units are off the shelf, with until when, and releases one (cancels it, stock back).
 */
export const holdSchema = z.object({
  /** Until when the order keeps its units: the job cancels it after, unless a slip waits for staff. */
  expires_at: z.string().nullable().meta({ description: 'ISO 8601 instant (UTC)' }),
  /** A transfer slip waits for staff: the order is kept past `expires_at` until staff decide. */
  slip_waiting: z.boolean(),
  /** Units off the shelf for this order (its lines' quantities). */
  units: z.number().int(),
  /** The address the checkout came from (unpaid guest orders are capped per address). */
  client_address: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

/** GET /staff/v1/orders: the desk's filters, and `holding=true` for the unpaid orders holding stock. */
export const staffOrderListQuery = staffOrderQuery.extend({
  holding: z.enum(['true', 'false']).optional(),
});

/** A row of the desk's list: `hold` is set while the order is unpaid and its units are held. */
export const staffOrderListRow = staffOrderRow.extend({ hold: holdSchema.nullable() });
export type StaffOrderListRow = z.infer<typeof staffOrderListRow>;
