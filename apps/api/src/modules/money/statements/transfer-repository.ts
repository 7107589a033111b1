import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { memberOf } from '../reports/paging';
import type { PayoutRecord } from './statement-repository';

/**
 * What explains a period's transfers (decision 021): each payout run dated in the period with the
 * lines it paid, split by income date (in the period, or earlier: income that had waited), and the
 * period's own income that no run of the period paid (paid later, or waiting still).
 */

export type EarlierLineRecord = { id: number; income_date: string; type: string; amount: string };

export type TransferRecord = PayoutRecord & {
  of_period: string;
  earlier: string;
  earlier_lines: EarlierLineRecord[];
};

export async function transfersIn(
  db: Db,
  userId: number,
  from: string,
  to: string,
): Promise<TransferRecord[]> {
  const { rows } = await db.execute<TransferRecord>(sql`
    select p.run_date::text, p.gross::text, p.wht::text, p.point_part::text, p.fee::text, p.net::text,
      coalesce((select sum(l.amount) from income_lines l where l.member_id = p.member_id and l.payout_id = p.id and l.income_date >= ${from}::date), 0)
        ::numeric(16,2)::text as of_period,
      coalesce((select sum(l.amount) from income_lines l where l.member_id = p.member_id and l.payout_id = p.id and l.income_date < ${from}::date), 0)
        ::numeric(16,2)::text as earlier,
      coalesce((select json_agg(json_build_object('id', l.id, 'income_date', l.income_date, 'type', l.type,
            'amount', l.amount::numeric(16,2)::text) order by l.income_date, l.id)
          from income_lines l where l.member_id = p.member_id and l.payout_id = p.id and l.income_date < ${from}::date), '[]'::json) as earlier_lines
    from payouts p where p.member_id = ${memberOf(userId)} and p.run_date between ${from}::date and ${to}::date
    order by p.run_date, p.id`);
  return rows;
}

export type UnpaidRecord = { paid_later: string; waiting: string };

/** The period's lines that stand and were not paid by a run of the period: paid later, or waiting now. */
export async function unpaidOf(db: Db, userId: number, from: string, to: string): Promise<UnpaidRecord> {
  const { rows } = await db.execute<UnpaidRecord>(sql`
    select coalesce(sum(l.amount) filter (where l.state = 'PAID'), 0)::numeric(16,2)::text as paid_later,
      coalesce(sum(l.amount) filter (where l.state = 'WAITING'), 0)::numeric(16,2)::text as waiting
    from income_lines l left join payouts p on p.id = l.payout_id
    where l.member_id = ${memberOf(userId)} and l.income_date between ${from}::date and ${to}::date
      and l.state <> 'VOID' and (p.id is null or p.run_date > ${to}::date)`);
  return rows[0] ?? { paid_later: '0.00', waiting: '0.00' };
}
