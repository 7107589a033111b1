import type { CartItem, CartUnavailableReason } from '@portal/contracts/shop';
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

/** The member price is a saving only when it is below the retail price (a package costs the same). */
export function isSaving(memberPrice: string | null, retailPrice: string): boolean {
  if (memberPrice === null) return false;
  const member = toSatang(memberPrice);
  const retail = toSatang(retailPrice);
  return member !== null && retail !== null && member < retail;
}

/** The words for why a cart line cannot be bought (shop namespace keys). */
export function unavailableText(
  reason: CartUnavailableReason | null,
): 'cart.unavailable' | 'cart.notSold' | 'cart.notAnUpgrade' {
  return reason === 'not_sold'
    ? 'cart.notSold'
    : reason === 'not_an_upgrade'
      ? 'cart.notAnUpgrade'
      : 'cart.unavailable';
}

/**
 * A package is bought on its own: the lines to remove to keep only the package, or only the other
 * lines. Nothing to remove when the cart does not mix them.
 */
export function linesToRemove(
  items: readonly Pick<CartItem, 'product_code' | 'kind'>[],
  keep: 'package' | 'products',
): string[] {
  const hasPackage = items.some((i) => i.kind === 'PACKAGE');
  if (!hasPackage || items.length < 2) return [];
  return items
    .filter((i) => (keep === 'package' ? i.kind !== 'PACKAGE' : i.kind === 'PACKAGE'))
    .map((i) => i.product_code);
}
