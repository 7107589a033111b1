import { sql } from 'drizzle-orm';
import type { Adjustment, AdjustmentKind, MemberBalance } from '@portal/contracts/engine';
import type { Db, Tx } from '../../../db/client';
import { containsPattern } from '../../../lib/sql';
import { staffName } from '../audit/repository';

const BALANCES = sql.raw(`
  (select coalesce(sum(points), 0) from lvp_postings l where l.member_id = m.id)::int as lvp_balance,
  (select coalesce(sum(points), 0) from point_postings p where p.member_id = m.id)::numeric(14,2)::text as point_balance`);

/** Members by code (exact or contained), name, e-mail or mobile, with both balances: at most ten. */
export async function findMembers(db: Db, q: string): Promise<MemberBalance[]> {
  const term = containsPattern(q.toLowerCase());
  const { rows } = await db.execute<MemberBalance>(sql`
    select m.id as member_id, m.member_code, ${sql.raw(staffName('u'))} as name, u.email, u.mobile, ${BALANCES}
    from members m join users u on u.id = m.user_id
    where u.deleted_at is null and (lower(m.member_code) like ${term} or u.search_text like ${term})
    order by (lower(m.member_code) = ${q.toLowerCase()}) desc, m.member_code limit 10`);
  return rows;
}

export async function memberBalance(db: Db | Tx, memberId: number): Promise<MemberBalance | null> {
  const { rows } = await db.execute<MemberBalance>(sql`
    select m.id as member_id, m.member_code, ${sql.raw(staffName('u'))} as name, u.email, u.mobile, ${BALANCES}
    from members m join users u on u.id = m.user_id where m.id = ${memberId}`);
  return rows[0] ?? null;
}

type AdjustmentRow = {
  id: number;
  action: 'LVP_ADJUSTED' | 'POINTS_ADJUSTED';
  member_id: number;
  member_code: string;
  name: string;
  business_date: string;
  detail: { amount: string; remark: string; balance_after: string };
  staff_id: number | null;
  staff_name: string | null;
  created_at: Date;
};

const KIND: Record<AdjustmentRow['action'], AdjustmentKind> = {
  LVP_ADJUSTED: 'LVP',
  POINTS_ADJUSTED: 'POINTS',
};

function toAdjustment(r: AdjustmentRow): Adjustment {
  return {
    id: r.id,
    kind: KIND[r.action],
    member_id: r.member_id,
    member_code: r.member_code,
    name: r.name,
    amount: r.detail.amount,
    remark: r.detail.remark,
    business_date: r.business_date,
    balance_after: r.detail.balance_after,
    staff: r.staff_id !== null ? { user_id: r.staff_id, name: r.staff_name ?? '' } : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

const ADJUSTMENT_SELECT = sql`
  select a.id, a.action, a.member_id, m.member_code, ${sql.raw(staffName('mu'))} as name,
    a.business_date::text as business_date, a.detail, s.id as staff_id, ${sql.raw(staffName('s'))} as staff_name,
    a.created_at
  from engine_audit a join members m on m.id = a.member_id join users mu on mu.id = m.user_id
  left join users s on s.id = a.actor_user_id`;

/** The adjustments staff made (from the engine's audit), newest first; one member's when asked. */
export async function listAdjustments(db: Db, q: { page: number; per_page: number; member_id?: number }) {
  const where = sql`a.action in ('LVP_ADJUSTED', 'POINTS_ADJUSTED') ${q.member_id ? sql`and a.member_id = ${q.member_id}` : sql``}`;
  const [{ rows: totals }, { rows }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from engine_audit a where ${where}`),
    db.execute<AdjustmentRow>(sql`${ADJUSTMENT_SELECT} where ${where} order by a.id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  return { items: rows.map(toAdjustment), total: totals[0]?.n ?? 0 };
}

export async function adjustmentById(db: Db, id: number): Promise<Adjustment | null> {
  const { rows } = await db.execute<AdjustmentRow>(sql`${ADJUSTMENT_SELECT} where a.id = ${id}`);
  return rows[0] ? toAdjustment(rows[0]) : null;
}
