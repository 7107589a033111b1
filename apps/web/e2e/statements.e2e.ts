import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as Paged } from '@portal/contracts/envelope';
import type {
  CanceledOrderRow,
  HoldLotDetail,
  HoldLotRow,
  MonthlyStatement,
  StatementPeriods,
  YearlyStatement,
} from '@portal/contracts/statements';
import { DESKTOP, PHONE, launch, shot } from './browser';
import { call, DEMO, submitLogin, tokenOf, waitForPath, withPage } from './helpers';

/**
 * Hold points, canceled orders and past statements (issue 9) in Chromium: the demo member (about 90
 * days of money history with an open hold lot and a canceled repurchase) releases part of a lot to
 * the left after a confirmation, reads the canceled order with its reversals, opens a month's and
 * the year's statements and downloads the year's withholding-tax certificate (a PDF).
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await tokenOf(DEMO.email, DEMO.password);
});
afterAll(async () => {
  await browser?.close();
});

const net = <T>(path: string) => call<T>(`/network/api/v1${path}`, token);

async function signInDemo(page: Page) {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.email, DEMO.password);
  await waitForPath(page, '/dashboard');
}

/** "1234.50" as the English pages write it. */
const en = (amount: string) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount as Intl.StringNumericLiteral,
  );

/** A text entry of a PDF's information dictionary (UTF-16BE when not ASCII). */
function pdfInfo(pdf: Buffer, key: string): string {
  const text = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text);
  if (!ref) throw new Error(`no /${key}`);
  const open = `\n${ref[1]} 0 obj\n(`;
  let i = text.indexOf(open) + open.length;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  while (text[i] !== ')') {
    if (text[i] === '\\') {
      i++;
      bytes.push(escapes[text[i]!] ?? text.charCodeAt(i));
    } else bytes.push(text.charCodeAt(i));
    i++;
  }
  const raw = Buffer.from(bytes);
  return raw[0] === 0xfe && raw[1] === 0xff
    ? Buffer.from(raw.subarray(2)).swap16().toString('utf16le')
    : raw.toString('latin1');
}

