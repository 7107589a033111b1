import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as Paged } from '@portal/contracts/envelope';
import type { Wallet, WalletLine, WalletPayout } from '@portal/contracts/wallet';
import { DESKTOP, PHONE, launch, shot } from './browser';
import { api } from './engine-api';
import { DEMO, sidewaysBoxes, submitLogin, visibleText, waitForPath, withPage } from './helpers';

/**
 * The wallet (issue 18, item 3) for the demo member: the figures, the next payout and why it would
 * not pay (the demo member's bank verification was rejected: KYC), the payouts of the demo's history
 * with the account they went to (masked), and the income lines with their reports; in Thai and
 * English, on a desktop and a phone, each figure as the API answers it.
 */
let browser: Browser;
let token: string;
let wallet: Wallet;
let payouts: Paged<WalletPayout>;
let lines: Paged<WalletLine>;

const call = <T>(path: string) => api<T>(path, { token });

beforeAll(async () => {
  browser = await launch();
  token = (
    await api<{ access_token: string }>('/member/v1/login', {
      method: 'POST',
      body: { username: DEMO.email, password: DEMO.password },
    })
  ).access_token;
  wallet = await call<Wallet>('/network/api/v1/wallet');
  payouts = await call<Paged<WalletPayout>>('/network/api/v1/wallet/payouts');
  lines = await call<Paged<WalletLine>>('/network/api/v1/wallet/income_lines');
});
afterAll(async () => {
  await browser?.close();
});

const money = (amount: string, lang: 'th' | 'en') =>
  new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount as Intl.StringNumericLiteral);

async function openWallet(page: Page, phone: boolean) {
  await page.goto('/auth/login');
  await submitLogin(page, DEMO.email, DEMO.password);
  await waitForPath(page, '/dashboard');
  const nav = page.getByTestId('nav-wallet');
  // On a phone the sidebar is behind the menu button.
  if (phone) await page.getByTestId('nav-burger').click();
  await nav.click();
  await waitForPath(page, '/wallet');
  await page.getByTestId('wallet-next').waitFor();
  await page.locator('[data-testid="wallet-payouts"]').first().waitFor();
  await page.locator('[data-testid="wallet-lines"]').first().waitFor();
}

describe('the wallet', () => {
  it("the demo's history has payouts, lines and a reason the next payout would be held", () => {
    expect(payouts.pagination.total).toBeGreaterThan(0);
    expect(lines.pagination.total).toBeGreaterThan(payouts.pagination.total);
    // Identity verified, bank book rejected: the flags say bank not verified.
    expect(wallet.next_payout.held_reason).toBe('KYC');
    expect(payouts.items[0]!.account).toMatchObject({ bank_code: 'scb', account_no_masked: 'xxxxxx0001' });
  });

  const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
  const BANK = { th: 'ธนาคารไทยพาณิชย์', en: 'Siam Commercial Bank' } as const;
  const HELD = {
    th: 'การยืนยันตัวตนและบัญชีธนาคาร (KYC) ยังไม่เสร็จสมบูรณ์',
    en: 'identity and bank verification (KYC) is not complete',
  } as const;
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`shows the API's figures, the next payout and its reason, the payouts and the lines: ${lang} on a ${device}`, async () => {
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          await openWallet(page, device === 'phone');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const text = (id: string) => visibleText(page.getByTestId(id));
          expect(await text('wallet-waiting-amount')).toBe(money(wallet.waiting, lang));
          expect(await text('wallet-paid-total-amount')).toBe(money(wallet.paid_total, lang));
          expect(await text('wallet-paid-month-amount')).toBe(money(wallet.paid_this_month, lang));
          const year = Number(wallet.next_payout.date.slice(0, 4));
          expect(await text('next-date')).toContain(String(lang === 'th' ? year + 543 : year));
          expect(await text('next-gross')).toContain(money(wallet.next_payout.gross, lang));
          expect(await text('next-net')).toContain(money(wallet.next_payout.net, lang));
          expect(await page.getByTestId('wallet-next').getAttribute('data-held')).toBe('KYC');
          expect(await text('next-held')).toContain(HELD[lang]);

          // The newest payout: what was transferred and the account it went to, masked.
          const first = payouts.items[0]!;
          const payout = page.getByTestId('wallet-payout').first();
          expect(await visibleText(payout)).toContain(money(first.net, lang));
          expect(await visibleText(payout)).toContain(`${BANK[lang]} xxxxxx0001`);
          // The newest income line links to its report.
          const line = page.getByTestId('wallet-line').first();
          expect(await visibleText(line)).toContain(money(lines.items[0]!.amount, lang));
          expect(await line.getByTestId('wallet-line-report').getAttribute('href')).toBe(
            `/reports/${lines.items[0]!.report}`,
          );

          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          const { sw, w } = await page.evaluate(() => ({
            sw: document.documentElement.scrollWidth,
            w: window.innerWidth,
          }));
          expect(sw).toBeLessThanOrEqual(w + 1);
          expect(await sidewaysBoxes(page)).toEqual([]);
          await shot(page, `wallet-${lang}-${device}`);
        });
      }, 60_000);
    }
  }
});
