import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { Wallet, WalletLine, WalletPayout } from '@portal/contracts/wallet';
import {
  addDays,
  endOfBangkokDay,
  firstDayOfMonth,
  lastDayOfMonth,
  previousSunday,
  weekday,
} from '@portal/plan/dates';
import { payoutRun } from '../../../src/compensation/engine';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { memberTokenOf } from '../../helpers/engine';
import { expectError } from '../../helpers/expect';
import { buildHistory, report, rows, type History } from '../../helpers/report-history';

/**
 * The member's wallet (issue 18, item 3) on the report history (helpers/report-history.ts): A was
 * paid by January 2025's payout runs; then, in the current business month, A buys a repurchase on the
 * month's first day (a CASHBACK line of 500.00) and a payout run of this month pays A's waiting lines, January's
 * and this month's. Each figure of GET /wallet is checked against the sum of its ledger rows, and the
 * next payout's reason against each state of B (KYC, no bank account, nothing to pay, below the
 * minimum, payable, suspended).
 */
let t: TestApp;
let h: History;
let today: string;
let month: { from: string; to: string };
let run: string;

const money = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
const cents = (text: string) => BigInt(text.replace('.', ''));
const TUESDAY = 2;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  h = await buildHistory(t);
  today = (await businessNow(t.database.db, t.config)).date;
  month = { from: firstDayOfMonth(today), to: lastDayOfMonth(today) };
  // A run whose lines reach the month's first day (it may fall after today early in a month).
  run = addDays(month.from, ((TUESDAY - weekday(month.from) + 7) % 7) + 7);
  await h.pay(h.a, 'REPURCHASE', month.from, {
    lines: [{ code: 'P002', qty: 100, price: '100.00', pv: 100 }],
  });
  await payoutRun(t.database.db, run, {
    startedBy: 'test',
    now: { date: addDays(run, 1), at: new Date(endOfBangkokDay(run).getTime() + 1) },
  });
}, 120_000);
afterAll(() => t.close());

const wallet = (token: string) => report<Wallet>(t, token, '/wallet');

async function allPages<T>(token: string, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const p = await report<Page<T>>(t, token, `${path}?page=${page}&per_page=7`);
    out.push(...p.items);
    if (page >= p.pagination.last_page) return out;
  }
}

/** What the payout run's arithmetic gives for a member's WAITING lines up to `upTo` (plan 6). */
async function expectedBatch(memberId: number, upTo: string) {
  const [r] = await rows<{ lines: number; gross: string; point_part: string }>(
    t,
    `select count(*)::int as lines, coalesce(sum(amount), 0)::numeric(16,2)::text as gross,
       coalesce(sum(point_part) filter (where type = 'CYCLE' and not correction), 0)::numeric(16,2)::text as point_part
     from income_lines where member_id = $1 and state = 'WAITING' and income_date <= $2`,
    [memberId, upTo],
  );
  const gross = cents(r!.gross);
  const wht = gross > 0n ? (gross * 5n + 50n) / 100n : 0n; // 5 %, half-up
  const pointPart = cents(r!.point_part);
  const net = gross > 0n ? gross - pointPart - wht : 0n;
  return {
    lines: r!.lines,
    gross: money(gross),
    wht: money(wht),
    point_part: money(pointPart),
    net: money(net),
  };
}

