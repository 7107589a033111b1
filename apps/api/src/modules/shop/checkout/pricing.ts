import { createHash, randomBytes } from 'node:crypto';
import { VAT_PERCENT } from '@portal/contracts/shop';
import { baht, divHalfUp, satang, type Satang } from '@portal/plan/money';
import { AppError } from '../../../lib/errors';
import type { PaymentKind } from '../payments/providers';

/**
 * An order's money (plan section 0: satang as bigint, rounded once): prices include VAT, so the
 * VAT shown is the VAT part of the inclusive total, total × 7 / 107, rounded half-up. Points and
 * LVP pay part of the total (1 LVP = 1.00 THB); what is left is the net amount to pay.
 */
export interface Totals {
  subtotal: Satang;
  shipping: Satang;
  total: Satang;
  vat: Satang;
  lvpUsed: number;
  pointsUsed: Satang;
  net: Satang;
}

export const vatPart = (total: Satang) => divHalfUp(total * BigInt(VAT_PERCENT), BigInt(100 + VAT_PERCENT));

export function shippingFee(
  method: 'shipping' | 'pickup',
  subtotal: Satang,
  settings: { shippingFee: string; freeShippingFrom: string | null },
): Satang {
  if (method === 'pickup') return 0n;
  if (settings.freeShippingFrom !== null && subtotal >= satang(settings.freeShippingFrom)) return 0n;
  return satang(settings.shippingFee);
}

export function totals(subtotal: Satang, shipping: Satang, useLvp: number, usePoints: Satang): Totals {
  const total = subtotal + shipping;
  const part = BigInt(useLvp) * 100n + usePoints;
  if (part > total) {
    const message = `Points and LVP together (${baht(part)}) cannot pay more than the total ${baht(total)}`;
    throw new AppError(422, 'PART_PAYMENT_TOO_LARGE', message, {
      [useLvp > 0 ? 'use_lvp' : 'use_points']: [message],
    });
  }
  return {
    subtotal,
    shipping,
    total,
    vat: vatPart(total),
    lvpUsed: useLvp,
    pointsUsed: usePoints,
    net: total - part,
  };
}

/** What pricing reads of a draft order (place.ts `OrderDraft`): its lines, delivery fee, part payment and method. */
export interface DraftToPrice {
  lines: readonly { unitPrice: Satang; qty: number; pv: number; lvp: number }[];
  shipping: Satang;
  useLvp: number;
  usePoints: Satang;
  paymentMethod: 'demo' | 'transfer' | 'promptpay' | null;
}

export const subtotalOf = (lines: DraftToPrice['lines']): Satang =>
  lines.reduce((n, l) => n + l.unitPrice * BigInt(l.qty), 0n);

export interface Priced extends Totals {
  pvTotal: number;
  lvpTotal: number;
  /** How the net amount is paid: `balance` when points and LVP cover it all; null when paid elsewhere. */
  method: PaymentKind | null;
}

/**
 * The one pricing of an order: what the checkout writes and what its quote answers. Pure: the
 * balances and the stock it may not exceed are checked by place.ts (`checkDraft`, `placeOrder`).
 */
export function priceDraft(draft: DraftToPrice): Priced {
  const money = totals(subtotalOf(draft.lines), draft.shipping, draft.useLvp, draft.usePoints);
  return {
    ...money,
    pvTotal: draft.lines.reduce((n, l) => n + l.pv * l.qty, 0),
    lvpTotal: draft.lines.reduce((n, l) => n + l.lvp * l.qty, 0),
    method: draft.paymentMethod === null ? null : money.net === 0n ? 'balance' : draft.paymentMethod,
  };
}

/** The same request sent again hashes the same, whatever the order of its keys. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A payment reference a payer can quote: 16 unambiguous upper-case letters and digits (PromptPay ref1 ≤ 20). */
export function paymentReference(): string {
  return [...randomBytes(16)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const guestKey = () => randomBytes(24).toString('base64url');