describe('hold points, canceled orders and statements', () => {
  it('when the demo member releases part of a hold lot to the left then the confirmed release is posted and shown', async () => {
    const lots = await net<Paged<HoldLotRow>>('/hold_point?per_page=100');
    const lot = lots.items.find((l) => l.status === 'OPEN' && l.pv_remaining >= 2);
    expect(lot, 'the demo history leaves an open hold lot').toBeDefined();
    const part = Math.floor(lot!.pv_remaining / 2);

    await withPage(browser, { viewport: DESKTOP, lang: 'en' }, async (page) => {
      await signInDemo(page);
      await page.getByTestId('nav-holdPoint').click();
      await waitForPath(page, '/hold_point');
      const row = page.locator(`[data-testid="hold-lot"][data-lot="${lot!.id}"]`);
      await expect.poll(() => row.getByTestId('lot-remaining').innerText()).toBe(String(lot!.pv_remaining));
      await shot(page, 'statements-hold-points-en-desktop');
      await row.getByTestId('lot-manage').click();
      await waitForPath(page, `/hold_point/manage/${lot!.id}`);

      // More than is left: refused on the form, in English, before any call.
      const amount = page.getByTestId('release-amount');
      await amount.fill(String(lot!.pv_remaining + 1));
      await page.getByTestId('release-submit').click();
      await page.getByText(`Only ${lot!.pv_remaining} PV is left in this lot`).waitFor();
      expect(await page.getByTestId('release-confirm-button').count()).toBe(0);

      await amount.fill(String(part));
      await page.getByTestId('target-LEFT').click();
      await page.getByTestId('release-submit').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Release ${part} PV to Left team`).waitFor();
      await shot(page, 'statements-release-confirm-en-desktop', { fullPage: false });
      await page.getByTestId('release-confirm-button').click();
      await page.getByText(`${part} PV released to Left team`).waitFor();
      await expect
        .poll(() => page.getByTestId('lot-remaining').innerText())
        .toBe(String(lot!.pv_remaining - part));
      await page.getByTestId('lot-release').first().getByText('Left team').waitFor();
      await shot(page, 'statements-hold-manage-en-desktop');
    });

    const after = await net<HoldLotDetail>(`/hold_point/${lot!.id}`);
    expect(after.pv_released).toBe(lot!.pv_released + part);
    expect(after.pv_remaining).toBe(lot!.pv_remaining - part);
    expect(after.releases[0]).toMatchObject({ pv: part, target: 'LEFT', auto: false });
  });

  it('when the lot changed since the page read it then the server refuses in Thai, the page reads the lot again and nothing more is released', async () => {
    const lots = await net<Paged<HoldLotRow>>('/hold_point?per_page=100');
    const lot = lots.items.find((l) => l.status === 'OPEN' && l.pv_remaining >= 3);
    expect(lot, 'an open hold lot with PV left').toBeDefined();

    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await signInDemo(page);
      await page.goto(`/hold_point/manage/${lot!.id}`);
      await expect.poll(() => page.getByTestId('lot-remaining').innerText()).toBe(String(lot!.pv_remaining));
      // Meanwhile (another tab) all but 1 PV goes to the member.
      await call(`/network/api/v1/hold_point/${lot!.id}/release`, token, {
        pv: lot!.pv_remaining - 1,
        target: 'SELF',
      });
      await page.getByTestId('release-amount').fill('2');
      await page.getByTestId('target-RIGHT').click();
      await page.getByTestId('release-submit').click();
      await page.getByTestId('release-confirm-button').click();
      await expect.poll(() => page.getByTestId('release-error').innerText()).toBe('ล็อตนี้เหลือให้ปล่อยได้อีก 1 PV');
      await expect.poll(() => page.getByTestId('lot-remaining').innerText()).toBe('1');
      await shot(page, 'statements-release-refused-th-desktop');
    });

    const after = await net<HoldLotDetail>(`/hold_point/${lot!.id}`);
    expect(after.pv_remaining).toBe(1);
    expect(after.releases.filter((r) => r.target === 'RIGHT')).toEqual([]);
  });

  it('when the demo member opens canceled orders then each shows its cancel date and its reversals; a range without one says so', async () => {
    const canceled = await net<Paged<CanceledOrderRow>>('/report/canceled_order');
    expect(canceled.items.length).toBeGreaterThan(0);
    // A paid order has reversals to show (the demo history's); other tests may have canceled an
    // unpaid one since, which the page lists with "no reversals".
    const first = canceled.items.find((o) => o.payment_date !== null) ?? canceled.items[0]!;

    await withPage(browser, { viewport: DESKTOP, lang: 'en' }, async (page) => {
      await signInDemo(page);
      await page.getByTestId('nav-canceledOrders').click();
      await waitForPath(page, '/canceled_orders');
      const row = page.locator(`[data-testid="canceled-order"][data-order="${first.order_no}"]`);
      const day = new Date(`${first.canceled_date}T00:00:00Z`);
      const shown = `${day.getUTCDate()} ${day.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${day.getUTCFullYear()}`;
      expect(await row.getByTestId('canceled-date').innerText()).toBe(shown);
      const reversals = await row.getByTestId('reversals').innerText();
      expect(reversals).toContain(`PV ${first.pv_reversed}`);
      for (const line of first.reversals.income)
        expect(reversals).toContain(
          `${en(line.amount)} THB ${line.effect === 'VOID' ? 'voided' : 'taken back'}`,
        );
      await shot(page, 'statements-canceled-orders-en-desktop');

      // A range before the first cancellation: the empty state says no order was canceled then.
      await page.goto('/canceled_orders?from=2000-01-01&to=2000-01-31');
      await page.getByText('No order was canceled in these dates.').waitFor();
    });
  });

  it('when the demo member opens the statements then a month and the year show the API figures and the WHT certificate downloads as a PDF', async () => {
    const periods = await net<StatementPeriods>('/statement');
    // A month whose transfers paid income of earlier months (decision 021), else one with a payout.
    const months = await Promise.all(
      periods.months.map((m) => net<MonthlyStatement>(`/statement/monthly?month=${m.month}`)),
    );
    const monthly =
      months.find((m) => m.reconciliation.earlier_paid !== '0.00') ??
      months.find((m) => m.totals.wht !== '0.00') ??
      months[0]!;
    const month = periods.months.find((m) => m.month === monthly.month)!;
    const year = periods.years[0]!;
    const yearly = await net<YearlyStatement>(`/statement/yearly?year=${year.year}`);

    await withPage(browser, { viewport: DESKTOP, lang: 'en' }, async (page) => {
      await signInDemo(page);
      await page.getByTestId('nav-statements').click();
      await waitForPath(page, '/reportsold');
      await page
        .locator(`[data-testid="statement-month"][data-month="${month.month}"]`)
        .getByTestId('statement-month-open')
        .click();
      await page.getByTestId('month-statement').waitFor();
      expect(await page.getByTestId('month-wht').innerText()).toBe(en(monthly.totals.wht));
      expect(await page.getByTestId('income-total').innerText()).toBe(en(monthly.income_total));
      // How the month's income becomes its transfer, and the earlier lines each run paid.
      const r = monthly.reconciliation;
      const minus = (v: string) => (v === '0.00' ? en(v) : v.startsWith('-') ? en(v.slice(1)) : `-${en(v)}`);
      expect(await page.getByTestId('reconcile-income').innerText()).toBe(en(r.income));
      expect(await page.getByTestId('reconcile-earlier').innerText()).toBe(en(r.earlier_paid));
      expect(await page.getByTestId('reconcile-paid-later').innerText()).toBe(minus(r.paid_later));
      expect(await page.getByTestId('reconcile-still-waiting').innerText()).toBe(minus(r.still_waiting));
      expect(await page.getByTestId('reconcile-gross').innerText()).toBe(en(monthly.totals.gross));
      expect(await page.getByTestId('reconcile-net').innerText()).toBe(en(monthly.totals.net));
      await shot(page, 'statements-month-en-desktop');
      const earlier = monthly.payouts.flatMap((p) => p.earlier_lines);
      if (earlier.length > 0) {
        // Folded under each run: the fold names how many lines, opened it lists each one.
        const runs = page.getByTestId('earlier-run');
        expect(await runs.count()).toBe(monthly.payouts.filter((p) => p.earlier_lines.length > 0).length);
        for (let i = 0; i < (await runs.count()); i++) await runs.nth(i).click();
        await expect
          .poll(() => page.getByTestId('earlier-lines').locator('tbody tr').count())
          .toBe(earlier.length);
        // Shown once the panels have opened (their rows exist before they are visible).
        await expect
          .poll(async () => {
            const shown = await page.getByTestId('earlier-lines').innerText();
            return earlier.filter((l) => !shown.includes(en(l.amount))).map((l) => l.amount);
          })
          .toEqual([]);
        await shot(page, 'statements-month-earlier-lines-en-desktop');
      }

      await page.goto(`/reportsold?year=${year.year}`);
      await page.getByTestId('year-statement').waitFor();
      expect(await page.getByTestId('year-wht').innerText()).toBe(en(yearly.totals.wht));
      expect(await page.getByTestId('year-gross').innerText()).toBe(en(yearly.totals.gross));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`wht-download-${year.year}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`wht-50tawi-${year.year}-${yearly.payee.member_code}.pdf`);
      const pdf = fs.readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const subject = pdfInfo(pdf, 'Subject');
      expect(subject).toContain(`${DEMO.firstName} ${DEMO.lastName}`);
      if (yearly.payee.tax_id) expect(subject).toContain(yearly.payee.tax_id);
      await shot(page, 'statements-year-en-desktop');
    });
  });

  it('in Thai on a desktop and a phone the pages read in Thai with Buddhist-era dates', async () => {
    const lots = await net<Paged<HoldLotRow>>('/hold_point');
    const periods = await net<StatementPeriods>('/statement');
    const year = periods.years[0]!.year;
    const month = (periods.months.find((m) => m.wht !== '0.00') ?? periods.months[0]!).month;
    for (const [viewport, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await withPage(browser, { viewport: size, lang: 'th' }, async (page) => {
        await signInDemo(page);
        await page.goto('/hold_point');
        await page.getByRole('heading', { name: 'คะแนนพัก (Hold point)' }).waitFor();
        await page.getByTestId('hold-lot').first().waitFor();
        expect(await page.getByTestId('hold-lot').first().innerText()).toMatch(/25\d\d/);
        await shot(page, `statements-hold-points-th-${viewport}`);
        await page.goto(`/hold_point/manage/${lots.items[0]!.id}`);
        await page.getByRole('heading', { name: 'ปล่อยคะแนนพัก' }).waitFor();
        await shot(page, `statements-hold-manage-th-${viewport}`);
        await page.goto('/canceled_orders');
        await page.getByTestId('canceled-order').first().waitFor();
        expect(await page.getByTestId('canceled-order').first().innerText()).toMatch(/25\d\d/);
        await shot(page, `statements-canceled-orders-th-${viewport}`);
        await page.goto('/reportsold');
        await page.getByTestId('statement-year').first().waitFor();
        expect(await page.getByTestId('statement-year').first().innerText()).toContain(String(year + 543));
        await shot(page, `statements-periods-th-${viewport}`);
        await page.goto(`/reportsold?year=${year}`);
        await page.getByTestId('year-statement').waitFor();
        await shot(page, `statements-year-th-${viewport}`);
        await page.goto(`/reportsold?month=${month}`);
        await page.getByTestId('month-reconciliation').waitFor();
        expect(await page.getByTestId('month-reconciliation').innerText()).toContain('จ่ายออกในเดือนนี้');
        await shot(page, `statements-month-th-${viewport}`);
      });
    }
    await withPage(browser, { viewport: PHONE, lang: 'en' }, async (page) => {
      await signInDemo(page);
      await page.goto('/canceled_orders');
      await page.getByTestId('canceled-order').first().waitFor();
      await shot(page, 'statements-canceled-orders-en-phone');
      await page.goto(`/reportsold?year=${year}`);
      await page.getByTestId('year-statement').waitFor();
      await shot(page, 'statements-year-en-phone');
      await page.goto(`/reportsold?month=${month}`);
      await page.getByTestId('month-reconciliation').waitFor();
      await shot(page, 'statements-month-en-phone');
    });
  });
});
