import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
      '--disable-component-update',
    ],
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 360, height: 740 };

export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; lang?: 'th' | 'en' } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    baseURL: baseUrl(),
    locale: 'th-TH',
  });
  if (opts.lang) await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), opts.lang);
  const page = await context.newPage();
  return { context, page };
}

interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  code?: string;
  link?: string;
  text: string;
  at: string;
}

/**
 * The newest message the outbox provider wrote to `to`, waiting briefly for it to arrive. With
 * `since`, only a message written at or after that moment counts (not an older code).
 */
export async function lastMessage(to: string, purpose?: string, since?: Date): Promise<OutboxMessage> {
  const file = path.join(inject('dataDir'), 'outbox.jsonl');
  // The outbox worker writes the message soon after the request; a busy machine may take seconds.
  for (let i = 0; i < 150; i++) {
    if (fs.existsSync(file)) {
      const rows = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as OutboxMessage)
        .reverse();
      const hit = rows.find(
        (m) =>
          m.to === to &&
          (!purpose || m.purpose === purpose) &&
          (!since || Date.parse(m.at) >= since.getTime()),
      );
      if (hit) return hit;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No outbox message to ${to}`);
}

/**
 * Screenshots for people to look at: screenshots/<name>.png (ignored by git). The whole page by
 * default; `fullPage: false` for what one screen shows (an open phone menu covers only that).
 * Answers the PNG, for a caller that keeps a copy elsewhere too.
 */
export async function shot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<Buffer> {
  const dir = path.resolve(import.meta.dirname, '../../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // A page scrolled down would show its fixed header in the middle of a whole-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return page.screenshot({ path: path.join(dir, `${name}.png`), fullPage, animations: 'disabled' });
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard|\/notifications|\/auth\/resend_verify_code|\/staff(\/kyc)?$/);
}
