import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch } from './browser';
import { DEMO, pathOf, sees, seesHeading, submitLogin, waitForPath, withPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('route guard', () => {
  it('sends a signed-out visitor to sign in and back to the page they asked for', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/dashboard');
      await waitForPath(page, '/auth/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard');
      await seesHeading(page, 'เข้าสู่ระบบ');

      await page.goto('/notifications?page=1');
      await waitForPath(page, '/auth/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/notifications?page=1');
      await submitLogin(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/notifications');
      expect(new URL(page.url()).search).toBe('?page=1');
      await seesHeading(page, 'การแจ้งเตือน');

      // Signed in, the sign-in page is no longer for them.
      await page.goto('/auth/login');
      await waitForPath(page, '/dashboard');
      // The session survives a reload (refresh cookie), and signing out closes the portal again.
      await page.reload();
      await seesHeading(page, `สวัสดีคุณ ${DEMO.firstName}`);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await waitForPath(page, '/auth/login');
      await page.goto('/change_password');
      await waitForPath(page, '/auth/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/change_password');
    });
  });

  it('lands on the dashboard after signing in without a next page', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, DEMO.mobile, DEMO.password);
      await waitForPath(page, '/dashboard');
      await seesHeading(page, `สวัสดีคุณ ${DEMO.firstName}`);
    });
  });

  it('downloads the page it signs in to while the sign-in call is on its way (issue 24)', async () => {
    // No service worker: it would answer the page's requests itself, out of the test's sight.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'th-TH',
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await page.goto('/auth/login?next=%2Forganization');
      let answer!: () => void;
      const heldBack = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/member/v1/login', async (route) => {
        await heldBack;
        await route.continue();
      });
      const pageCode = page.waitForRequest((r) => /\/assets\/organization-page-[^/]+\.js$/.test(r.url()));
      await submitLogin(page, DEMO.email, DEMO.password);
      // The organization page's code is asked for while the sign-in answer is still held back.
      await pageCode;
      expect(pathOf(page)).toBe('/auth/login');
      answer();
      await waitForPath(page, '/organization');
    } finally {
      await context.close();
    }
  });

  it('shows a 404 page for an unknown address', async () => {
    await withPage(browser, {}, async (page) => {
      await page.goto('/no/such/page');
      await seesHeading(page, 'ไม่พบหน้าที่คุณต้องการ');
      await sees(page, '404');
      expect(pathOf(page)).toBe('/no/such/page');
      await page.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบ' }).click();
      await waitForPath(page, '/auth/login');
    });
  });
});
