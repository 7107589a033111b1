import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { chooseLanguageSignedIn, DEMO, seesHeading, visibleText, waitForPath, withPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('offline', () => {
  it('replaces the page with the offline message while the connection is gone', async () => {
    await withPage(browser, {}, async (page, context) => {
      await signIn(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${DEMO.firstName}`);

      await context.setOffline(true);
      const message = await visibleText(page.getByTestId('offline-message'));
      expect(message).toContain('ไม่มีการเชื่อมต่ออินเทอร์เน็ต');
      expect(message).toContain('ไม่มีอินเทอร์เน็ต คุณออฟไลน์อยู่ กรุณาตรวจสอบการเชื่อมต่อ');
      expect(await page.getByTestId('dashboard-member-code').count()).toBe(0);
      // The member is not signed out: the top bar and menu stay.
      expect(await page.getByTestId('user-menu').isVisible()).toBe(true);

      // In English too.
      await page.getByTestId('lang-en').click();
      expect(await visibleText(page.getByTestId('offline-message'))).toContain('No internet');

      await context.setOffline(false);
      await page.getByTestId('offline-message').waitFor({ state: 'hidden' });
      await seesHeading(page, `Hello, ${DEMO.firstName}`);
      expect(await visibleText(page.getByTestId('dashboard-member-code'))).toMatch(/^M\d{7}$/);

      // Leave the demo member's language as it was for the other tests.
      expect(await chooseLanguageSignedIn(page, 'th')).toBe(200);
      await seesHeading(page, `สวัสดีคุณ ${DEMO.firstName}`);
    });
  });

  it('says so when a page whose code has not loaded is opened offline, and opens it once back online', async () => {
    await withPage(browser, {}, async (page, context) => {
      await signIn(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${DEMO.firstName}`);

      // The wallet's code is not in the browser yet (the service worker keeps only the shell).
      await context.setOffline(true);
      await page.getByRole('link', { name: 'กระเป๋าเงิน' }).first().click();
      expect(await visibleText(page.getByTestId('offline-message'))).toContain(
        'ไม่มีอินเทอร์เน็ต คุณออฟไลน์อยู่ กรุณาตรวจสอบการเชื่อมต่อ',
      );

      await context.setOffline(false);
      await page.getByTestId('load-error').getByRole('button', { name: 'ลองอีกครั้ง' }).click();
      await waitForPath(page, '/wallet');
      await seesHeading(page, 'กระเป๋าเงิน');
    });
  });

  it.each([
    ['th', 'phone', PHONE, 'ไม่มีอินเทอร์เน็ต คุณออฟไลน์อยู่ กรุณาตรวจสอบการเชื่อมต่อ'],
    ['en', 'desktop', DESKTOP, 'No internet, you are offline, please check your connection.'],
  ] as const)(
    'says so on the sign-in page and the public pages while signed out (%s, %s)',
    async (lang, device, viewport, text) => {
      await withPage(browser, { lang, viewport }, async (page, context) => {
        await page.goto('/auth/login');
        await page.getByTestId('login-username').waitFor();
        await context.setOffline(true);
        expect(await visibleText(page.getByTestId('offline-message'))).toContain(text);
        expect(await page.getByTestId('login-username').count()).toBe(0);
        // The frame stays: the brand and the language switch.
        expect(await page.getByTestId(`lang-${lang === 'th' ? 'en' : 'th'}`).isVisible()).toBe(true);
        await shot(page, `offline-login-${lang}-${device}`, { fullPage: false });
        await context.setOffline(false);
        await page.getByTestId('login-username').waitFor();

        await page.goto('/manuals');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await context.setOffline(true);
        expect(await visibleText(page.getByTestId('offline-message'))).toContain(text);
        await context.setOffline(false);
        await page.getByTestId('offline-message').waitFor({ state: 'hidden' });
      });
    },
    60_000,
  );
});
