import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { STAFF } from './engine-api';
import { DEMO, visibleText, waitForPath, withPage } from './helpers';

/**
 * Issue 23 item 7, Thai everywhere in Thai: what the API wrote (the ledger's remarks, a KYC
 * rejection's reason, who started a closing) reads as Thai words for a Thai reader and as English for
 * an English one; the staff desk's date filter shows a Buddhist-era date. The demo member's history
 * (orders H00…, cycle closings) and its seeded bank rejection are what is read.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The Latin words left in a text once order numbers (H001181) and the portal's terms are taken out. */
async function englishWords(locator: Locator): Promise<string[]> {
  const text = await visibleText(locator);
  return (
    text
      .replace(/\b[A-Z]{1,3}\d{3,}\b/g, '')
      .replace(/\b(LVP|PV|KYC)\b/g, '')
      .match(/[A-Za-z]{2,}/g) ?? []
  );
}

const ALL_TIME = 'from=2020-01-01&to=2099-12-31';

/**
 * A report of the demo member over all time, its rows as they are drawn. On a phone every compact
 * row (date, state and amount) is opened to its details, where the remark is.
 */
async function reportRows(page: Page, report: string, device: 'desktop' | 'phone'): Promise<Locator> {
  await page.goto(`/reports/${report}?${ALL_TIME}`);
  const rows = page.locator('[data-testid="report-table"], [data-testid="report-cards"]').first();
  await rows.waitFor({ state: 'visible' });
  if (device === 'phone') {
    const toggles = rows.getByTestId('report-row-toggle');
    await toggles.first().waitFor();
    for (const toggle of await toggles.all()) await toggle.click();
    await expect.poll(() => rows.getByTestId('report-row-details').count()).toBe(await toggles.count());
  }
  return rows;
}

describe('Thai everywhere in Thai', () => {
  it('when the demo member reads the LVP and point balance reports in Thai then every remark is Thai words', async () => {
    for (const [viewport, device] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await withPage(browser, { viewport, lang: 'th' }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        for (const report of ['point_lvp', 'use_point_balance']) {
          const rows = await reportRows(page, report, device);
          const text = await visibleText(rows);
          expect(text).toMatch(/คำสั่งซื้อ|โบนัสรอบ/);
          expect(await englishWords(rows)).toEqual([]);
          await shot(page, `thai-everywhere-${report}-th-${device}`);
        }
      });
    }
  }, 120_000);

  it('when read in English then the same remarks are English sentences, on a desktop and a phone', async () => {
    for (const [viewport, device] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await withPage(browser, { viewport, lang: 'en' }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        const rows = await reportRows(page, 'point_lvp', device);
        expect(await visibleText(rows)).toMatch(/Earned on order|Used to pay order|Taken back/);
        await shot(page, `thai-everywhere-point_lvp-en-${device}`);
      });
    }
  }, 120_000);

  it('when the demo member reads the bank rejection in Thai then its reason is Thai in the notification and the profile', async () => {
    await withPage(browser, { viewport: PHONE, lang: 'th' }, async (page) => {
      await signIn(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      await page.goto('/notifications');
      const note = page.getByTestId('notification-item').filter({ hasText: 'การยืนยันบัญชีธนาคารไม่ผ่าน' }).first();
      expect(await visibleText(note)).toContain('ภาพไม่ชัดหรือถูกตัดขอบ');
      expect(await englishWords(note)).toEqual([]);
      await shot(page, 'thai-everywhere-notifications-th-phone');
      await page.goto('/profile');
      const reason = page.getByTestId('kyc-reason-bank');
      expect(await visibleText(reason)).toContain('ภาพไม่ชัดหรือถูกตัดขอบ');
      expect(await englishWords(reason)).toEqual([]);
      await reason.scrollIntoViewIfNeeded();
      await shot(page, 'thai-everywhere-profile-th-phone', { fullPage: false });
    });
  }, 60_000);

  it('when staff read the closings in Thai then the demo seed is named in Thai and the date filter is Buddhist-era', async () => {
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await signIn(page, STAFF.email, STAFF.password);
      await waitForPath(page, '/staff');
      await page.goto('/staff/closings?from=2026-01-01');
      const runs = page.getByTestId('closing-runs');
      await page.getByTestId('closing-run').first().waitFor();
      const text = await visibleText(runs);
      expect(text).not.toContain('demo-history');
      // Mantine's DatePickerInput is a button that shows the chosen day as its text.
      expect(await visibleText(page.getByTestId('closings-filter-from'))).toBe('1 ม.ค. 2569');
      await shot(page, 'thai-everywhere-closings-th-desktop');
    });
  }, 60_000);
});
