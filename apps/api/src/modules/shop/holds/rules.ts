import type { OrderCaps, ShopSettings } from '../../../config';
import { baht, satang, type Satang } from '@portal/plan/money';
import { AppError } from '../../../lib/errors';

/**
 * Stock held by unpaid orders (issue 19, item 3). An order waiting for its payment keeps its units
 * off the shelf, so how long and how much one buyer may hold is bounded: pure rules, read by the
 * checkout (and its quote) and by the payment that extends a hold.
 */

const MINUTE = 60_000;

/**
 * Until when a new unpaid order holds its units: a bank transfer without a slip briefly
 * (SHOP_TRANSFER_NO_SLIP_MINUTES), a PromptPay QR for its callback (SHOP_PROMPTPAY_MINUTES).
 * `windowEndsAt` is the full window (SHOP_PAYMENT_HOURS) a transfer slip extends the hold to.
 */
export function holdWindow(
  kind: 'transfer' | 'promptpay',
  at: Date,
  settings: Pick<ShopSettings, 'holdMinutes' | 'paymentHours'>,
): { expiresAt: Date; windowEndsAt: Date } {
  const minutes = kind === 'transfer' ? settings.holdMinutes.transferNoSlip : settings.holdMinutes.promptpay;
  const expiresAt = new Date(at.getTime() + minutes * MINUTE);
  if (kind !== 'transfer') return { expiresAt, windowEndsAt: expiresAt };
  const full = new Date(at.getTime() + settings.paymentHours * 60 * MINUTE);
  return { expiresAt, windowEndsAt: full > expiresAt ? full : expiresAt };
}

/** A slip sent: the hold lasts to the end of the full window (never shorter than it was). */
export function extendedBySlip(expiresAt: Date | null, windowEndsAt: Date | null): Date | null {
  if (!windowEndsAt) return expiresAt;
  return expiresAt && expiresAt > windowEndsAt ? expiresAt : windowEndsAt;
}

const tooLarge = (field: string, message: string) =>
  new AppError(422, 'ORDER_TOO_LARGE', message, { [field]: [message] });

/**
 * One order's caps (a member's or a guest's): units per product, products, and the total. Checked
 * before anything is read or written, by the order and its quote alike.
 */
export function checkOrderCaps(
  lines: readonly { code: string; qty: number }[],
  total: Satang,
  caps: OrderCaps,
): void {
  for (const line of lines) {
    if (line.qty > caps.lineQuantity)
      throw tooLarge(`items.${line.code}`, `At most ${caps.lineQuantity} of one product per order`);
  }
  if (lines.length > caps.lines) throw tooLarge('items', `At most ${caps.lines} products per order`);
  if (total > satang(caps.total))
    throw tooLarge('total_amount', `An order may total at most ${baht(satang(caps.total))}`);
}

export interface UnpaidCounts {
  /** The member's own unpaid orders (null: not a member's checkout). */
  member: number | null;
  /** Unpaid guest orders with this e-mail or telephone (null: no contact given yet, a quote). */
  guest: number | null;
  /** Unpaid guest orders from this client address (null: a member's checkout). */
  address: number | null;
}

const tooMany = (message: string) =>
  new AppError(409, 'TOO_MANY_UNPAID_ORDERS', message, { unpaid_orders: [message] });

/** One more unpaid order would hold more than a buyer may: pay or cancel one first. */
export function checkUnpaidCounts(counts: UnpaidCounts, caps: ShopSettings['caps']['unpaid']): void {
  if (counts.member !== null && counts.member >= caps.perMember)
    throw tooMany(`You have ${counts.member} unpaid orders: pay or cancel one before ordering again`);
  if (counts.guest !== null && counts.guest >= caps.perGuest)
    throw tooMany(
      `This e-mail or telephone has ${counts.guest} unpaid orders: pay or cancel one before ordering again`,
    );
  if (counts.address !== null && counts.address >= caps.perAddress)
    throw tooMany('Too many unpaid orders were placed from this address: pay or cancel one first');
}
