import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessage, launch, shot } from './browser';
import {
  createMember,
  DEMO,
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

describe('registration through an invitation link', () => {
  it('shows the referrer, verifies the mobile by OTP and signs the new member in', async () => {
    const m = newMember('reg');
    await withPage(browser, {}, async (page) => {
      await page.goto(`/auth/register/${DEMO.invitationCode}`);
      await seesHeading(page, 'สมัครสมาชิก');
      const referrer = await visibleText(page.getByTestId('register-referrer'));
      expect(referrer).toContain(`ผู้แนะนำ: ${DEMO.firstName} ${DEMO.lastName}`);
      expect(referrer).toMatch(/รหัสสมาชิก M\d{7}/);

      await page.getByTestId('register-first_name').fill(m.firstName);
      await page.getByTestId('register-last_name').fill(m.lastName);
      await page.getByTestId('register-email').fill(m.email);
      await page.getByTestId('register-mobile').fill(m.mobile);
      await page.getByTestId('register-gender-female').check();
      await page.getByTestId('register-password').fill(m.password);
      await page.getByTestId('register-password_confirmation').fill(m.password);
      // SMS is the default way to verify.
      expect(await page.getByTestId('register-authen_type_default-mobile').isChecked()).toBe(true);

      // Without the terms and the privacy notice ticked the form says why and stays put.
      await page.getByTestId('register-submit').click();
      await sees(page, 'กรุณายอมรับข้อกำหนดและเงื่อนไข');
      await sees(page, 'กรุณายอมรับประกาศความเป็นส่วนตัว');
      expect(pathOf(page)).toBe(`/auth/register/${DEMO.invitationCode}`);

      await page.getByTestId('register-accept_terms').check();
      await page.getByTestId('register-submit').click();
      await sees(page, 'กรุณายอมรับประกาศความเป็นส่วนตัว');
      expect(pathOf(page)).toBe(`/auth/register/${DEMO.invitationCode}`);
      await page.getByTestId('register-accept_privacy').check();
      const sent = new Date();
      await page.getByTestId('register-submit').click();

      await waitForPath(page, '/auth/verify_code');
      await seesHeading(page, 'กรอกรหัสยืนยัน');
      await sees(page, `เราได้ส่งรหัสไปที่ ${m.mobile}`);
      const sms = await lastMessage(m.mobile, 'onboarding', sent);
      expect(sms.channel).toBe('sms');
      expect(sms.code).toMatch(/^\d{6}$/);
      // The reference on screen is the one in the SMS.
      const ref = new URL(page.url()).searchParams.get('ref') ?? '';
      await sees(page, `รหัสอ้างอิง (Ref): ${ref}`);
      expect(sms.text).toContain(ref);

      await typeCode(page, sms.code!);
      await seesHeading(page, 'ยืนยันบัญชีสำเร็จ');
      await page.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบ' }).click();

      await waitForPath(page, '/auth/login');
      await submitLogin(page, m.mobile, m.password);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${m.firstName}`);
      await sees(page, `${m.firstName} ${m.lastName}`);
      const code = await visibleText(page.getByTestId('dashboard-member-code'));
      expect(code).toMatch(/^M\d{7}$/);
      // The new member can invite others in turn.
      const link = await page.getByTestId('dashboard-invitation-link').inputValue();
      expect(link).toMatch(/\/auth\/register\/\S+$/);
      await shot(page, 'dashboard-new-member-th-desktop');
    });
  });

  it('says so when the invitation code is not valid', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/register/NO-SUCH-CODE');
      await seesHeading(page, 'รหัสเชิญไม่ถูกต้อง');
      await sees(page, 'กรุณาตรวจสอบลิงก์เชิญจากผู้แนะนำของคุณอีกครั้ง');
      expect(await page.getByTestId('register-submit').count()).toBe(0);

      await page.getByTestId('lang-en').click();
      await seesHeading(page, 'Invalid invitation code');
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await waitForPath(page, '/auth/login');
    });
  });
});

describe('signing in', () => {
  it('rejects a username that is neither an e-mail nor a mobile number, in the current language', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, 'abc', 'whatever-123');
      await sees(page, 'กรุณากรอกอีเมลหรือหมายเลขโทรศัพท์ 10 หลักให้ถูกต้อง');
      expect(await page.getByTestId('login-username').getAttribute('aria-invalid')).toBe('true');
      expect(pathOf(page)).toBe('/auth/login');

      await page.getByTestId('lang-en').click();
      await sees(page, 'Must be either a valid phone number or e-mail');
    });
  });

  it('refuses a wrong password with the translated message', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, DEMO.email, 'not-the-password');
      expect(await visibleText(page.getByRole('main').getByRole('alert'))).toBe('ข้อมูลเข้าสู่ระบบไม่ถูกต้อง');
      expect(pathOf(page)).toBe('/auth/login');
    });
  });

  it('sends a member who has not verified yet to choose how to verify', async () => {
    const m = await createMember(newMember('unv'), { verified: false });
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, m.email, m.password);
      await waitForPath(page, '/auth/resend_verify_code');
      await seesHeading(page, 'ยืนยันตัวตน');
      await sees(page, `เข้าสู่ระบบในชื่อ ${m.firstName} ${m.lastName}`);
      await sees(page, `รหัส OTP ทาง SMS ไปที่ ${m.mobile}`);
      // The portal itself stays closed until the account is verified.
      await page.goto('/dashboard');
      await waitForPath(page, '/auth/resend_verify_code');

      // Verifying from here opens the portal.
      await page.getByTestId('resend-mobile').check();
      const sent = new Date();
      await page.getByTestId('resend-submit').click();
      await waitForPath(page, '/auth/verify_account');
      const sms = await lastMessage(m.mobile, 'onboarding', sent);
      await typeCode(page, sms.code!);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${m.firstName}`);
    });
  });
});
