import { PlanRuleError } from '../plan';
import type { VolumeRow } from './rows';

/** What a release from a hold lot posts (plan 5.1): pure functions; ledger.ts reads the lot and writes. */

export type ReleaseTarget = 'SELF' | 'LEFT' | 'RIGHT';

/** A hold lot as a release reads it. */
export type LotFacts = {
  id: number;
  member_id: number;
  order_id: number;
  pv_total: number;
  released: number;
  canceled_date: string | null;
  repurchase: boolean;
};

/**
 * Plan 5.1 and 13: a release takes 1 to the remaining PV of a lot whose order stands, and a suspended
 * member cannot release by hand (the automatic release at the deadline happens all the same).
 */
export function checkRelease(lot: LotFacts, pv: number, memberSuspended: boolean, auto: boolean): void {
  if (lot.canceled_date) throw new PlanRuleError(`hold lot ${lot.id}: its order was canceled`);
  const remaining = lot.pv_total - lot.released;
  if (!Number.isInteger(pv) || pv < 1 || pv > remaining) {
    throw new PlanRuleError(`hold lot ${lot.id}: a release must be between 1 and ${remaining} PV`);
  }
  if (!auto && memberSuspended) {
    throw new PlanRuleError(`hold lot ${lot.id}: a suspended member cannot release points`);
  }
}

/**
 * Plan 5.1: SELF is personal PV and flows up (as plan 2.2); LEFT or RIGHT counts in the member's own
 * leg and flows up, without personal PV. Only a release to SELF of a REPURCHASE's lot counts as
 * repurchase PV (MTA_MIN_PV, plan 13). Dated the release's date.
 */
export function releaseVolume(
  lot: LotFacts,
  releaseId: number,
  pv: number,
  target: ReleaseTarget,
  date: string,
): VolumeRow {
  const source = `release:${releaseId}`;
  return {
    key: source,
    memberId: lot.member_id,
    date,
    pv,
    personal: target === 'SELF',
    flowsUp: true,
    ownSide: target === 'LEFT' ? 'left' : target === 'RIGHT' ? 'right' : null,
    repurchase: target === 'SELF' && lot.repurchase,
    kind: 'RELEASE',
    source,
    orderId: lot.order_id,
  };
}

/** Plan 5.1: on its deadline, what is left of a lot goes to SELF; nothing when nothing is left. */
export const dueRelease = (remaining: number): { pv: number; target: ReleaseTarget } | null =>
  remaining > 0 ? { pv: remaining, target: 'SELF' } : null;
