import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, lastMessage, launch, PHONE, shot } from './browser';
import { createMember, DEMO, newMember, sees, submitLogin, typeCode, waitForPath, withPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Every answer of 400 or more the page's own requests got, as "status method path". */
function failures(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}

const isTokenCall = (url: string) => new URL(url).pathname === '/member/oauth/token';

const CASES = [
  { lang: 'th', viewport: PHONE, device: 'phone', wrong: 'รหัสยืนยันไม่ถูกต้อง', hello: 'สวัสดีคุณ ' },
  { lang: 'en', viewport: DESKTOP, device: 'desktop', wrong: 'Invalid verification code.', hello: 'Hello, ' },
] as const;

describe('signed-out page loads (issue 23, item 13)', () => {
  for (const c of CASES) {
    it(`ask for no session refresh and get no failing answer (${c.lang}, ${c.device})`, async () => {
      await withPage(browser, { lang: c.lang, viewport: c.viewport }, async (page) => {
        const failed = failures(page);
        const tokenCalls: string[] = [];
        page.on('request', (r) => {
          if (isTokenCall(r.url()))
            tokenCalls.push((r.postData() ?? '').includes('refresh_token') ? 'refresh' : 'app');
        });
        for (const path of ['/auth/login', '/policy', '/auth/forgot_password']) {
          await page.goto(path);
          await page.locator('h1, h2').first().waitFor({ state: 'visible' });
          await page.waitForLoadState('networkidle');
        }
        expect(tokenCalls.filter((k) => k === 'refresh')).toEqual([]);
        expect(failed).toEqual([]);

        // Signed in, a reload still restores the session by its cookie; signed out again, it asks nothing.
        await page.goto('/auth/login');
        await submitLogin(page, DEMO.email, DEMO.password);
        await page.waitForURL(/\/dashboard|\/notifications/);
        await page.reload();
        await page.getByTestId('user-menu').waitFor({ state: 'visible' });
        expect(tokenCalls.filter((k) => k === 'refresh')).toHaveLength(1);
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-logout').click();
        await waitForPath(page, '/auth/login');
        await page.reload();
        await page.getByTestId('login-username').waitFor({ state: 'visible' });
        await page.waitForLoadState('networkidle');
        expect(tokenCalls.filter((k) => k === 'refresh')).toHaveLength(1);
        expect(failed).toEqual([]);
      });
    });
  }
});

describe('one wrong OTP entry counts as one try (issue 23, item 13)', () => {
  for (const c of CASES) {
    it(`a wrong code typed, then sent again by Enter and by the button, is checked once (${c.lang}, ${c.device})`, async () => {
      const m = await createMember(newMember(`otp${c.lang}`), { verified: false });
      await withPage(browser, { lang: c.lang, viewport: c.viewport }, async (page) => {
        const checks: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'PUT' && /\/member\/v1\/otp-transactions\//.test(r.url())) checks.push(r.url());
        });
        await page.goto('/auth/login');
        await submitLogin(page, m.email, m.password);
        await waitForPath(page, '/auth/resend_verify_code');
        await page.getByTestId('resend-mobile').check();
        const sent = new Date();
        await page.getByTestId('resend-submit').click();
        await waitForPath(page, '/auth/verify_account');
        const sms = await lastMessage(m.mobile, 'onboarding', sent);
        const wrong = sms.code === '000000' ? '111111' : '000000';

        // Six digits send the code by themselves; a person then often presses Enter or the button.
        await typeCode(page, wrong);
        await sees(page, c.wrong);
        await page.keyboard.press('Enter');
        await page.getByTestId('otp-submit').click();
        await sees(page, c.wrong);
        await shot(page, `otp-wrong-once-${c.lang}-${c.device}`);
        expect(checks).toHaveLength(1);

        // Three more wrong codes and the right one: the fifth try, which works only if the first
        // entry counted once (five tries in all).
        const id = new URL(checks[0]!).pathname.split('/').pop()!;
        const ref = new URL(page.url()).searchParams.get('ref');
        for (const code of ['222222', '333333', '444444'].filter((x) => x !== sms.code)) {
          const res = await fetch(`${baseUrl()}/member/v1/otp-transactions/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web' },
            body: JSON.stringify({ mobile: m.mobile, code, ref_code: ref }),
          });
          expect(res.status).toBeGreaterThanOrEqual(400);
        }
        const boxes = page.getByTestId('otp-input').locator('input');
        await boxes.first().click();
        for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
        await typeCode(page, sms.code!);
        await waitForPath(page, '/dashboard');
        await sees(page, `${c.hello}${m.firstName}`);
      });
    });
  }
});
