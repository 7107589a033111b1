import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { addDays, previousSunday, weekday } from '@portal/plan/dates';
import { baht, satang, type Satang } from '@portal/plan/money';
import { withholdingTax, type YearSoFar } from '@portal/plan/wht';
import { noticePayouts } from './notices';
import type { Plan } from './plan';
import { copyRows, mapLazily, PACE, pacer, queryArrays } from './bulk';
import { payabilityOn, type NotPayableReason, type Payability, type PayeeAccount } from './standing';

/**
 * The weekly payout run (plan 6): a payable member's WAITING lines up to the previous Sunday are paid
 * in one transfer to their approved bank account, after withholding tax and the point part already
 * credited, when the transfer reaches the minimum. Otherwise they wait for a later run; they never
 * expire. The member's wallet shows the next run's batch with the same functions (`waitingBatches`,
 * `settleBatch`).
 */
export interface PayoutResult {
  memberId: number;
  gross: Satang;
  wht: Satang;
  pointPart: Satang;
  fee: Satang;
  net: Satang;
  account: PayeeAccount;
}

/** Why a run did not pay a member, as the run stores it (payout_holds.reason). */
export type HoldReason = 'NOT_PAYABLE' | 'NO_BANK_ACCOUNT' | 'NOTHING_TO_PAY' | 'BELOW_MINIMUM';

export interface HeldBack {
  memberId: number;
  gross: Satang;
  reason: HoldReason;
}

/** A member's WAITING lines that a run takes: every type, negative corrections included. */
export interface WaitingBatch {
  memberId: number;
  lines: number;
  gross: Satang;
  /** The point part of the batch's CYCLE lines, credited to the point balance when they were written. */
  pointPart: Satang;
  /** The member's payouts earlier in the run's calendar year, when asked for (WHT_METHOD ANNUALISED). */
  yearSoFar?: YearSoFar;
}

/** Why a batch would not be paid: the member is not payable, or the amounts say so. */
export type BatchHeld = NotPayableReason | 'NOTHING_TO_PAY' | 'BELOW_MINIMUM';

export interface SettledBatch {
  gross: Satang;
  wht: Satang;
  pointPart: Satang;
  fee: Satang;
  net: Satang;
  held: BatchHeld | null;
}

/**
 * The next payout run as of business date `today`: the plan's payout weekday on or after it (today's
 * own, as a run is made once its day has ended).
 */
export const nextPayoutDate = (today: string, payoutWeekday: number) =>
  addDays(today, (payoutWeekday - weekday(today) + 7) % 7);

/**
 * The WAITING lines dated up to the Sunday before `runDate`, summed per member (all members, or
 * `memberIds`); with `yearSoFar`, each batch also carries the member's payouts earlier in the run's
 * calendar year (gross and WHT), which the annualised WHT needs.
 */
export async function waitingBatches(
  db: Db | Tx,
  runDate: string,
  options: { memberIds?: readonly number[]; yearSoFar?: boolean } = {},
): Promise<WaitingBatch[]> {
  const { memberIds, yearSoFar = false } = options;
  const cutoff = previousSunday(runDate);
  const who = memberIds ? sql`and member_id = any(${sql.param([...memberIds])}::bigint[])` : sql``;
  // The year so far only when asked: otherwise the batches' query alone, its two columns null.
  const [yearColumns, yearJoin] = yearSoFar
    ? [
        sql`y.gross::text as year_gross, y.wht::text as year_wht`,
        sql`left join (
          select member_id, sum(gross) as gross, sum(wht) as wht from payouts
          where run_date >= date_trunc('year', ${runDate}::date)::date and run_date < ${runDate}::date ${who}
          group by member_id) y using (member_id)`,
      ]
    : [sql`null as year_gross, null as year_wht`, sql``];
  const { rows } = await db.execute<{
    member_id: number;
    lines: number;
    gross: string;
    point_part: string;
    year_gross: string | null;
    year_wht: string | null;
  }>(sql`
    select b.member_id, b.lines, b.gross, b.point_part, ${yearColumns}
    from (
      select member_id, count(*)::int as lines, sum(amount)::text as gross,
        sum(case when type = 'CYCLE' and not correction then point_part else 0 end)::text as point_part
      from income_lines where state = 'WAITING' and income_date <= ${cutoff}::date ${who}
      group by member_id) b
    ${yearJoin}
    order by b.member_id`);
  const pace = pacer();
  const out: WaitingBatch[] = [];
  for (const [k, r] of rows.entries()) {
    if (k % PACE === 0) await pace();
    out.push({
      memberId: r.member_id,
      lines: r.lines,
      gross: satang(r.gross),
      pointPart: satang(r.point_part),
      ...(yearSoFar && {
        yearSoFar: { gross: satang(r.year_gross ?? '0'), wht: satang(r.year_wht ?? '0') },
      }),
    });
  }
  return out;
}

