import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, signIn } from './browser';
import { DEMO, sees, seesHeading, visibleText, waitForPath, withPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const pressed = (page: Page, lang: 'th' | 'en') =>
  page.getByTestId(`lang-${lang}`).getAttribute('aria-pressed');

describe('language', () => {
  it('starts in Thai, switches to English and back, and remembers the choice over a reload', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await seesHeading(page, 'เข้าสู่ระบบ');
      await sees(page, 'อีเมลหรือหมายเลขโทรศัพท์มือถือ');
      expect(await htmlLang(page)).toBe('th');
      expect(await pressed(page, 'th')).toBe('true');
      expect(await pressed(page, 'en')).toBe('false');

      await page.getByTestId('lang-en').click();
      await seesHeading(page, 'Sign in');
      await sees(page, 'E-mail or mobile number');
      await sees(page, 'Forgot password?');
      expect(await page.getByText('อีเมลหรือหมายเลขโทรศัพท์มือถือ').count()).toBe(0);
      expect(await htmlLang(page)).toBe('en');
      expect(await pressed(page, 'en')).toBe('true');
      expect(await page.title()).toContain('Sign in');

      await page.reload();
      await seesHeading(page, 'Sign in');
      expect(await htmlLang(page)).toBe('en');

      // Another page of the same visit is in English too.
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await waitForPath(page, '/auth/forgot_password');
      await seesHeading(page, 'Forgot password');

      await page.getByTestId('lang-th').click();
      await seesHeading(page, 'ลืมรหัสผ่าน');
      expect(await htmlLang(page)).toBe('th');
      await page.reload();
      await seesHeading(page, 'ลืมรหัสผ่าน');
      expect(await htmlLang(page)).toBe('th');
      expect(await page.title()).toContain('ลืมรหัสผ่าน');
    });
  });

  it('shows dates in Buddhist-era years in Thai and Gregorian years in English', async () => {
    const year = new Date().getUTCFullYear();
    // The demo member's welcome note is a day old; around New Year it may be last year's.
    const gregorian = new RegExp(`\\b(${year}|${year - 1})\\b`);
    const buddhist = new RegExp(`\\b(${year + 543}|${year + 542})\\b`);

    for (const lang of ['th', 'en'] as const) {
      await withPage(browser, { lang }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        await page.getByTestId('nav-notifications').click();
        await waitForPath(page, '/notifications');
        const welcome = lang === 'th' ? 'ยินดีต้อนรับสู่ระบบสมาชิก' : 'Welcome to the member portal';
        const item = await visibleText(page.getByTestId('notification-item').filter({ hasText: welcome }));
        if (lang === 'th') {
          await seesHeading(page, 'การแจ้งเตือน');
          expect(item).toMatch(buddhist);
          expect(item).not.toMatch(gregorian);
        } else {
          await seesHeading(page, 'Notifications');
          expect(item).toMatch(gregorian);
          expect(item).not.toMatch(buddhist);
        }
      });
    }
  });
});
