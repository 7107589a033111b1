import type { AppContext } from '../../context';
import { bangkokDate } from '../../compensation/dates';
import type { Moment } from '../../compensation/ledger';

/**
 * When a shop event happens: its instant and its business date (Asia/Bangkok), the date every
 * posting of a payment or a cancellation carries.
 * TODO(business clock): read lib/clock.ts `businessNow(ctx.db, ctx.config)` once it is committed,
 * so that orders follow the demo's moved business date.
 */
export async function shopNow(_ctx: AppContext): Promise<Moment> {
  const at = new Date();
  return { at, date: bangkokDate(at) };
}
