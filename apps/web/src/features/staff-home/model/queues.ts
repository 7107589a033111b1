import { addDays, daysBetween, weekday } from '@portal/plan/dates';

/**
 * The staff home's queues (issue 23, item 12): what waits for staff, from the desks' own calls. Each
 * queue is a count, whether it needs someone now, and the desk that works it.
 */
export type QueueKey = 'kyc' | 'slips' | 'closings' | 'payouts';

export interface ClosingState {
  business_date: string;
  next_day: string | null;
  closable: boolean;
  running: unknown[];
}

/**
 * Days that have ended and wait for their closing: from the next day to close to yesterday (the
 * business day today has not ended). 0 while a closing runs (the desk is busy with them) or when
 * nothing is closable.
 */
export function closingsDue(s: ClosingState): number {
  if (!s.next_day || !s.closable || s.running.length > 0) return 0;
  return Math.max(0, daysBetween(s.next_day, s.business_date));
}

/**
 * The queues in the order staff work them: the ones with work first (most urgent first: a closing
 * holds up the payout, members wait on KYC and slips), then the empty ones, each in its own place.
 */
export function orderQueues<T extends { key: QueueKey; count: number }>(queues: T[]): T[] {
  const rank: Record<QueueKey, number> = { closings: 0, payouts: 1, slips: 2, kyc: 3 };
  return [...queues].sort((a, b) => Number(b.count > 0) - Number(a.count > 0) || rank[a.key] - rank[b.key]);
}

/**
 * The payout days among the days waiting for their closing (closing a payout weekday runs its
 * payout): the payouts still to run, oldest first.
 */
export function payoutDaysDue(s: ClosingState, payoutWeekday: number): string[] {
  const n = closingsDue(s);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const d = addDays(s.next_day!, i);
    if (weekday(d) === payoutWeekday) out.push(d);
  }
  return out;
}
