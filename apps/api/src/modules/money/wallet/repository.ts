import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pageOfRows, window, type PageQuery } from '../reports/paging';

/**
 * The wallet's SQL (issue 18): the member's income lines summed by state, their payouts and their
 * lines, one statement each. The member is named by id: the service found it for the signed-in user.
 */

export type WalletTotalsRecord = { waiting: string; paid_total: string; paid_this_month: string };

/** WAITING and PAID lines of every date, and the PAID lines dated in the month; VOID lines in none. */
export async function walletTotals(
  db: Db,
  memberId: number,
  month: { from: string; to: string },
): Promise<WalletTotalsRecord> {
  const { rows } = await db.execute<WalletTotalsRecord>(sql`
    select coalesce(sum(amount) filter (where state = 'WAITING'), 0)::numeric(16,2)::text as waiting,
      coalesce(sum(amount) filter (where state = 'PAID'), 0)::numeric(16,2)::text as paid_total,
      coalesce(sum(amount) filter (where state = 'PAID' and income_date between ${month.from}::date and ${month.to}::date), 0)
        ::numeric(16,2)::text as paid_this_month
    from income_lines where member_id = ${memberId}`);
  return rows[0]!;
}

export type PayoutRecord = {
  id: number;
  run_date: string;
  lines: number;
  gross: string;
  wht: string;
  point_part: string;
  fee: string;
  net: string;
  bank_code: string | null;
  account_no: string | null;
  account_name: string | null;
};

/** The member's payouts, newest first, with how many lines each paid. */
export const payoutPage = (db: Db, memberId: number, q: PageQuery) =>
  pageOfRows<PayoutRecord>(
    db,
    sql`select count(*) from payouts where member_id = ${memberId}`,
    sql`select p.id, p.run_date::text, p.gross::text, p.wht::text, p.point_part::text, p.fee::text, p.net::text,
        p.bank_code, p.account_no, p.account_name,
        (select count(*)::int from income_lines l where l.member_id = p.member_id and l.payout_id = p.id) as lines
      from (select * from payouts where member_id = ${memberId} order by run_date desc, id desc ${window(q)}) p
      order by p.run_date desc, p.id desc`,
  );

export type LineRecord = {
  id: number;
  type: string;
  state: string;
  amount: string;
  income_date: string;
  correction: boolean;
  order_no: string | null;
  paid_on: string | null;
  voided_on: string | null;
};

/** Every income line of the member, newest first: its order (none for CYCLE) and the payout that paid it. */
export const linePage = (db: Db, memberId: number, q: PageQuery) =>
  pageOfRows<LineRecord>(
    db,
    sql`select count(*) from income_lines where member_id = ${memberId}`,
    sql`select l.id, l.type, l.state, l.amount::text, l.income_date::text, l.correction, o.order_no,
        p.run_date::text as paid_on, l.voided_date::text as voided_on
      from (select * from income_lines where member_id = ${memberId} order by income_date desc, id desc ${window(q)}) l
      left join orders o on o.id = l.order_id
      left join payouts p on p.id = l.payout_id
      order by l.income_date desc, l.id desc`,
  );
