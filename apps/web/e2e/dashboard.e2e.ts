import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, PHONE, shot, signIn } from './browser';
import { DEMO, visibleText, waitForPath, withPage } from './helpers';
import { signInApi } from './kyc-api';

/**
 * The dashboard's money and standing, in Chromium, for the demo member (about 90 days of history made
 * by the engine): every income figure, the next payout, points, expiry, title and travel points on
 * screen equal what the report calls answer, in Thai and in English; and the engine's notices (the
 * payouts) are on the notifications page in the reader's language.
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = await signInApi(DEMO.email, DEMO.password);
});
afterAll(async () => {
  await browser?.close();
});

async function report<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const url = new URL(`/network/api/v1/report/${path}`, baseUrl());
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { 'X-App-Key': 'portal-web', Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function networkMe(): Promise<{ expiry_date: string | null; package: string | null }> {
  const res = await fetch(new URL('/network/api/v1/me', baseUrl()), {
    headers: { 'X-App-Key': 'portal-web', Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { expiry_date: string | null; package: string | null } }).data;
}

type Lang = 'th' | 'en';
const LOCALE = { th: 'th-TH', en: 'en-US' } as const;
// Intl formats the decimal string itself (no float), as the portal does.
const decimal = (s: string, lang: Lang) =>
  new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    s as Intl.StringNumericLiteral,
  );
const baht = (s: string, lang: Lang) => (lang === 'th' ? `${decimal(s, lang)} บาท` : `฿${decimal(s, lang)}`);
const count = (n: number, lang: Lang) => new Intl.NumberFormat(LOCALE[lang]).format(n);
// Thai: the Buddhist era, as the portal writes it ("24 พฤศจิกายน 2569"); English: "24 November 2026".
const longDate = (date: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

interface Income {
  amount: string;
  waiting: string;
  paid: string;
  payouts: { gross: string };
}

async function expected() {
  const travel = await report<{ business_date: string; total_points: number; campaign: unknown }>(
    'travel_point',
  );
  const current = await report<{
    week_from: string;
    week_to: string;
    next_payout_date: string;
    next_payout_gross: string;
  }>('income_current_summary');
  const today = travel.business_date;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthEnd = `${today.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const month = { date_from: `${today.slice(0, 7)}-01`, date_to: monthEnd };
  return {
    travel,
    current,
    week: await report<Income>('income_summary', { date_from: current.week_from, date_to: current.week_to }),
    month: await report<Income>('income_summary', month),
    all: await report<Income>('income_summary'),
    points: await report<{ personal_pv: number; current_left_points: number; current_right_points: number }>(
      'summary_point',
      month,
    ),
    title: await report<{ current_title: string; next: unknown }>('business_title/history'),
    me: await networkMe(),
  };
}

async function checkFigures(page: Page, lang: Lang, e: Awaited<ReturnType<typeof expected>>) {
  for (const period of ['week', 'month', 'all'] as const) {
    // Earned, waiting and paid by income date; paid out by the payout runs' date (decision 021).
    expect(await visibleText(page.getByTestId(`income-${period}-earned`))).toBe(baht(e[period].amount, lang));
    expect(await visibleText(page.getByTestId(`income-${period}-waiting`))).toBe(
      baht(e[period].waiting, lang),
    );
    expect(await visibleText(page.getByTestId(`income-${period}-paid`))).toBe(baht(e[period].paid, lang));
    expect(await visibleText(page.getByTestId(`income-${period}-paid-out`))).toBe(
      baht(e[period].payouts.gross, lang),
    );
  }
  expect(await visibleText(page.getByTestId('next-payout-date'))).toBe(
    longDate(e.current.next_payout_date, lang),
  );
  expect(await visibleText(page.getByTestId('next-payout-amount'))).toBe(
    baht(e.current.next_payout_gross, lang),
  );
  expect(await visibleText(page.getByTestId('standing-personal-pv'))).toBe(
    `${count(e.points.personal_pv, lang)} PV`,
  );
  expect(await visibleText(page.getByTestId('standing-left'))).toBe(
    count(e.points.current_left_points, lang),
  );
  expect(await visibleText(page.getByTestId('standing-right'))).toBe(
    count(e.points.current_right_points, lang),
  );
  expect(await visibleText(page.getByTestId('standing-expiry-date'))).toBe(longDate(e.me.expiry_date!, lang));
  const days = Math.round(
    (Date.parse(`${e.me.expiry_date}T00:00:00Z`) - Date.parse(`${e.travel.business_date}T00:00:00Z`)) /
      86_400_000,
  );
  expect(await visibleText(page.getByTestId('standing-days-left'))).toBe(
    lang === 'th' ? `เหลืออีก ${count(days, lang)} วัน` : `${count(days, lang)} days left`,
  );
  expect(await visibleText(page.getByTestId('standing-title-current'))).toBe(e.title.current_title);
  expect(await visibleText(page.getByTestId('standing-travel-total'))).toBe(
    count(e.travel.total_points, lang),
  );
}

describe('the dashboard', () => {
  it('shows the demo member the income, payout, points, expiry, title and travel points the API answers, in Thai and English', async () => {
    const e = await expected();
    // The demo's history: money paid, money waiting, an expiry ahead, the top title, no campaign.
    expect(e.all.paid).not.toBe('0.00');
    expect(e.me.expiry_date).not.toBeNull();
    expect(e.title.next).toBeNull();
    expect(e.travel.campaign).toBeNull();

    await withPage(browser, { lang: 'th' }, async (page) => {
      await signIn(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      await checkFigures(page, 'th', e);
      expect(await visibleText(page.getByTestId('standing-no-campaign'))).toBe('ขณะนี้ไม่มีแคมเปญท่องเที่ยว');
      await expect(visibleText(page.getByTestId('standing-title'))).resolves.toContain('คุณได้รับตำแหน่งสูงสุดแล้ว');
      // The growth chart is @mantine/charts (recharts): twelve months of bars, Buddhist-era ticks.
      const chart = page.getByTestId('dashboard-growth');
      // (A month without new members draws an empty bar: wait for one that shows.)
      await chart.locator('.recharts-bar-rectangle').filter({ visible: true }).first().waitFor();
      expect(
        await chart
          .locator('.recharts-cartesian-axis-tick-value')
          .evaluateAll((els) => els.map((el) => el.textContent ?? '')),
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^[ก-๙.]+ 25\d\d$/)]));
      await page.mouse.move(1, 1);
      await shot(page, 'dashboard-th-desktop');
    });

    await withPage(browser, { lang: 'en', viewport: PHONE }, async (page) => {
      await signIn(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      await checkFigures(page, 'en', e);
      expect(await visibleText(page.getByTestId('standing-no-campaign'))).toBe(
        'There is no travel campaign at the moment.',
      );
      // Readable on a 360 px phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(page, 'dashboard-en-phone');
    });
  });

  it("shows the engine's payout notices on the notifications page in the reader's language", async () => {
    for (const lang of ['th', 'en'] as const) {
      await withPage(browser, { lang }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        await page.getByTestId('nav-notifications').click();
        await waitForPath(page, '/notifications');
        const payout = page
          .getByTestId('notification-item')
          .filter({
            hasText: lang === 'th' ? /จ่ายรายได้ [\d,]+\.\d\d บาท แล้ว/ : /Payout of [\d,]+\.\d\d baht paid/,
          })
          .first();
        const text = await visibleText(payout);
        expect(text).toContain(lang === 'th' ? 'หักภาษี ณ ที่จ่าย' : 'withholding tax');
      });
    }
  });
});
