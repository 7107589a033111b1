import type { AppContext } from '../../context';
import { businessNow } from '../../lib/clock';
import type { Moment } from '@portal/plan/dates';

/**
 * When a shop event happens: its instant and its business date (Asia/Bangkok), the date every
 * posting of a payment or a cancellation carries. The business clock's: in demo mode it follows
 * the demo's moved date, so an order is never dated in a day already closed.
 */
export const shopNow = (ctx: AppContext): Promise<Moment> => businessNow(ctx.db, ctx.config);
