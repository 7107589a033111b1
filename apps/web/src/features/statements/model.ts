import type { HoldTarget } from '@portal/contracts/statements';
import { isApiError } from '../../lib/http/errors';

/**
 * The release form's rules as the plan states them (5.1: a whole number, 1 ≤ amount ≤ what is
 * left), checked before the call; the server's answer decides. Answers a message key or null.
 */
export type AmountProblem = 'required' | 'whole' | 'min' | 'max' | null;

export function amountProblem(text: string, remaining: number): AmountProblem {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!/^\d+$/.test(trimmed)) return /^\d*\.\d+$/.test(trimmed) ? 'whole' : 'required';
  const pv = Number(trimmed);
  if (pv < 1) return 'min';
  if (pv > remaining) return 'max';
  return null;
}

/** Why the server refused a release, as a key of the `manage` texts (null: the generic error text). */
export type RefusalKey = 'errors.max' | 'errors.canceled' | 'suspended' | 'notFound' | null;

export function refusalKey(error: unknown): RefusalKey {
  if (isApiError(error, 'ACCOUNT_SUSPENDED')) return 'suspended';
  if (isApiError(error, 'NOT_FOUND')) return 'notFound';
  if (isApiError(error) && error.field('pv')) return 'errors.max';
  if (isApiError(error) && error.field('lot')) return 'errors.canceled';
  return null;
}

export const TARGETS: HoldTarget[] = ['SELF', 'LEFT', 'RIGHT'];

/** Today's business date as the server counted it: the lot's deadline less its days left. */
export function businessTodayOf(lot: { deadline: string; days_left: number }): string {
  const ms = Date.parse(`${lot.deadline}T00:00:00Z`) - lot.days_left * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
