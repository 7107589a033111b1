import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessage, launch, shot } from './browser';
import {
  createMember,
  newMember,
  pathOf,
  sees,
  seesHeading,
  submitLogin,
  typeCode,
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

describe('passwords', () => {
  it('changes the password; afterwards only the new one signs in', async () => {
    const m = await createMember(newMember('chpw'));
    const next = 'second-pass-5678';
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, m.email, m.password);
      await waitForPath(page, '/dashboard');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-change-password').click();
      await waitForPath(page, '/change_password');
      await seesHeading(page, 'เปลี่ยนรหัสผ่าน');

      // A wrong current password is refused on its field.
      await page.getByTestId('change-password-current').fill('not-my-password');
      await page.getByTestId('change-password-new').fill(next);
      await page.getByTestId('change-password-confirm').fill(next);
      await page.getByTestId('change-password-submit').click();
      await sees(page, 'รหัสผ่านปัจจุบันไม่ถูกต้อง');

      await page.getByTestId('change-password-current').fill(m.password);
      await page.getByTestId('change-password-submit').click();
      const toast = page.getByRole('alert').filter({ hasText: 'เปลี่ยนรหัสผ่านสำเร็จ' });
      expect(await visibleText(toast)).toContain('รหัสผ่านใหม่ของคุณพร้อมใช้งานแล้ว');
      // The form is emptied so the password does not linger on screen.
      expect(await page.getByTestId('change-password-new').inputValue()).toBe('');
      await shot(page, 'change_password-done-th-desktop');

      // The toast stays 5 s but sits below the top bar: the user menu is usable right away.
      await page.getByTestId('user-menu').click({ timeout: 2_000 });
      await page.getByTestId('menu-logout').click();
      await waitForPath(page, '/auth/login');
      await seesHeading(page, 'เข้าสู่ระบบ');

      await submitLogin(page, m.email, m.password);
      expect(await visibleText(page.getByRole('main').getByRole('alert'))).toBe('ข้อมูลเข้าสู่ระบบไม่ถูกต้อง');
      expect(pathOf(page)).toBe('/auth/login');

      await submitLogin(page, m.email, next);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${m.firstName}`);
    });
  });

  it('resets a forgotten password with the code sent by e-mail', async () => {
    const m = await createMember(newMember('reset'));
    const next = 'reset-pass-9012';
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
      await waitForPath(page, '/auth/forgot_password');
      await seesHeading(page, 'ลืมรหัสผ่าน');

      await page.getByTestId('forgot-email').fill(m.email);
      const sent = new Date();
      await page.getByTestId('forgot-submit').click();
      await waitForPath(page, '/auth/verify_code');
      await seesHeading(page, 'กรอกรหัสยืนยัน');
      // The address is shown masked (the page is reachable by anyone holding the link).
      const shown = await visibleText(page.getByText('เราได้ส่งรหัสไปที่'));
      expect(shown).toMatch(new RegExp(`^เราได้ส่งรหัสไปที่ ${m.email.slice(0, 2)}\\*+@e2e\\.test$`));

      const mail = await lastMessage(m.email, 'reset-password', sent);
      expect(mail.channel).toBe('email');
      expect(mail.code).toMatch(/^\d{6}$/);

      // A wrong code first: the page says so and lets the member try again.
      const wrong = mail.code === '000000' ? '111111' : '000000';
      await typeCode(page, wrong);
      await sees(page, 'รหัสสำหรับตั้งรหัสผ่านใหม่ไม่ถูกต้อง');
      for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
      await typeCode(page, mail.code!);

      await page.waitForURL((url) => url.pathname.startsWith('/auth/reset_password/'));
      await seesHeading(page, 'ตั้งรหัสผ่านใหม่');
      await page.getByTestId('reset-password').fill(next);
      await page.getByTestId('reset-password_confirmation').fill('does-not-match');
      await page.getByTestId('reset-submit').click();
      await sees(page, 'การยืนยันรหัสผ่านไม่ตรงกัน');
      await page.getByTestId('reset-password_confirmation').fill(next);
      await page.getByTestId('reset-submit').click();
      await seesHeading(page, 'ตั้งรหัสผ่านใหม่เรียบร้อย');

      await page.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบ' }).click();
      await waitForPath(page, '/auth/login');
      await submitLogin(page, m.email, m.password);
      expect(await visibleText(page.getByRole('main').getByRole('alert'))).toBe('ข้อมูลเข้าสู่ระบบไม่ถูกต้อง');
      await submitLogin(page, m.email, next);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${m.firstName}`);
    });
  });
});
