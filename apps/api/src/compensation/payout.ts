import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { previousSunday } from './dates';
import { applyRate, baht, satang, type Satang } from './money';
import { noticePayouts } from './notices';
import type { Plan } from './plan';
import { payableOn } from './standing';

/**
 * The weekly payout run (plan 6): a payable member's WAITING lines up to the previous Sunday are paid
 * in one transfer, after withholding tax and the point part already credited, when the transfer
 * reaches the minimum. Otherwise they wait for a later run; they never expire.
 */
export interface PayoutResult {
  memberId: number;
  gross: Satang;
  wht: Satang;
  pointPart: Satang;
  fee: Satang;
  net: Satang;
}

export interface HeldBack {
  memberId: number;
  gross: Satang;
  reason: 'NOT_PAYABLE' | 'NOTHING_TO_PAY' | 'BELOW_MINIMUM';
}

export async function runPayout(
  tx: Tx,
  plan: Plan,
  runDate: string,
): Promise<{ paid: PayoutResult[]; heldBack: HeldBack[] }> {
  const cutoff = previousSunday(runDate);
  const { rows } = await tx.execute<{ member_id: number; gross: string; point_part: string }>(sql`
    select member_id, sum(amount)::text as gross,
      sum(case when type = 'CYCLE' and not correction then point_part else 0 end)::text as point_part
    from income_lines where state = 'WAITING' and income_date <= ${cutoff}::date
    group by member_id order by member_id`);
  const payable = await payableOn(
    tx,
    rows.map((r) => r.member_id),
    runDate,
  );
  const paid: PayoutResult[] = [];
  const heldBack: HeldBack[] = [];
  for (const r of rows) {
    const gross = satang(r.gross);
    if (!payable.has(r.member_id)) {
      heldBack.push({ memberId: r.member_id, gross, reason: 'NOT_PAYABLE' });
      continue;
    }
    if (gross <= 0n) {
      heldBack.push({ memberId: r.member_id, gross, reason: 'NOTHING_TO_PAY' });
      continue;
    }
    const wht = applyRate(gross, plan.whtRate);
    const pointPart = satang(r.point_part);
    const fee = plan.transferFee;
    const net = gross - pointPart - wht - fee;
    if (net < plan.minPayout) {
      heldBack.push({ memberId: r.member_id, gross, reason: 'BELOW_MINIMUM' });
      continue;
    }
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      insert into payouts (run_date, member_id, gross, wht, point_part, fee, net, bank_code, account_no, account_name)
      select ${runDate}, ${r.member_id}, ${baht(gross)}, ${baht(wht)}, ${baht(pointPart)}, ${baht(fee)}, ${baht(net)},
        b.bank_code, b.account_no, b.account_name
      from (select 1) one left join lateral (
        select ba.bank_code, ba.account_no, ba.account_name from bank_accounts ba join members m on m.user_id = ba.user_id
        where m.id = ${r.member_id} and ba.status = 'success' order by ba.id desc limit 1) b on true
      on conflict (run_date, member_id) do nothing returning id`);
    const payoutId = inserted[0]?.id;
    if (payoutId === undefined) continue;
    await tx.execute(sql`
      update income_lines set state = 'PAID', payout_id = ${payoutId}
      where member_id = ${r.member_id} and state = 'WAITING' and income_date <= ${cutoff}::date`);
    paid.push({ memberId: r.member_id, gross, wht, pointPart, fee, net });
  }
  await storeHeldBack(tx, runDate, heldBack);
  await noticePayouts(tx, runDate, paid);
  return { paid, heldBack };
}

/** The members a run held back and why, kept with the run (staff read them; a re-run changes nothing). */
async function storeHeldBack(tx: Tx, runDate: string, heldBack: HeldBack[]) {
  if (heldBack.length === 0) return;
  await tx.execute(sql`
    insert into payout_holds (run_date, member_id, gross, reason)
    select ${runDate}::date, h.member_id, h.gross, h.reason
    from unnest(${sql.param(heldBack.map((h) => h.memberId))}::bigint[],
      ${sql.param(heldBack.map((h) => baht(h.gross)))}::numeric[],
      ${sql.param(heldBack.map((h) => h.reason))}::text[]) as h(member_id, gross, reason)
    on conflict (run_date, member_id) do nothing`);
}
