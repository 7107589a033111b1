import type { CartItem } from '@portal/contracts/shop';
import { baht, satang } from '@portal/plan/money';
import type { Language } from '../../../lib/preferences';
import { formatPoints } from '../../../lib/i18n/numbers';

/** The badge's number: the total quantity of the cart's items (not the number of lines). */
export function cartBadgeCount(items: readonly Pick<CartItem, 'quantity'>[] | null | undefined): number {
  let total = 0;
  for (const item of items ?? []) total += item.quantity;
  return total;
}

/** What the badge shows: nothing for an empty cart, 99+ above 99. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/**
 * Money travels as decimal strings; the server does the arithmetic. This only formats the string
 * with two decimals and the language's grouping, with the baht sign.
 */
export function formatMoney(value: string | null | undefined, lang: Language): string {
  const text = formatPoints(value, lang);
  return text === '–' ? text : `฿${text}`;
}

/** A new key per checkout attempt; a retry of the same attempt reuses it (the server answers the same order). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** "1250.5" → 125050n satang; exact, no floats (@portal/plan/money). Anything else is null. */
export function toSatang(value: string): bigint | null {
  try {
    return satang(value);
  } catch {
    return null;
  }
}

/**
 * A guest cart's estimate before the server prices it: unit price × quantity, summed, in whole
 * satang with BigInt (exact). The checkout's answer is what the guest pays.
 */
export function guestCartTotal(lines: readonly { price: string; quantity: number }[]): string | null {
  let total = 0n;
  for (const line of lines) {
    const unit = toSatang(line.price);
    if (unit === null) return null;
    total += unit * BigInt(line.quantity);
  }
  return baht(total);
}

export function lineTotal(price: string, quantity: number): string | null {
  return guestCartTotal([{ price, quantity }]);
}