describe('the wallet', () => {
  it("when A opens the wallet then waiting, paid and this month's paid are the sums of A's income lines by state", async () => {
    const w = await wallet(h.tokens.a);
    const [sums] = await rows<{ waiting: string; paid: string; month: string; payouts: string }>(
      t,
      `select coalesce(sum(amount) filter (where state = 'WAITING'), 0)::numeric(16,2)::text as waiting,
         coalesce(sum(amount) filter (where state = 'PAID'), 0)::numeric(16,2)::text as paid,
         coalesce(sum(amount) filter (where state = 'PAID' and income_date between $2 and $3), 0)::numeric(16,2)::text as month,
         (select sum(gross)::numeric(16,2)::text from payouts where member_id = $1) as payouts
       from income_lines where member_id = $1`,
      [h.a, month.from, month.to],
    );
    expect(w).toMatchObject({
      today,
      month_from: month.from,
      month_to: month.to,
      waiting: sums!.waiting,
      paid_total: sums!.paid,
      paid_this_month: sums!.month,
    });
    // Paid lines are what the payouts paid; this month's are the repurchase's cashback only (5 % of
    // 10,000 PV), though this month's run also paid January's waiting lines (corrections, MTA).
    expect(w.paid_total).toBe(sums!.payouts);
    expect(w.paid_this_month).toBe('500.00');
    expect(cents(w.paid_total)).toBeGreaterThan(cents(w.paid_this_month));
  });

  it('when A opens the wallet then the next payout is the next Tuesday and its amounts are the run arithmetic of the waiting lines', async () => {
    const w = await wallet(h.tokens.a);
    const date = addDays(today, (TUESDAY - weekday(today) + 7) % 7);
    expect(w.next_payout).toMatchObject({
      date,
      lines_up_to: previousSunday(date),
      fee: '0.00',
      min_payout: '100.00',
      ...(await expectedBatch(h.a, previousSunday(date))),
    });
  });

  it('lists every payout of A with its amounts and the account it went to, masked', async () => {
    const items = await allPages<WalletPayout>(h.tokens.a, '/wallet/payouts');
    const stored = await rows<Record<string, string | number>>(
      t,
      `select p.id, p.run_date::text, p.gross::text, p.wht::text, p.point_part::text, p.fee::text, p.net::text,
         (select count(*)::int from income_lines l where l.payout_id = p.id) as lines
       from payouts p where p.member_id = $1 order by p.run_date desc`,
      [h.a],
    );
    expect(stored.length).toBeGreaterThan(1);
    expect(items.map(({ account: _account, ...p }) => p)).toEqual(stored);
    for (const p of items)
      expect(p.account).toEqual({
        bank_code: 'scb',
        account_no_masked: 'xxxxxx4567',
        account_name: 'Report Top',
      });
    expect(items.some((p) => p.run_date === run)).toBe(true);
  });

  it('lists every income line of A with its state, order and report, and the lines add up to the figures', async () => {
    const w = await wallet(h.tokens.a);
    const lines = await allPages<WalletLine>(h.tokens.a, '/wallet/income_lines');
    const [count] = await rows<{ n: number }>(
      t,
      'select count(*)::int as n from income_lines where member_id = $1',
      [h.a],
    );
    expect(lines).toHaveLength(count!.n);
    const sum = (state: string) =>
      money(lines.filter((l) => l.state === state).reduce((n, l) => n + cents(l.amount), 0n));
    expect(sum('WAITING')).toBe(w.waiting);
    expect(sum('PAID')).toBe(w.paid_total);
    const reports = {
      CYCLE: 'cycle_bonus',
      REFERRER: 'referrer_bonus',
      MTA: 'mta_bonus',
      CASHBACK: 'cashback_bonus',
      DROPSHIP: 'dropship',
    };
    for (const l of lines) {
      expect(l.report).toBe(reports[l.type]);
      expect(l.order_no === null).toBe(l.type === 'CYCLE');
      expect(l.paid_on !== null).toBe(l.state === 'PAID');
      expect(l.voided_on !== null).toBe(l.state === 'VOID');
    }
    // The history has every type, a voided line and a negative correction (the dropship sale canceled after it was paid).
    expect(new Set(lines.map((l) => l.type))).toEqual(new Set(Object.keys(reports)));
    expect(lines.some((l) => l.state === 'VOID')).toBe(true);
    expect(lines.some((l) => l.correction && cents(l.amount) < 0n)).toBe(true);
    // Newest first.
    const dates = lines.map((l) => l.income_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('says why the next payout would not pay B, for each reason, and what it would pay when B is payable', async () => {
    const next = async () => (await wallet(h.tokens.b)).next_payout;
    const upTo = (await next()).lines_up_to;
    const [bUser] = await rows<{ user_id: number }>(t, 'select user_id from members where id = $1', [h.b]);
    const user = bUser!.user_id;

    // B's identity and bank are not verified.
    expect(await next()).toMatchObject({ held_reason: 'KYC', lines: 0, gross: '0.00' });
    // Verified by the flags, but no approved bank account on file.
    await rows(t, 'update users set is_verifies_identity = true, is_verifies_bank = true where id = $1', [
      user,
    ]);
    expect((await next()).held_reason).toBe('NO_BANK_ACCOUNT');
    await rows(
      t,
      `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status)
       values ($1, 'kbank', '1112223334', 'B', 'savings', 'success')`,
      [user],
    );
    // Payable, with nothing waiting.
    expect(await next()).toMatchObject({
      held_reason: 'NOTHING_TO_PAY',
      lines: 0,
      gross: '0.00',
      net: '0.00',
    });
    // A repurchase: 5 % cashback of 1,000 PV = 50.00, net 47.50 is under the minimum of 100.00.
    await h.pay(h.b, 'REPURCHASE', upTo, { lines: [{ code: 'P002', qty: 10, price: '100.00', pv: 100 }] });
    expect(await next()).toMatchObject({
      held_reason: 'BELOW_MINIMUM',
      lines: 1,
      gross: '50.00',
      wht: '2.50',
      net: '47.50',
    });
    // Another: 150.00 gross, 7.50 WHT, 142.50 transferred.
    await h.pay(h.b, 'REPURCHASE', upTo, { lines: [{ code: 'P002', qty: 20, price: '100.00', pv: 100 }] });
    expect(await next()).toMatchObject({
      held_reason: null,
      ...(await expectedBatch(h.b, upTo)),
      gross: '150.00',
      wht: '7.50',
      net: '142.50',
    });
    // Suspended now.
    await rows(
      t,
      `insert into suspension_entries (member_id, period, status, message, message_th) values ($1, 'suspended', 'active', 'x', 'x')`,
      [h.b],
    );
    expect((await next()).held_reason).toBe('SUSPENDED');
    // The suspended member reads it with their own (suspended) token: why nothing is paid out.
    const suspendedToken = await memberTokenOf(t, user, 'other');
    expect((await wallet(suspendedToken)).next_payout.held_reason).toBe('SUSPENDED');
    await rows(t, 'delete from suspension_entries where member_id = $1', [h.b]);
    // An account approved after the run's day does not count for it.
    await rows(t, `update bank_accounts set reviewed_at = $2 where user_id = $1`, [
      user,
      new Date(endOfBangkokDay((await next()).date).getTime() + 1000).toISOString(),
    ]);
    expect((await next()).held_reason).toBe('NO_BANK_ACCOUNT');
  });

  it('answers only a signed-in member', async () => {
    expectError(await call(t.app, 'GET', '/network/api/v1/wallet'), 401, 'UNAUTHENTICATED');
  });
});
