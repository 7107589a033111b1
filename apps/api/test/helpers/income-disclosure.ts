import {
  INCOME_DISCLOSURE_MIN_GROUP,
  type IncomeDisclosure,
  type IncomeDisclosureStats,
} from '@portal/contracts/income-disclosure';
import { baht, divHalfUp, satang } from '@portal/plan/money';
import type { TestApp } from './app';

/**
 * The income disclosure of a year computed again in the test, from the ledger's rows and in exact
 * integers (satang as bigint), without the API's SQL: who counts (a package held at the end of a day
 * of the year, or income dated in it), each member's income (lines dated in the year that stand)
 * and purchases (own orders paid in the year less those refunded in it), the title reached by the
 * year's end, then every figure of every group.
 */

interface MemberYear {
  income: bigint;
  purchases: bigint;
  title: string;
}

/** p = num/10 of the way from the lowest to the highest, interpolated between neighbours (percentile_cont). */
function percentile(sorted: bigint[], tenths: bigint): string | null {
  const n = BigInt(sorted.length);
  if (n === 0n) return null;
  const pos = tenths * (n - 1n); // in tenths of a rank
  const lo = pos / 10n;
  const frac = pos % 10n;
  const a = sorted[Number(lo)]!;
  const b = sorted[Number(frac === 0n ? lo : lo + 1n)]!;
  return baht(divHalfUp(a * 10n + frac * (b - a), 10n));
}

/** part/whole in percent with two decimals (written like money: hundredths). */
const percent = (part: bigint, whole: bigint) => (whole > 0n ? baht(divHalfUp(10_000n * part, whole)) : null);

function statsOf(members: MemberYear[]): IncomeDisclosureStats {
  const n = BigInt(members.length);
  const incomes = members.map((m) => m.income).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const purchases = members.map((m) => m.purchases).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const total = incomes.reduce((s, v) => s + v, 0n);
  const bought = purchases.reduce((s, v) => s + v, 0n);
  const zero = BigInt(members.filter((m) => m.income <= 0n).length);
  const over = BigInt(members.filter((m) => m.purchases > m.income).length);
  const top = (k: bigint) =>
    [...incomes]
      .reverse()
      .slice(0, Number(k))
      .reduce((s, v) => s + v, 0n);
  return {
    members: Number(n),
    zero_earners: Number(zero),
    zero_earners_share: n ? percent(zero, n) : null,
    income_total: baht(total),
    income_mean: n ? baht(divHalfUp(total, n)) : null,
    income_median: percentile(incomes, 5n),
    income_p10: percentile(incomes, 1n),
    income_p90: percentile(incomes, 9n),
    top1_share: n ? percent(top((n + 99n) / 100n), total) : null,
    top10_share: n ? percent(top((n + 9n) / 10n), total) : null,
    purchases_total: baht(bought),
    purchases_mean: n ? baht(divHalfUp(bought, n)) : null,
    purchases_median: percentile(purchases, 5n),
    purchases_over_income: Number(over),
    purchases_over_income_share: n ? percent(over, n) : null,
  };
}

export async function disclosureFromLedger(
  t: TestApp,
  year: number,
  titles: string[],
): Promise<IncomeDisclosure> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const q = async <T>(text: string) => (await t.database.pool.query(text)).rows as T[];
  const lines = await q<{ member_id: string; amount: string; income_date: string; state: string }>(
    `select member_id::text, amount::text, income_date::text, state from income_lines`,
  );
  const orders = await q<{
    member_id: string;
    order_type: string;
    total_amount: string;
    paid_date: string | null;
    canceled_date: string | null;
    payment_status: string;
  }>(`select member_id::text, order_type, total_amount::text, paid_date::text, canceled_date::text, payment_status
      from orders`);
  const history = await q<{ member_id: string; to_title: string; achieved_date: string }>(
    `select member_id::text, to_title, achieved_date::text from title_history`,
  );
  const inYear = (d: string | null) => d !== null && d >= from && d <= to;

  const income = new Map<string, bigint>();
  for (const l of lines) {
    if (l.state === 'VOID' || !inYear(l.income_date)) continue;
    income.set(l.member_id, (income.get(l.member_id) ?? 0n) + satang(l.amount));
  }
  const counted = new Set(income.keys());
  const purchases = new Map<string, bigint>();
  for (const o of orders) {
    // A package held at the end of some day d of the year: paid by d, not canceled by d.
    if (
      o.order_type === 'PACKAGE' &&
      o.paid_date !== null &&
      o.paid_date <= to &&
      (o.canceled_date === null || (o.canceled_date > from && o.canceled_date > o.paid_date))
    )
      counted.add(o.member_id);
    if (o.order_type === 'DROPSHIP') continue;
    let amount = 0n;
    if (inYear(o.paid_date)) amount += satang(o.total_amount);
    if (o.payment_status === 'refunded' && inYear(o.canceled_date)) amount -= satang(o.total_amount);
    purchases.set(o.member_id, (purchases.get(o.member_id) ?? 0n) + amount);
  }
  const titleOf = (member: string) => {
    let best = 0;
    for (const h of history)
      if (h.member_id === member && h.achieved_date <= to) best = Math.max(best, titles.indexOf(h.to_title));
    return titles[best]!;
  };
  const members: MemberYear[] = [...counted].map((m) => ({
    income: income.get(m) ?? 0n,
    purchases: purchases.get(m) ?? 0n,
    title: titleOf(m),
  }));
  return {
    year,
    date_from: from,
    date_to: to,
    overall: statsOf(members),
    // A title of fewer than five members shows only its count: its figures would be theirs alone.
    by_title: titles.map((title) => {
      const group = members.filter((m) => m.title === title);
      return group.length > 0 && group.length < INCOME_DISCLOSURE_MIN_GROUP
        ? { title, ...statsOf([]), members: group.length, withheld: true }
        : { title, ...statsOf(group), withheld: false };
    }),
  };
}
