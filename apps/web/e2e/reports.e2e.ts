import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launch, shot } from './browser';
import { call, DEMO, submitLogin, tokenOf, waitForPath, withPage } from './helpers';

/**
 * The member's report pages (issue 9 section 2) in Chromium: the demo member (about 90 days of
 * money history) opens every report, changes the date range, pages, and exports the whole range to
 * CSV and XLSX; the files hold the rows the screen shows, as the API sends them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const REPORTS = [
  'cycle_bonus',
  'referrer_bonus',
  'mta_bonus',
  'cashback_bonus',
  'travel_point',
  'point_value',
  'business_title',
  'point_lvp',
  'use_point_balance',
  'purchase_order',
  'dropship',
] as const;

async function signInDemo(page: Page) {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.email, DEMO.password);
  await waitForPath(page, '/dashboard');
}

/** The report's rows on screen (table or cards), by their key (a closing row's key is its date). */
const rowKeys = (page: Page) =>
  page.getByTestId('report-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key') ?? ''));

/** Waits until the list shows rows or says why it has none. */
async function settled(page: Page) {
  await page
    .locator('[data-testid="report-row"], [data-testid="report-empty"]:not([data-reason="loading"])')
    .first()
    .waitFor({ state: 'visible' });
}

describe('the member reports', () => {
  it('when the demo member opens the index then every report has a card with its figure, and every report page opens from the sidebar', async () => {
    await withPage(browser, { viewport: DESKTOP, lang: 'en' }, async (page) => {
      await signInDemo(page);
      await page.getByTestId('nav-reports').click();
      await page.getByTestId('nav-reports-all').click();
      await waitForPath(page, '/reports');
      for (const key of REPORTS) {
        const figure = page.getByTestId(`report-card-${key}`).getByTestId('report-figure');
        await expect.poll(() => figure.innerText(), { timeout: 15_000 }).not.toBe('…');
      }
      // This month's cycle bonus on its card is the summary call's earned (decision 021).
      const token = await tokenOf(DEMO.email, DEMO.password);
      const travel = await call<{ business_date: string }>('/network/api/v1/report/travel_point', token);
      const month = travel.business_date.slice(0, 7);
      const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
      const cycle = await call<{ amount: string }>(
        `/network/api/v1/report/summary_cycle?date_from=${month}-01&date_to=${month}-${last}`,
        token,
      );
      const shown = await page
        .getByTestId('report-card-cycle_bonus')
        .getByTestId('report-figure')
        .innerText();
      expect(shown.replace(/,/g, '')).toBe(cycle.amount);
      await page.getByTestId('income-chart').waitFor({ state: 'visible' });
      await shot(page, 'reports-index-en-desktop');

      for (const key of REPORTS) {
        await page.getByTestId(`nav-report-${key}`).click();
        await waitForPath(page, `/reports/${key}`);
        await page.getByTestId(`report-${key}`).waitFor({ state: 'visible' });
        await settled(page);
        await page.getByTestId('report-summary').waitFor({ state: 'visible' });
      }
    });
  });

  it('when the range is changed and the member pages then the address keeps the view, and the CSV and XLSX hold the whole range with the rows on screen', async () => {
    const token = await tokenOf(DEMO.email, DEMO.password);
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await signInDemo(page);
      await page.goto('/reports/cycle_bonus');
      await settled(page);
      // Thai dates carry Buddhist-era years.
      const rangeText = await page.getByTestId('report-range-text').innerText();
      expect(rangeText).toMatch(/25\d\d/);

      await page.getByTestId('range-presets').click();
      await page.getByTestId('preset-last90').click();
      await page.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to'));
      const url = new URL(page.url());
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const range = `date_from=${from}&date_to=${to}`;
      const all = await call<{ pagination: { total: number; last_page: number } }>(
        `/network/api/v1/report/cycle_transaction?${range}&per_page=10`,
        token,
      );
      expect(all.pagination.total).toBeGreaterThan(10);
      await expect
        .poll(() => page.getByTestId('report-count').innerText())
        .toContain(String(all.pagination.total));

      // Page 2 through the page links: ten other rows, the page in the address.
      const first = await rowKeys(page);
      await page.getByRole('button', { name: 'หน้า 2', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await expect.poll(() => rowKeys(page)).not.toEqual(first);
      const onScreen = await rowKeys(page);
      expect(onScreen).toHaveLength(10);
      const page2 = await call<{
        items: { id: string; paid: string; cycles: number; carry_out_left: number }[];
      }>(`/network/api/v1/report/cycle_transaction?${range}&page=2&per_page=10`, token);
      expect(onScreen).toEqual(page2.items.map((r) => r.id));

      // A link reproduces the view.
      const link = page.url();
      await page.goto(link);
      await settled(page);
      expect(await rowKeys(page)).toEqual(onScreen);

      // CSV: the whole range (every page), the columns on screen, money as the API's decimal text.
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-csv').click(),
      ]);
      expect(csvDownload.suggestedFilename()).toBe(`cycle_bonus_${from}_${to}.csv`);
      const csv = fs.readFileSync((await csvDownload.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split('\r\n');
      expect(lines).toHaveLength(all.pagination.total + 1);
      const header = lines[0]!.split(',');
      const headers = await page.locator('[data-testid="report-table"] thead th').allInnerTexts();
      expect(header).toEqual(headers.map((h) => h.trim()).filter((h) => h !== ''));
      const byDate = new Map(lines.slice(1).map((l) => [l.split(',')[0]!, l.split(',')]));
      const paidAt = header.indexOf('รายได้ (หลังเพดาน)');
      const cyclesAt = header.indexOf('รอบ');
      for (const row of page2.items) {
        const line = byDate.get(row.id);
        expect(line, row.id).toBeDefined();
        expect(line![paidAt]).toBe(row.paid);
        expect(Number(line![cyclesAt])).toBe(row.cycles);
      }

      // XLSX: the same rows, money as numbers in the sheet.
      const [xlsxDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-xlsx').click(),
      ]);
      expect(xlsxDownload.suggestedFilename()).toBe(`cycle_bonus_${from}_${to}.xlsx`);
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile((await xlsxDownload.path())!);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(all.pagination.total + 1);
      const titles = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(titles).toEqual(header);
      const sheetRows = new Map<string, unknown[]>();
      sheet.eachRow((r, i) => {
        if (i > 1) sheetRows.set(String(r.getCell(1).value), (r.values as unknown[]).slice(1));
      });
      for (const row of page2.items) {
        const cells = sheetRows.get(row.id);
        expect(cells, row.id).toBeDefined();
        expect((cells![paidAt] as number).toFixed(2)).toBe(row.paid);
        expect(cells![cyclesAt]).toBe(row.cycles);
      }
      await shot(page, 'reports-cycle-bonus-th-desktop');
    });
  });

  it('on a phone the rows are cards and the empty state says why; a suspended member has no reports', async () => {
    await withPage(browser, { viewport: PHONE, lang: 'th' }, async (page) => {
      await signInDemo(page);
      await page.goto('/reports/point_lvp?from=2026-01-01&to=2099-12-31');
      await page.getByTestId('report-cards').waitFor({ state: 'visible' });
      expect(await page.getByTestId('report-table').count()).toBe(0);
      await shot(page, 'reports-point-lvp-th-phone');
      // A range before any history: empty "in this range", since there are rows at other dates.
      await page.goto('/reports/point_lvp?from=2000-01-01&to=2000-01-31');
      await expect.poll(() => page.getByTestId('report-empty').getAttribute('data-reason')).toBe('range');
      await page.goto('/reports');
      await page.getByTestId('report-card-cycle_bonus').waitFor({ state: 'visible' });
      // The weekly chart under the cards has drawn its bars (it is sized after it mounts).
      await page.getByTestId('income-chart').locator('.recharts-bar-rectangle').first().waitFor();
      await shot(page, 'reports-index-th-phone');
      // The cycle report's summary on a phone: earned, waiting and paid, and what they sum.
      await page.goto('/reports/cycle_bonus');
      await page.getByTestId('summary-note').waitFor({ state: 'visible' });
      await shot(page, 'reports-cycle-bonus-th-phone');
    });
    // In English: the cycle card's words are the CYCLE lines' sums the API answers (decision 021).
    const token = await tokenOf(DEMO.email, DEMO.password);
    const cycle = await call<{ amount: string; waiting: string; paid: string }>(
      '/network/api/v1/report/summary_cycle',
      token,
    );
    for (const [viewport, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await withPage(browser, { viewport: size, lang: 'en' }, async (page) => {
        await signInDemo(page);
        await page.goto('/reports/cycle_bonus?from=2000-01-01&to=2099-12-31');
        for (const key of ['amount', 'waiting', 'paid'] as const)
          await expect
            .poll(async () =>
              (await page.getByTestId(`summary-${key}`).innerText()).split('\n').pop()!.replace(/,/g, ''),
            )
            .toBe(cycle[key]);
        await shot(page, `reports-cycle-bonus-en-${viewport}`);
      });
    }
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, DEMO.suspendedEmail, DEMO.suspendedPassword);
      await waitForPath(page, '/notifications');
      expect(await page.getByTestId('nav-reports').count()).toBe(0);
      await page.goto('/reports/cycle_bonus');
      await waitForPath(page, '/notifications');
    });
  }, 180_000); // four sign-ins (a phone, two English views, the suspended member)

  it("on a phone the cycle bonus rows are compact lines (date, state, earned) that open to their details, with the amounts of the desktop table; on a desktop in English the last column is within the table's frame", async () => {
    const token = await tokenOf(DEMO.email, DEMO.password);
    const travel = await call<{ business_date: string }>('/network/api/v1/report/travel_point', token);
    const to = travel.business_date;
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
    const url = `/reports/cycle_bonus?from=${from}&to=${to}`;
    const api = await call<{
      items: { id: string; paid: string; cycles: number; income_state: string | null }[];
    }>(`/network/api/v1/report/cycle_transaction?date_from=${from}&date_to=${to}&page=1&per_page=10`, token);
    expect(api.items).toHaveLength(10);

    // What each row's line shows on a phone, by the row's key (its date).
    const phoneAmounts: Record<'th' | 'en', Record<string, string>> = { th: {}, en: {} };
    for (const lang of ['th', 'en'] as const) {
      await withPage(browser, { viewport: PHONE, lang }, async (page) => {
        await signInDemo(page);
        await page.goto(url);
        await page.getByTestId('report-cards').waitFor({ state: 'visible' });
        const rows = page.getByTestId('report-row');
        await expect.poll(() => rowKeys(page)).toEqual(api.items.map((r) => r.id));
        expect(await page.getByTestId('report-table').count()).toBe(0);
        // Compact: a line of at most 80 px a row, where each row was a card of 15 fields (the page
        // was 5,379 px tall for 10 rows).
        const heights = await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
        for (const h of heights) expect(h).toBeLessThanOrEqual(80);
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2_200);
        for (const row of api.items) {
          const line = page.locator(`[data-testid="report-row"][data-key="${row.id}"]`);
          const amount = await line.getByTestId('row-amount').innerText();
          expect(amount.replace(/,/g, ''), row.id).toBe(row.paid);
          phoneAmounts[lang][row.id] = amount;
          // The state badge is there when the closing has a state, in the reader's language.
          expect(await line.getByTestId('row-state').count()).toBe(row.income_state ? 1 : 0);
        }
        if (lang === 'th') expect(await rows.first().getByTestId('row-date').innerText()).toMatch(/25\d\d/);
        await shot(page, `reports-cycle-compact-${lang}-phone`);

        // A row opens to its other columns and the closing's detail, and closes again.
        const first = api.items[0]!;
        const line = page.locator(`[data-testid="report-row"][data-key="${first.id}"]`);
        const toggle = line.getByTestId('report-row-toggle');
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        const details = line.getByTestId('report-row-details');
        await details.getByTestId('cycle-detail').waitFor({ state: 'visible' });
        expect(await details.getAttribute('id')).toBe(await toggle.getAttribute('aria-controls'));
        expect(await details.locator('[data-testid^="row-field-"]').count()).toBe(12);
        expect(Number((await details.getByTestId('row-field-cycles').innerText()).split('\n').pop())).toBe(
          first.cycles,
        );
        await shot(page, `reports-cycle-compact-open-${lang}-phone`);
        await toggle.click();
        await details.waitFor({ state: 'hidden' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      });
    }

    await withPage(browser, { viewport: DESKTOP, lang: 'en' }, async (page) => {
      await signInDemo(page);
      await page.goto(url);
      await expect.poll(() => rowKeys(page)).toEqual(api.items.map((r) => r.id));
      // The desktop table's "Earned (after cap)" cells are the phone's amounts.
      const column = await page
        .locator('[data-testid="report-table"] thead th')
        .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute('data-accessor') === 'paid'));
      expect(column).toBeGreaterThan(0);
      for (const row of api.items) {
        const cell = page.locator(`[data-testid="report-row"][data-key="${row.id}"] > td`).nth(column);
        expect(await cell.innerText(), row.id).toBe(phoneAmounts.en[row.id]);
      }
      // The table fits its frame at 1366 px: nothing cut at the page's edge, the last column's right
      // edge inside the table's scroll frame, which is inside the window.
      const edges = async () =>
        page.evaluate(() => {
          const frame = document
            .querySelector('[data-testid="report-table-scroll"]')!
            .getBoundingClientRect();
          const last = document
            .querySelector('[data-testid="report-table"] thead th:last-child')!
            .getBoundingClientRect();
          return {
            frameLeft: frame.left,
            frameRight: frame.right,
            lastLeft: last.left,
            lastRight: last.right,
          };
        });
      const wide = await edges();
      expect(wide.frameRight).toBeLessThanOrEqual(1366);
      expect(wide.lastRight).toBeLessThanOrEqual(wide.frameRight + 0.5);
      expect(wide.lastLeft).toBeGreaterThanOrEqual(wide.frameLeft);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
      await shot(page, 'reports-cycle-fit-en-desktop');

      // A narrower window: the table scrolls inside its frame, the date column stays, and the last
      // column is reached with the keyboard (the frame takes focus and scrolls with the arrow keys).
      await page.setViewportSize({ width: 1024, height: 900 });
      const scroll = page.getByTestId('report-table-scroll');
      await expect.poll(() => scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      await scroll.focus();
      await expect
        .poll(
          async () => {
            await page.keyboard.press('ArrowRight');
            const e = await edges();
            return e.lastRight <= e.frameRight + 0.5 && e.lastLeft >= e.frameLeft;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const date = await page
        .locator('[data-testid="report-table"] thead th')
        .first()
        .evaluate((th) => th.getBoundingClientRect().left);
      const narrow = await edges();
      expect(date).toBeGreaterThanOrEqual(narrow.frameLeft - 0.5);
      expect(date).toBeLessThan(narrow.frameLeft + 20);
      await shot(page, 'reports-cycle-scrolled-en-desktop', { fullPage: false });
    });
    // Three sign-ins and browser pages (Thai and English phones, a desktop).
  }, 180_000);

  it("staff open the community income from their menu and see every member's rows; no other member report", async () => {
    await withPage(browser, { viewport: DESKTOP, lang: 'en' }, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, 'staff@portal.test', DEMO.password);
      await waitForPath(page, '/staff');
      await page.getByTestId('nav-staffDropship').click();
      await waitForPath(page, '/reports/dropship');
      await page.getByText('Community income of every member').waitFor();
      const rows = page.getByTestId('staff-dropship-row');
      await rows.first().waitFor();
      // The demo's community-shop sales belong to more than one member.
      const members = new Set(
        await page.locator('[data-testid="staff-dropship-row"] td:nth-child(2)').allInnerTexts(),
      );
      expect(members.size).toBeGreaterThan(0);
      await page.getByTestId('staff-dropship-member').fill('not-a-uuid');
      await page.getByText('A member UUID looks like').waitFor();
      await page.goto('/reports/cycle_bonus');
      await waitForPath(page, '/staff');
    });
  });
});
