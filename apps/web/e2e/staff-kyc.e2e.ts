import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { createMember, newMember, visibleText, waitForPath, withPage, type NewMember } from './helpers';
import { submitKycByApi } from './kyc-api';

/**
 * The staff side of KYC: only staff reach /staff/kyc, a staff account without a member record
 * uses the portal without errors, the queue filters, and the queue and a case in Thai and English
 * on a desktop and a phone. The journey from a member's submission to their notification is in
 * profile-kyc.e2e.ts.
 */
let browser: Browser;
/** Submitted for review through the API, with a bank account in someone else's name. */
let waiting: NewMember & { memberId: number };
const STAFF = { email: 'staff@portal.test', password: 'demo-pass-1234' };

beforeAll(async () => {
  browser = await launch();
  const m = await createMember(newMember('review'));
  const memberId = await submitKycByApi(m.email, m.password, 'บริษัท ทดสอบ จำกัด');
  waiting = { ...m, memberId };
});
afterAll(async () => {
  await browser?.close();
});

/** Staff without a member record land on the staff home, whose KYC queue card is one of its desks. */
async function signInStaff(page: Page) {
  await signIn(page, STAFF.email, STAFF.password);
  await waitForPath(page, '/staff');
  await page.getByTestId('staff-queue-kyc').waitFor();
}

describe('staff KYC review', () => {
  it('is for staff only: a member who types the address lands on the dashboard', async () => {
    const m = await createMember(newMember('nostaff'));
    await withPage(browser, {}, async (page) => {
      await signIn(page, m.email, m.password);
      await waitForPath(page, '/dashboard');
      expect(await page.getByTestId('nav-staffKyc').count()).toBe(0);
      await page.goto('/staff/kyc');
      await waitForPath(page, '/dashboard');
      await page.goto(`/staff/kyc/${waiting.memberId}`);
      await waitForPath(page, '/dashboard');
    });
  });

  it('a staff account without a member record uses the portal without errors', async () => {
    await withPage(browser, {}, async (page) => {
      const failures: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400 && !r.url().endsWith('/oauth/token')) failures.push(`${r.status()} ${r.url()}`);
      });
      await signInStaff(page);
      // No member dashboard: the staff home, with the queues waiting for staff.
      expect(await page.getByTestId('nav-dashboard').count()).toBe(0);
      await page.getByTestId('nav-staffHome').click();
      await waitForPath(page, '/staff');
      await page.getByTestId('staff-queue-kyc').waitFor();
      expect(await page.getByTestId('dashboard-invitation-link').count()).toBe(0);
      await page.goto('/organization');
      await waitForPath(page, '/staff');
      expect(await page.getByTestId('kyc-reminder').count()).toBe(0);
      expect(await page.getByTestId('nav-organization').count()).toBe(0);
      await page.getByTestId('nav-staffKyc').waitFor();

      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-profile').click();
      await waitForPath(page, '/profile');
      await page.getByTestId('section-information').waitFor();
      expect(await page.getByTestId('section-kyc').count()).toBe(0);
      expect(await page.getByTestId('network-facts').count()).toBe(0);

      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-settings').click();
      await page.getByTestId('device-current').waitFor();

      await page.getByTestId('nav-staffKyc').click();
      await page.getByTestId('kyc-queue-item').first().waitFor();
      // No error shown anywhere, no failed call.
      expect(await page.locator('[role="alert"]').count()).toBe(0);
      expect(failures).toEqual([]);
    });
  });

  it('filters the queue by status and finds a member by code, with the name warning', async () => {
    await withPage(browser, {}, async (page) => {
      await signInStaff(page);
      await page.goto('/staff/kyc');
      const items = page.getByTestId('kyc-queue-item');
      await items.first().waitFor();
      // The default queue holds waiting and in-review members only.
      for (const status of await page
        .locator('[data-testid="kyc-queue-item"] [data-testid="kyc-status"]')
        .all())
        expect(['waiting_for_review', 'in_progress_review']).toContain(
          await status.getAttribute('data-status'),
        );

      await page.getByTestId('kyc-queue-status').click();
      await page.getByRole('option', { name: 'ไม่ผ่านการตรวจสอบ', exact: true }).click();
      await page.waitForURL(/status=fail/);
      await expect
        .poll(
          async () =>
            (await page.locator('[data-testid="kyc-queue-item"] [data-testid="kyc-status"]').all()).length >
              0 &&
            (
              await Promise.all(
                (await page.locator('[data-testid="kyc-queue-item"] [data-testid="kyc-status"]').all()).map(
                  (s) => s.getAttribute('data-status'),
                ),
              )
            ).every((s) => s === 'fail'),
        )
        .toBe(true);

      await page.goto('/staff/kyc?status=all');
      await page.getByTestId('kyc-queue-search').fill(waiting.email.toUpperCase());
      await page.getByTestId('kyc-queue-search-submit').click();
      await page.waitForURL(/q=/);
      await expect.poll(() => items.count()).toBe(1);
      const row = items.first();
      expect(await visibleText(row)).toContain(waiting.email);
      await row.getByTestId('kyc-queue-mismatch').waitFor();

      await page.getByTestId('kyc-queue-search').fill('no-such-member-anywhere');
      await page.getByTestId('kyc-queue-search-submit').click();
      await page.getByTestId('kyc-queue-empty').waitFor();
    });
  });

  const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
  const TEXT = {
    th: { queue: 'ตรวจสอบ KYC', start: 'เริ่มตรวจสอบ' },
    en: { queue: 'KYC review', start: 'Start review' },
  } as const;
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`screenshots of the queue and a case: ${lang} on a ${device}`, async () => {
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          const overflow: string[] = [];
          const settle = async (name: string) => {
            await page.getByRole('status', { name: /กำลังโหลด|Loading/ }).waitFor({ state: 'detached' });
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
            const { sw, w } = await page.evaluate(() => ({
              sw: document.documentElement.scrollWidth,
              w: window.innerWidth,
            }));
            if (sw > w + 1) overflow.push(`${name}: ${sw} > ${w}`);
          };
          await signInStaff(page);
          await page.goto('/staff/kyc');
          await page.getByRole('heading', { name: TEXT[lang].queue, exact: true }).waitFor();
          await page.getByTestId('kyc-queue-item').first().waitFor();
          await settle('queue');
          await shot(page, `staff-kyc-${lang}-${device}`);

          await page.locator(`[data-testid="kyc-queue-item"][data-member="${waiting.memberId}"]`).click();
          await page.getByTestId('kyc-case').waitFor();
          // The first run starts the review, so every shot shows the decisions.
          const start = page.getByTestId('case-start');
          if (await start.isVisible()) {
            expect(await visibleText(start)).toBe(TEXT[lang].start);
            await start.click();
          }
          await page.getByTestId('approve-identity').waitFor();
          await page.getByTestId('case-identity-documents').locator('[data-kind="image"] img').waitFor();
          await page.getByTestId('case-bank-mismatch').waitFor();
          await page.getByTestId('reject-bank').click();
          await page.getByTestId('reject-reason-bank').waitFor();
          await settle('case');
          await shot(page, `staff-kyc-case-${lang}-${device}`);
          expect(overflow).toEqual([]);
        });
      }, 60_000);
    }
  }
});
