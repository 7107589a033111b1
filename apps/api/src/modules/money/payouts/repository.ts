import { sql, type SQL } from 'drizzle-orm';
import type { PayoutDetail, PayoutHeld, PayoutPaid, PayoutRun } from '@portal/contracts/engine';
import { baht, satang } from '@portal/plan/money';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../lib/sql';
import { staffName } from '../audit/repository';
import { runStarter } from '../../../compensation/starters';

type RunRow = {
  run_id: number;
  run_date: string;
  plan_version: number;
  started_by: string;
  staff_id: number | null;
  staff_name: string | null;
  finished_at: Date | null;
  paid_members: number;
  held_members: number;
  gross: string;
  wht: string;
  point_part: string;
  fee: string;
  net: string;
  held_gross: string;
};

/** A PAYOUT run with the sums of what it paid (payouts) and held back (payout_holds). */
const RUN_SELECT = sql`
  select r.id as run_id, r.business_date::text as run_date, r.plan_version, r.started_by,
    u.id as staff_id, ${sql.raw(staffName('u'))} as staff_name, r.finished_at,
    coalesce(p.n, 0)::int as paid_members, coalesce(h.n, 0)::int as held_members,
    coalesce(p.gross, 0)::text as gross, coalesce(p.wht, 0)::text as wht,
    coalesce(p.point_part, 0)::text as point_part, coalesce(p.fee, 0)::text as fee,
    coalesce(p.net, 0)::text as net, coalesce(h.gross, 0)::text as held_gross
  from engine_runs r
  left join users u on u.id = (case when r.started_by ~ '^staff:[0-9]+$' then substring(r.started_by from 7)::bigint end)
  left join lateral (
    select count(*) as n, sum(gross) as gross, sum(wht) as wht, sum(point_part) as point_part, sum(fee) as fee,
      sum(net) as net
    from payouts where run_date = r.business_date) p on true
  left join lateral (
    select count(*) as n, sum(gross) as gross from payout_holds where run_date = r.business_date) h on true`;

const money = (v: string) => baht(satang(v));

function toRun(r: RunRow): PayoutRun {
  return {
    run_id: r.run_id,
    run_date: r.run_date,
    plan_version: r.plan_version,
    started_by: r.started_by,
    started_by_kind: runStarter(r.started_by),
    staff: r.staff_id !== null ? { user_id: r.staff_id, name: r.staff_name ?? '' } : null,
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    paid_members: r.paid_members,
    held_members: r.held_members,
    // numeric sums print as "12.50"; coalesced zeros as "0": two places for every amount
    gross: money(r.gross),
    wht: money(r.wht),
    point_part: money(r.point_part),
    fee: money(r.fee),
    net: money(r.net),
    held_gross: money(r.held_gross),
  };
}

const WHERE_PAYOUT = sql`r.type = 'PAYOUT' and r.status = 'done'`;

export async function listPayoutRuns(
  db: Db,
  q: { page: number; per_page: number; from?: string; to?: string },
) {
  const filters: SQL[] = [WHERE_PAYOUT];
  if (q.from) filters.push(sql`r.business_date >= ${q.from}::date`);
  if (q.to) filters.push(sql`r.business_date <= ${q.to}::date`);
  const where = sql.join(filters, sql` and `);
  const [{ rows: totals }, { rows }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from engine_runs r where ${where}`),
    db.execute<RunRow>(sql`${RUN_SELECT} where ${where} order by r.business_date desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  return { items: rows.map(toRun), total: totals[0]?.n ?? 0 };
}

export async function payoutRunOn(db: Db, date: string): Promise<PayoutDetail | null> {
  const { rows } = await db.execute<RunRow>(
    sql`${RUN_SELECT} where ${WHERE_PAYOUT} and r.business_date = ${date}::date`,
  );
  if (!rows[0]) return null;
  const { rows: reasons } = await db.execute<{ reason: keyof PayoutDetail['held_by_reason']; n: number }>(
    sql`select reason, count(*)::int as n from payout_holds where run_date = ${date}::date group by reason`,
  );
  const held = { NOT_PAYABLE: 0, NO_BANK_ACCOUNT: 0, NOTHING_TO_PAY: 0, BELOW_MINIMUM: 0 };
  for (const r of reasons) held[r.reason] = r.n;
  return { ...toRun(rows[0]), held_by_reason: held };
}

const memberFilter = (q: string | undefined) =>
  q
    ? sql`and (lower(m.member_code) like ${containsPattern(q.toLowerCase())} or u.search_text like ${containsPattern(q.toLowerCase())})`
    : sql``;

/** The transfers of a run, by member code. */
export async function paidPage(db: Db, date: string, q: { page: number; per_page: number; q?: string }) {
  const from = sql`from payouts p join members m on m.id = p.member_id join users u on u.id = m.user_id
    where p.run_date = ${date}::date ${memberFilter(q.q)}`;
  const [{ rows: totals }, { rows }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`),
    db.execute<PayoutPaid>(sql`
      select m.id as member_id, m.member_code, ${sql.raw(staffName('u'))} as name, p.gross::text, p.wht::text,
        p.point_part::text, p.fee::text, p.net::text, p.bank_code, p.account_no, p.account_name
      ${from} order by m.member_code limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  return { items: rows, total: totals[0]?.n ?? 0 };
}

/** The members a run held back and why, by member code. */
export async function heldPage(db: Db, date: string, q: { page: number; per_page: number; q?: string }) {
  const from = sql`from payout_holds h join members m on m.id = h.member_id join users u on u.id = m.user_id
    where h.run_date = ${date}::date ${memberFilter(q.q)}`;
  const [{ rows: totals }, { rows }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`),
    db.execute<PayoutHeld>(sql`
      select m.id as member_id, m.member_code, ${sql.raw(staffName('u'))} as name, h.gross::text, h.reason
      ${from} order by m.member_code limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  return { items: rows, total: totals[0]?.n ?? 0 };
}

/** Every member a run held back, with the reason, for the held list (CSV). */
export async function heldLines(db: Db, date: string) {
  const { rows } = await db.execute<{ member_code: string; name: string; gross: string; reason: string }>(sql`
    select m.member_code, ${sql.raw(staffName('u'))} as name, h.gross::text, h.reason
    from payout_holds h join members m on m.id = h.member_id join users u on u.id = m.user_id
    where h.run_date = ${date}::date order by m.member_code`);
  return rows;
}

/** Every transfer of a run for the bank's file. */
export async function transferLines(db: Db, date: string) {
  const { rows } = await db.execute<{
    bank_code: string | null;
    account_no: string | null;
    account_name: string | null;
    net: string;
  }>(sql`
    select p.bank_code, p.account_no, p.account_name, p.net::text
    from payouts p join members m on m.id = p.member_id
    where p.run_date = ${date}::date order by m.member_code`);
  return rows;
}

/** The withholding tax of every member a run paid, with their identity number when they gave it. */
export async function whtLines(db: Db, date: string) {
  const { rows } = await db.execute<{
    member_code: string;
    name: string;
    identity_number: string | null;
    gross: string;
    wht: string;
  }>(sql`
    select m.member_code, ${sql.raw(staffName('u'))} as name, nullif(u.identity_value, '') as identity_number,
      p.gross::text, p.wht::text
    from payouts p join members m on m.id = p.member_id join users u on u.id = m.user_id
    where p.run_date = ${date}::date order by m.member_code`);
  return rows;
}
