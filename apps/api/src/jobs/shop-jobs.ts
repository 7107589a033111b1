import { expireUnpaidOrders } from '../modules/shop';
import type { JobDefinition } from './registry';

/**
 * Orders not paid in time (the hold of their payment kind, `expires_at`: a transfer without a slip
 * SHOP_TRANSFER_NO_SLIP_MINUTES, PromptPay SHOP_PROMPTPAY_MINUTES, a rejected slip's order the full
 * SHOP_PAYMENT_HOURS) are canceled every ten minutes, on the business clock (in demo mode a moved
 * date expires them too): their units go back on the shelf and the LVP and points spent on them
 * come back.
 */
export const unpaidOrdersJob: JobDefinition = {
  name: 'unpaid-orders',
  cron: '*/10 * * * *',
  runAtStart: true,
  expireInSeconds: 10 * 60,
  handler: async ({ ctx, now, log }) => {
    const { canceled, failed } = await expireUnpaidOrders(ctx, now.at);
    if (failed.length > 0) log.warn({ orders: failed }, 'unpaid orders the plan does not let cancel');
    return { canceled, failed: failed.length };
  },
};
