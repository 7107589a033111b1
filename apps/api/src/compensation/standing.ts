import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { addDays, endOfBangkokDay } from './dates';
import type { Plan } from './plan';

/**
 * A member's standing (DESIGN 10): active on a day, suspended, payable, the package in force. One
 * function each, used by the engine, the closings, the API and the reports; nothing else writes
 * these rules. Every function takes many members at once: a closing asks for thousands.
 */
type Q = Db | Tx;
const ids = (memberIds: readonly number[]) => sql.param([...memberIds]);

export interface PersonalPosting {
  effectiveDate: string;
  pv: number;
}

/**
 * The member expiry date (plan 1.2): replay personal PV in (effective_date, posting) order; every
 * ACTIVITY_PV reached moves the expiry to max(expiry, day) + ACTIVITY_DAYS.
 */
export function replayExpiry(postings: readonly PersonalPosting[], plan: Plan): string | null {
  let expiry: string | null = null;
  let balance = 0;
  for (const p of postings) {
    balance += p.pv;
    while (balance >= plan.params.ACTIVITY_PV) {
      balance -= plan.params.ACTIVITY_PV;
      const from: string = expiry !== null && expiry > p.effectiveDate ? expiry : p.effectiveDate;
      expiry = addDays(from, plan.params.ACTIVITY_DAYS);
    }
  }
  return expiry;
}

/**
 * Expiry dates as of the end of day `date`: personal postings effective by then whose source was not
 * reversed by then (a cancellation removes the posting and the replay is repeated; a later
 * cancellation does not change an earlier day).
 */
export async function expiryAsOf(db: Q, memberIds: readonly number[], date: string, plan: Plan) {
  const out = new Map<number, string | null>();
  if (memberIds.length === 0) return out;
  const { rows } = await db.execute<{ member_id: number; effective_date: string; pv: number }>(sql`
    select p.member_id, p.effective_date::text as effective_date, p.pv
    from volume_postings p
    where p.member_id = any(${ids(memberIds)}::bigint[]) and p.personal and p.kind <> 'REVERSAL'
      and p.effective_date <= ${date}::date
      and not exists (select 1 from volume_postings r where r.kind = 'REVERSAL' and r.source = p.source
                      and r.member_id = p.member_id and r.effective_date <= ${date}::date)
    order by p.member_id, p.effective_date, p.id`);
  const byMember = new Map<number, PersonalPosting[]>();
  for (const r of rows) {
    const list = byMember.get(r.member_id) ?? [];
    list.push({ effectiveDate: r.effective_date, pv: r.pv });
    byMember.set(r.member_id, list);
  }
  for (const id of memberIds) out.set(id, replayExpiry(byMember.get(id) ?? [], plan));
  return out;
}

/** Active on day d ⇔ an expiry date on or after d. */
export const isActiveOn = (expiry: string | null | undefined, date: string) => !!expiry && date <= expiry;

/** Suspended at an instant: the newest suspension entry by then is active or done (DESIGN 5). */
export async function suspendedAt(db: Q, memberIds: readonly number[], at: Date): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const { rows } = await db.execute<{ member_id: number }>(sql`
    select m.id as member_id from unnest(${ids(memberIds)}::bigint[]) as m(id)
    cross join lateral (
      select status from suspension_entries s where s.member_id = m.id and s.created_at <= ${at.toISOString()}::timestamptz
      order by s.created_at desc, s.id desc limit 1) s
    where s.status in ('active', 'done')`);
  return new Set(rows.map((r) => r.member_id));
}

/** "Suspended on d" for closings, MTA and payouts: the state at the end of day d. */
export const suspendedOn = (db: Q, memberIds: readonly number[], date: string) =>
  suspendedAt(db, memberIds, endOfBangkokDay(date));

/**
 * The package in force at the end of day d (plan 1.1): the newest PACKAGE or UPGRADE order paid by
 * then and not canceled by then.
 */
export async function packagesAsOf(db: Q, memberIds: readonly number[] | null, date: string) {
  const { rows } = await db.execute<{ member_id: number; package_code: string }>(sql`
    select distinct on (o.member_id) o.member_id, o.package_code from orders o
    where o.order_type in ('PACKAGE', 'UPGRADE') and o.paid_date <= ${date}::date
      and (o.canceled_date is null or o.canceled_date > ${date}::date)
      ${memberIds ? sql`and o.member_id = any(${ids(memberIds)}::bigint[])` : sql``}
    order by o.member_id, o.paid_date desc, o.paid_at desc nulls last, o.id desc`);
  return new Map(rows.map((r) => [r.member_id, r.package_code]));
}

/**
 * Payable in a payout run of day d (plan 6): identity and bank verified (by then) and not suspended
 * at the end of the day.
 */
export async function payableOn(db: Q, memberIds: readonly number[], date: string): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const end = endOfBangkokDay(date).toISOString();
  const { rows } = await db.execute<{ id: number }>(sql`
    select m.id from members m join users u on u.id = m.user_id
    left join member_kyc k on k.member_id = m.id
    where m.id = any(${ids(memberIds)}::bigint[]) and u.is_verifies_identity and u.is_verifies_bank
      and (k.decided_at is null or k.decided_at <= ${end}::timestamptz)`);
  const suspended = await suspendedOn(db, memberIds, date);
  return new Set(rows.map((r) => r.id).filter((id) => !suspended.has(id)));
}
