import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shot } from './browser';
import {
  chooseLanguageSignedIn,
  DEMO,
  seesHeading,
  submitLogin,
  visibleText,
  waitForPath,
  withPage,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const MESSAGE_TH = 'บัญชีของคุณถูกระงับ เนื่องจากไม่ได้ยืนยันตัวตนและบัญชีธนาคาร (KYC) ภายในวันที่ 31 ต.ค. 2569';
const MESSAGE_EN = 'Your account is suspended because identity and bank verification (KYC) was not completed';

describe('a suspended member', () => {
  it('is kept to notifications and change password, with the suspension explained', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, DEMO.suspendedEmail, DEMO.suspendedPassword);
      await waitForPath(page, '/notifications');
      await seesHeading(page, 'การแจ้งเตือน');

      // One line on top; a tap opens the whole notice.
      await page.getByTestId('notice-toggle').click();
      const banner = page.getByTestId('suspension-banner');
      const th = await visibleText(banner);
      expect(th).toContain('บัญชีของคุณถูกระงับ');
      expect(th).toContain(MESSAGE_TH);
      expect(await banner.getAttribute('role')).toBe('alert');

      const item = await visibleText(page.getByTestId('notification-item').filter({ hasText: 'บัญชีถูกระงับ' }));
      expect(item).toContain(MESSAGE_TH);

      // No dashboard in the menu, and typing its address leads back here.
      expect(await page.getByTestId('nav-dashboard').count()).toBe(0);
      await page.goto('/dashboard');
      await waitForPath(page, '/notifications');
      await page.getByTestId('notice-toggle').click();
      await banner.waitFor();

      expect(await chooseLanguageSignedIn(page, 'en')).toBe(200);
      await seesHeading(page, 'Notifications');
      const en = await visibleText(banner);
      expect(en).toContain('Your account is suspended');
      expect(en).toContain(MESSAGE_EN);
      expect(en).not.toContain('บัญชี');
      const itemEn = page.getByTestId('notification-item').filter({ hasText: 'Account suspended' });
      expect(await visibleText(itemEn)).toContain(MESSAGE_EN);

      // Changing the password stays open to them.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-change-password').click();
      await waitForPath(page, '/change_password');
      await seesHeading(page, 'Change password');
      await banner.waitFor();

      expect(await chooseLanguageSignedIn(page, 'th')).toBe(200);
      await seesHeading(page, 'เปลี่ยนรหัสผ่าน');
      expect(await visibleText(banner)).toContain(MESSAGE_TH);

      // Finishing KYC is the way out (decision 012): the profile opens with what KYC asks for
      // (information, address, bank, documents); the network stays closed.
      await page.goto('/profile#documents');
      await waitForPath(page, '/profile');
      for (const id of ['information', 'addresses', 'bank', 'documents', 'kyc'])
        await page.getByTestId(`section-${id}`).waitFor();
      // On a phone the same page fits the screen: nothing runs off its right edge.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto('/profile');
      await page.getByTestId('section-kyc').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, 'suspended-kyc-profile-th-phone');
      await page.goto('/organization');
      await waitForPath(page, '/notifications');
    });
  });
});