/**
 * The arithmetic of plan 6 for one batch of the run of `runDate`: WHT on the gross (by the plan's
 * WHT_METHOD), the point part and the fee taken off,
 * and whether it is paid. A member who is not payable is held first, then a gross of 0.00 or less
 * (nothing to pay: no tax, no transfer), then a transfer under the minimum.
 */
export function settleBatch(
  plan: Plan,
  runDate: string,
  batch: WaitingBatch,
  payability: Payability | undefined,
): SettledBatch {
  const { gross, pointPart } = batch;
  const fee = plan.transferFee;
  const positive = gross > 0n;
  const wht = withholdingTax({
    method: plan.whtMethod,
    flatRate: plan.whtRate,
    gross,
    runDate,
    yearSoFar: batch.yearSoFar,
  });
  const net = positive ? gross - pointPart - wht - fee : 0n;
  const held: BatchHeld | null = !payability?.payable
    ? (payability?.reason ?? 'KYC')
    : !positive
      ? 'NOTHING_TO_PAY'
      : net < plan.minPayout
        ? 'BELOW_MINIMUM'
        : null;
  return { gross, wht, pointPart, fee: positive ? fee : 0n, net, held };
}

/** A batch's reason as the run stores it: KYC and suspension are both "not payable". */
const holdReason = (held: BatchHeld): HoldReason =>
  held === 'KYC' || held === 'SUSPENDED' ? 'NOT_PAYABLE' : held;

export async function runPayout(
  tx: Tx,
  plan: Plan,
  runDate: string,
  onStep: (step: string) => void = () => {},
): Promise<{ paid: PayoutResult[]; heldBack: HeldBack[] }> {
  // Room to sort and hash a run's hundreds of thousands of members in memory (the default 4 MB
  // spills the batches' aggregate to disk in 89 parts at 1,000,000 members), for this run only.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const batches = await waitingBatches(tx, runDate, { yearSoFar: plan.whtMethod === 'ANNUALISED' });
  onStep('waiting batches');
  const payability = await payabilityOn(
    tx,
    batches.map((b) => b.memberId),
    runDate,
  );
  onStep('payability');
  const pace = pacer();
  const toPay: PayoutResult[] = [];
  const heldBack: HeldBack[] = [];
  for (const [k, batch] of batches.entries()) {
    if (k % PACE === 0) await pace();
    const payee = payability.get(batch.memberId);
    const s = settleBatch(plan, runDate, batch, payee);
    if (s.held !== null || !payee?.payable) {
      heldBack.push({ memberId: batch.memberId, gross: s.gross, reason: holdReason(s.held ?? 'KYC') });
      continue;
    }
    toPay.push({ memberId: batch.memberId, ...s, account: payee.account });
  }
  onStep('settle');
  const paid = await storePayouts(tx, runDate, toPay, onStep);
  await storeHeldBack(tx, runDate, heldBack);
  onStep('held back stored');
  await noticePayouts(tx, runDate, paid);
  onStep('notices');
  return { paid, heldBack };
}

/**
 * One payout per member, in member order, and the member's WAITING lines up to the cutoff marked
 * PAID by it: COPY into a scratch table, then one statement (a run pays a million members; decision
 * 046). A member the run already paid (the payout of the day exists) is left as it is and not
 * returned.
 */
