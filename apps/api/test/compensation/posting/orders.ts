import type { OrderRow } from '../../../src/compensation/posting/rows';

/** An order of member 1 as the engine reads it, paid, with what a test changes. */
export const anOrder = (over: Partial<OrderRow> = {}): OrderRow => ({
  id: 10,
  order_no: 'SO-10',
  member_id: 1,
  order_type: 'REPURCHASE',
  package_code: null,
  payment_status: 'pending',
  status: 'pending',
  hold_points: false,
  pv_total: 0,
  lvp_total: 0,
  lvp_used: 0,
  points_used: '0.00',
  paid_date: null,
  canceled_date: null,
  ...over,
});
