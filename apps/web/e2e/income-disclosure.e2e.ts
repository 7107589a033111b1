import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeDisclosure } from '@portal/contracts/income-disclosure';
import enPublic from '../src/locales/en/public.json' with { type: 'json' };
import thPublic from '../src/locales/th/public.json' with { type: 'json' };
import enShell from '../src/locales/en/shell.json' with { type: 'json' };
import thShell from '../src/locales/th/shell.json' with { type: 'json' };
import { DESKTOP, launch, PHONE, shot } from './browser';
import { STAFF } from './engine-api';
import startServer from './global-setup';
import { sidewaysBoxes, visibleText } from './helpers';

/**
 * Issue 18, item 8: the income disclosure of a closed year, read by a visitor in Thai and English
 * on a desktop and a phone, reached from the public pages' menu; staff open it from the desk and
 * download its CSV. A year closes only at its 31 December, and the demo's history ends today, so
 * this file runs a server of its own (same start as every e2e run, its own data directory) and
 * moves that server's demo clock to the next 1 January: the shared server's clock stays where the
 * other files expect it.
 */
let browser: Browser;
let url = '';
let stop: (() => Promise<void>) | undefined;
let year = 0;
let figures: IncomeDisclosure;

const TEXT = { th: { public: thPublic, shell: thShell }, en: { public: enPublic, shell: enShell } } as const;
type Lang = keyof typeof TEXT;

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      'X-App-Key': 'portal-web',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data: T; access_token?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return path.endsWith('/oauth/token') ? (json as unknown as T) : json.data;
}

beforeAll(async () => {
  const provided: Record<string, string> = {};
  stop = await startServer({ provide: (k: string, v: string) => (provided[k] = v) } as never);
  url = provided.baseUrl!;
  const today = (await api<{ date: string }>('/dev/clock')).date;
  year = Number(today.slice(0, 4));
  await api('/dev/clock', { method: 'POST', body: { date: `${year + 1}-01-01` } });
  const { access_token: token } = await api<{ access_token: string }>('/member/oauth/token', {
    method: 'POST',
    body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
  });
  figures = await api<IncomeDisclosure>(`/network/api/v1/public/income-disclosure?year=${year}`, { token });
  browser = await launch();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stop?.();
});

async function open(lang: Lang, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport,
    baseURL: url,
    locale: 'th-TH',
    acceptDownloads: true,
  });
  await context.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

const baht = (v: string, lang: Lang) =>
  `฿${new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-US', { minimumFractionDigits: 2 }).format(
    v as Intl.StringNumericLiteral,
  )}`;

async function readsTheYear(page: Page, lang: Lang) {
  const t = TEXT[lang].public.disclosure;
  await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
  await page.getByTestId('disclosure-income-table').waitFor();
  // The year as its reader counts it: Buddhist era in Thai.
  expect(await page.getByTestId('disclosure-year').inputValue()).toBe(
    String(lang === 'th' ? year + 543 : year),
  );
  expect(await visibleText(page.getByTestId('disclosure-median'))).toContain(
    baht(figures.overall.income_median!, lang),
  );
  expect(await visibleText(page.getByTestId('disclosure-zero'))).toContain(
    `${figures.overall.zero_earners_share}%`,
  );
  await page.getByRole('heading', { name: t.ftc.title }).waitFor();
}

describe('the income disclosure page', () => {
  it('a visitor reaches it from the public menu and reads the closed year in Thai and English, desktop and phone', async () => {
    expect(figures.overall.members).toBeGreaterThan(0);
    for (const lang of ['th', 'en'] as const) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await open(lang, viewport);
        try {
          await page.goto('/tables');
          await page.getByRole('link', { name: TEXT[lang].public.nav.disclosure }).click();
          await page.waitForURL(/\/income_disclosure/);
          await readsTheYear(page, lang);
          if (device === 'phone') {
            expect(await sidewaysBoxes(page)).toEqual([]);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          }
          await shot(page, `income-disclosure-${lang}-${device}`);
        } finally {
          await context.close();
        }
      }
    }
  });

  it('staff open it from the desk and download the CSV with the same figures', async () => {
    const { context, page } = await open('en', DESKTOP);
    try {
      await page.goto('/auth/login');
      await page.getByTestId('login-username').fill(STAFF.email);
      await page.getByTestId('login-password').fill(STAFF.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/staff$/);
      await page.getByRole('link', { name: TEXT.en.shell.nav.staffIncomeDisclosure }).first().click();
      await page.waitForURL(/\/staff\/income_disclosure/);
      await page.getByTestId('disclosure-income-table').waitFor();
      await shot(page, 'income-disclosure-staff-en-desktop');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('disclosure-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`income-disclosure-${year}.csv`);
      const [, all] = fs
        .readFileSync((await download.path())!, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      const o = figures.overall;
      expect(all!.split(',').slice(0, 8)).toEqual([
        String(year),
        'ALL',
        String(o.members),
        String(o.zero_earners),
        o.zero_earners_share ?? '',
        o.income_total,
        o.income_mean ?? '',
        o.income_median ?? '',
      ]);
    } finally {
      await context.close();
    }
  });
});