async function storePayouts(
  tx: Tx,
  runDate: string,
  payouts: PayoutResult[],
  onStep: (step: string) => void,
): Promise<PayoutResult[]> {
  if (payouts.length === 0) return [];
  await tx.execute(sql`
    create temp table payout_stage (member_id bigint, gross numeric(14, 2), wht numeric(14, 2),
      point_part numeric(14, 2), fee numeric(14, 2), net numeric(14, 2), bank_code text, account_no text,
      account_name text)
    on commit drop`);
  await copyRows(
    tx,
    'payout_stage',
    PAYOUT_COLUMNS,
    mapLazily(payouts, (p) => [
      p.memberId,
      baht(p.gross),
      baht(p.wht),
      baht(p.pointPart),
      baht(p.fee),
      baht(p.net),
      p.account.bankCode,
      p.account.accountNo,
      p.account.accountName,
    ]),
  );
  onStep('payouts copied');
  // The payouts the run adds (a member paid by an earlier attempt of the same run is left as it is).
  await tx.execute(sql`create temp table payout_new (id bigint, member_id bigint) on commit drop`);
  await tx.execute(sql`
    with inserted as (
      insert into payouts (run_date, ${sql.raw(PAYOUT_COLUMNS.join(', '))})
      select ${runDate}::date, ${sql.raw(PAYOUT_COLUMNS.join(', '))} from payout_stage order by member_id
      on conflict (run_date, member_id) do nothing
      returning id, member_id)
    insert into payout_new select id, member_id from inserted`);
  await tx.execute(sql`analyze payout_new`);
  onStep('payouts inserted');
  // Their members' WAITING lines marked PAID in the order they lie on disk: a hash of the new payouts
  // probed by one sequential read of the ledger, not the ledger read in member order through an
  // index (the planner's choice). Each ledger page is then written once, not once per member on it,
  // and logged whole (a WAL full-page image) once between two checkpoints rather than many times.
  // With the ledger's room for new versions (migration 0034) the 2.4 million lines of a
  // 1,000,000-member month took 11 s instead of 104 s (decision 050).
  await tx.execute(sql`set local enable_mergejoin = off`);
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`
    update income_lines l set state = 'PAID', payout_id = n.id from payout_new n
    where l.member_id = n.member_id and l.state = 'WAITING' and l.income_date <= ${previousSunday(runDate)}::date`);
  await tx.execute(sql`reset enable_mergejoin`);
  await tx.execute(sql`reset enable_nestloop`);
  const inserted = await queryArrays<[number]>(tx, `select member_id from payout_new`, []);
  onStep('lines paid');
  await tx.execute(sql`drop table payout_stage, payout_new`);
  const done = new Set(inserted.map((r) => Number(r[0])));
  return payouts.filter((p) => done.has(p.memberId));
}

const PAYOUT_COLUMNS = [
  'member_id',
  'gross',
  'wht',
  'point_part',
  'fee',
  'net',
  'bank_code',
  'account_no',
  'account_name',
];

/**
 * The members a run held back and why, kept with the run (staff read them; a re-run changes nothing).
 * By COPY into a scratch table, as the payouts: a run holds back hundreds of thousands (435,430 at
 * 1,000,000 members, 5.3 s as array parameters).
 */
async function storeHeldBack(tx: Tx, runDate: string, heldBack: HeldBack[]) {
  if (heldBack.length === 0) return;
  await tx.execute(
    sql`create temp table hold_stage (member_id bigint, gross numeric(14, 2), reason text) on commit drop`,
  );
  await copyRows(
    tx,
    'hold_stage',
    ['member_id', 'gross', 'reason'],
    mapLazily(heldBack, (h) => [h.memberId, baht(h.gross), h.reason]),
  );
  await tx.execute(sql`
    insert into payout_holds (run_date, member_id, gross, reason)
    select ${runDate}::date, member_id, gross, reason from hold_stage order by member_id
    on conflict (run_date, member_id) do nothing`);
  await tx.execute(sql`drop table hold_stage`);
}
