import { maskAccountNo } from '@portal/contracts/banks';
import { pageAnswer } from '@portal/contracts/envelope';
import type { Page } from '@portal/contracts/envelope';
import type { IncomeType } from '@portal/contracts/reports';
import {
  INCOME_REPORTS,
  type Wallet,
  type WalletLine,
  type WalletListQuery,
  type WalletPayout,
} from '@portal/contracts/wallet';
import { firstDayOfMonth, lastDayOfMonth, previousSunday } from '@portal/plan/dates';
import { baht } from '@portal/plan/money';
import { nextPayoutDate, settleBatch, waitingBatches } from '../../../compensation/payout';
import { planFor } from '../../../compensation/plan';
import { payabilityOn } from '../../../compensation/standing';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { businessNow } from '../../../lib/clock';
import { linePage, payoutPage, walletTotals } from './repository';
import { memberIdOfUser } from '../../accounts';

/**
 * The member's wallet (issue 18, item 3): income waiting and paid, the next payout as the payout run
 * would make it (the same batch, payability and arithmetic: compensation/payout.ts and standing.ts),
 * every payout with the account it went to, and every income line with the report it belongs to.
 */
async function memberOf(db: Db, userId: number): Promise<number> {
  const id = await memberIdOfUser(db, userId);
  if (id === null) throw notFound();
  return id;
}

export async function walletOf(db: Db, clock: Pick<Config, 'demoMode'>, userId: number): Promise<Wallet> {
  const memberId = await memberOf(db, userId);
  const { date: today } = await businessNow(db, clock);
  const month = { from: firstDayOfMonth(today), to: lastDayOfMonth(today) };
  const run = nextPayoutDate(today, (await planFor(db, today)).params.PAYOUT_WEEKDAY);
  const [plan, totals, batches, payability] = await Promise.all([
    planFor(db, run),
    walletTotals(db, memberId, month),
    // the year so far is read whatever the plan's WHT method: one member's, and the plan arrives beside it
    waitingBatches(db, run, { memberIds: [memberId], yearSoFar: true }),
    payabilityOn(db, [memberId], run),
  ]);
  const batch = batches[0] ?? { memberId, lines: 0, gross: 0n, pointPart: 0n };
  const s = settleBatch(plan, run, batch, payability.get(memberId));
  return {
    today,
    month_from: month.from,
    month_to: month.to,
    ...totals,
    next_payout: {
      date: run,
      lines_up_to: previousSunday(run),
      lines: batch.lines,
      gross: baht(s.gross),
      wht: baht(s.wht),
      point_part: baht(s.pointPart),
      fee: baht(s.fee),
      net: baht(s.net),
      min_payout: baht(plan.minPayout),
      held_reason: s.held,
    },
  };
}

export async function walletPayouts(db: Db, userId: number, q: WalletListQuery): Promise<Page<WalletPayout>> {
  const { items, total } = await payoutPage(db, await memberOf(db, userId), q);
  return pageAnswer(
    items.map(({ bank_code, account_no, account_name, ...p }) => ({
      ...p,
      account:
        bank_code && account_no
          ? { bank_code, account_no_masked: maskAccountNo(account_no), account_name: account_name ?? '' }
          : null,
    })),
    total,
    q,
  );
}

export async function walletLines(db: Db, userId: number, q: WalletListQuery): Promise<Page<WalletLine>> {
  const { items, total } = await linePage(db, await memberOf(db, userId), q);
  return pageAnswer(
    items.map((l) => ({
      ...l,
      type: l.type as IncomeType,
      state: l.state as WalletLine['state'],
      report: INCOME_REPORTS[l.type as IncomeType],
    })),
    total,
    q,
  );
}
