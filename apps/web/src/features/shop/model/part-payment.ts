import { toSatang } from './cart';

/** What the member typed to pay part of an order with LVP and the point balance (plan 2.3, 5.2). */
export interface PartPaymentInput {
  lvp: string;
  points: string;
  /** Balances now (LVP may be negative after a cancellation: spending is then blocked). */
  lvpBalance: number;
  pointBalance: string;
}

export type PartPaymentError = 'format' | 'over' | 'blocked';

export interface PartPayment {
  /** What the checkout sends: whole LVP and the points as a decimal string. */
  use_lvp: number;
  use_points: string;
  errors: { lvp?: PartPaymentError; points?: PartPaymentError };
}

const WHOLE = /^\d{1,9}$/;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * Checks the amounts against the balances, exactly (satang in BigInt, never floats): an empty
 * field spends nothing; more than the balance, or anything from a balance below zero, is refused
 * before the server refuses it. The server checks again and prices the order.
 */
export function checkPartPayment(input: PartPaymentInput): PartPayment {
  const errors: PartPayment['errors'] = {};
  const lvpText = input.lvp.trim();
  const pointsText = input.points.trim();
  let use_lvp = 0;
  if (lvpText !== '') {
    if (!WHOLE.test(lvpText)) errors.lvp = 'format';
    else {
      use_lvp = Number(lvpText);
      if (use_lvp > 0 && input.lvpBalance <= 0) errors.lvp = 'blocked';
      else if (use_lvp > 0 && use_lvp > input.lvpBalance) errors.lvp = 'over';
    }
  }
  let use_points = '0';
  if (pointsText !== '') {
    const asked = AMOUNT.test(pointsText) ? toSatang(pointsText) : null;
    const balance = toSatang(input.pointBalance) ?? 0n;
    if (asked === null) errors.points = 'format';
    else {
      use_points = pointsText;
      if (asked > 0n && balance <= 0n) errors.points = 'blocked';
      else if (asked > 0n && asked > balance) errors.points = 'over';
    }
  }
  return { use_lvp, use_points, errors };
}
