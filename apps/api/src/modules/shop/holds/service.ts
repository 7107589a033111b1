import type { ShopSettings } from '../../../config';
import type { Tx } from '../../../db/client';
import { priceDraft } from '../checkout/pricing';
import type { OrderDraft } from '../checkout/place';
import { lockHolder, unpaidCounts, type Holder } from './repository';
import { checkOrderCaps, checkUnpaidCounts } from './rules';

export type { Holder };

/**
 * What a checkout may hold (issue 19, item 3), checked by the order and by its quote with the same
 * errors, before anything is written: the order's caps (a member's or a guest's), then, when the
 * order would wait for its payment and so hold its units, the holder's unpaid orders. `lock` (the
 * order, not the quote) serialises the holder's checkouts until the order is written.
 */
export async function checkHolds(
  tx: Tx,
  settings: ShopSettings,
  draft: Omit<OrderDraft, 'idempotency'>,
  who: 'member' | 'guest',
  holder: Holder,
  lock: boolean,
): Promise<void> {
  const money = priceDraft(draft);
  checkOrderCaps(
    draft.lines.map((l) => ({ code: l.product.code, qty: l.qty })),
    money.total,
    settings.caps[who],
  );
  if (!draft.takesStock || (money.method !== 'transfer' && money.method !== 'promptpay')) return;
  if (lock) await lockHolder(tx, holder);
  checkUnpaidCounts(await unpaidCounts(tx, holder), settings.caps.unpaid);
}
