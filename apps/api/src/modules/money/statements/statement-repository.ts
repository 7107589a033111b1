import { eq, sql } from 'drizzle-orm';
import type { Address } from '@portal/contracts/profile';
import type { Db } from '../../../db/client';
import { addresses } from '../../../db/schema/profile';
import { selectAddresses } from '../../profile';
import { memberOf } from '../reports/paging';

/**
 * What the statements of closed periods sum (plan 6): the member's income lines by type and the
 * payouts by run date, for a range of business dates, and the member's details for the certificate.
 */

export type PeriodRecord = {
  period: string;
  income: string;
  gross_paid: string;
  wht: string;
  net_paid: string;
};

/** Income (lines that stand) and payouts per month (`YYYY-MM`) up to `to`. */
export async function monthsOf(db: Db, userId: number, from: string, to: string): Promise<PeriodRecord[]> {
  const { rows } = await db.execute<PeriodRecord>(sql`
    with me as (select ${memberOf(userId)} as id),
    i as (select to_char(income_date, 'YYYY-MM') as period, sum(amount) as income from income_lines
          where member_id = (select id from me) and income_date between ${from}::date and ${to}::date and state <> 'VOID'
          group by 1),
    p as (select to_char(run_date, 'YYYY-MM') as period, sum(gross) as gross, sum(wht) as wht, sum(net) as net
          from payouts where member_id = (select id from me) and run_date between ${from}::date and ${to}::date group by 1)
    select coalesce(i.period, p.period) as period,
      coalesce(i.income, 0)::numeric(16,2)::text as income, coalesce(p.gross, 0)::numeric(16,2)::text as gross_paid,
      coalesce(p.wht, 0)::numeric(16,2)::text as wht, coalesce(p.net, 0)::numeric(16,2)::text as net_paid
    from i full join p on p.period = i.period order by 1 desc`);
  return rows;
}

export type IncomeTypeRecord = { type: string; amount: string; lines: number };

export async function incomeByType(db: Db, userId: number, from: string, to: string) {
  const { rows } = await db.execute<IncomeTypeRecord>(sql`
    select type, sum(amount)::numeric(16,2)::text as amount, count(*)::int as lines from income_lines
    where member_id = ${memberOf(userId)} and income_date between ${from}::date and ${to}::date and state <> 'VOID'
    group by type`);
  return rows;
}

/** Income dated up to `to` that no payout run up to `to` had paid (and no cancellation up to `to` voided). */
export async function waitingAt(db: Db, userId: number, to: string): Promise<string> {
  const { rows } = await db.execute<{ amount: string }>(sql`
    select coalesce(sum(l.amount), 0)::numeric(16,2)::text as amount from income_lines l
    left join payouts p on p.id = l.payout_id
    where l.member_id = ${memberOf(userId)} and l.income_date <= ${to}::date
      and (l.state = 'WAITING' or (l.state = 'PAID' and p.run_date > ${to}::date)
           or (l.state = 'VOID' and l.voided_date > ${to}::date))`);
  return rows[0]?.amount ?? '0.00';
}

export type PayoutRecord = {
  run_date: string;
  gross: string;
  wht: string;
  point_part: string;
  fee: string;
  net: string;
};

export async function payoutsIn(db: Db, userId: number, from: string, to: string): Promise<PayoutRecord[]> {
  const { rows } = await db.execute<PayoutRecord>(sql`
    select run_date::text, gross::text, wht::text, point_part::text, fee::text, net::text from payouts
    where member_id = ${memberOf(userId)} and run_date between ${from}::date and ${to}::date order by run_date`);
  return rows;
}

export type PayeeRecord = {
  member_code: string;
  first_name: string;
  last_name: string;
  identity_type: string | null;
  identity_value: string | null;
  /** The home address (else the default shipping one) with the names of its places. */
  address: Address | null;
};

/** The member's name, identity number and home address (the certificate's payee). */
export async function payeeOf(db: Db, userId: number): Promise<PayeeRecord | undefined> {
  const [{ rows }, [address]] = await Promise.all([
    db.execute<Omit<PayeeRecord, 'address'>>(sql`
      select m.member_code, u.first_name, u.last_name, u.identity_type, u.identity_value
      from members m join users u on u.id = m.user_id where u.id = ${userId}`),
    // home before shipping, the default first
    selectAddresses(db, eq(addresses.userId, userId), { limit: 1, offset: 0 }),
  ]);
  return rows[0] && { ...rows[0], address: address ?? null };
}
