import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { createMember, DEMO, newMember, waitForPath, withPage, type NewMember } from './helpers';

/**
 * Every screen built so far, in Thai and English, on a desktop and a 360 px phone, saved to
 * screenshots/<screen>-<lang>-<desktop|phone>.png for people to look at. On the phone no page
 * may scroll sideways.
 */
let browser: Browser;
/** Signed in but not verified yet: sees only the verification pages. */
let unverified: NewMember;
beforeAll(async () => {
  browser = await launch();
  unverified = await createMember(newMember('screens'), { verified: false });
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type Lang = 'th' | 'en';
type Device = keyof typeof VIEWPORTS;

const T = {
  th: { login: 'เข้าสู่ระบบ', notifications: 'การแจ้งเตือน', changePassword: 'เปลี่ยนรหัสผ่าน' },
  en: { login: 'Sign in', notifications: 'Notifications', changePassword: 'Change password' },
} as const;

async function settle(page: Page, ready: Locator) {
  await ready.first().waitFor({ state: 'visible' });
  // No spinner left, fonts in (Thai glyphs come from the bundled Sarabun).
  await page.getByRole('status', { name: /กำลังโหลด|Loading/ }).waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Mantine menus and the phone navbar slide in; wait until they have fully arrived. */
async function opened(page: Page, locator: Locator) {
  await locator.waitFor({ state: 'visible' });
  const handle = await locator.elementHandle();
  await page.waitForFunction(
    (el) => {
      for (let node = el as HTMLElement | null; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (
          style.opacity !== '1' ||
          (style.transform !== 'none' && !style.transform.startsWith('matrix(1, 0, 0, 1, 0, 0)'))
        )
          return false;
      }
      return true;
    },
    handle,
    { polling: 50 },
  );
}

function camera(page: Page, lang: Lang, device: Device, overflow: string[]) {
  return async (screen: string, ready: Locator, { fullPage = true } = {}) => {
    await settle(page, ready);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    if (device === 'phone') {
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth + 1) overflow.push(`${screen}: ${scrollWidth} > ${innerWidth}`);
    }
    await shot(page, `${screen}-${lang}-${device}`, { fullPage });
  };
}

describe('screens', () => {
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`${lang} on a ${device}`, async () => {
        const overflow: string[] = [];
        const t = T[lang];

        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          const snap = camera(page, lang, device, overflow);
          await page.goto('/auth/login');
          await snap('login', page.getByRole('heading', { name: t.login, exact: true }));

          // The login form's own messages, as a person who typed something wrong sees them.
          await page.getByTestId('login-username').fill('abc');
          await page.getByTestId('login-submit').click();
          await snap('login-error', page.locator('[aria-invalid="true"]'));

          await page.goto(`/auth/register/${DEMO.invitationCode}`);
          await snap('register', page.getByTestId('register-referrer'));
          await page.getByTestId('register-submit').click();
          await snap('register-errors', page.locator('[aria-invalid="true"]'));

          await page.goto('/auth/register/NO-SUCH-CODE');
          await snap('register-invalid', page.getByRole('heading'));

          await page.goto('/auth/verify_code?flow=register&otp=1&ref=K7Q2ZP&username=0912345678');
          await snap('verify_code', page.getByTestId('otp-input'));

          await page.goto('/auth/forgot_password');
          await snap('forgot_password', page.getByTestId('forgot-email'));

          await page.goto('/contact');
          await snap('contact', page.getByRole('heading', { level: 1 }));
          await page.goto('/terms');
          await snap('terms', page.getByRole('heading', { level: 1 }));

          await page.goto('/no-such-page');
          await snap('404', page.getByTestId('not-found'));

          await signIn(page, DEMO.email, DEMO.password);
          await waitForPath(page, '/dashboard');
          await snap('dashboard', page.getByTestId('dashboard-member-code'));
          if (device === 'phone') {
            await page.getByTestId('nav-burger').click();
            await opened(page, page.getByTestId('nav-notifications'));
            await snap('menu', page.getByTestId('nav-notifications'), { fullPage: false });
            await page.getByTestId('nav-notifications').click();
          } else {
            await page.getByTestId('nav-notifications').click();
          }
          await waitForPath(page, '/notifications');
          await snap('notifications', page.getByTestId('notification-item'));

          await page.getByTestId('user-menu').click();
          await opened(page, page.getByTestId('menu-logout'));
          await snap('user-menu', page.getByTestId('menu-logout'));
          await page.getByTestId('menu-change-password').click();
          await waitForPath(page, '/change_password');
          await page.getByTestId('menu-logout').waitFor({ state: 'detached' });
          await snap('change_password', page.getByRole('heading', { name: t.changePassword, exact: true }));
        });

        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          const snap = camera(page, lang, device, overflow);
          await signIn(page, unverified.email, unverified.password);
          await waitForPath(page, '/auth/resend_verify_code');
          await snap('resend_verify_code', page.getByTestId('resend-submit'));
        });

        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          const snap = camera(page, lang, device, overflow);
          await signIn(page, DEMO.suspendedEmail, DEMO.suspendedPassword);
          await waitForPath(page, '/notifications');
          await snap('suspended-notifications', page.getByTestId('notification-item'));
          await page.getByTestId('notice-bar').waitFor();
        });

        expect(overflow).toEqual([]);
      });
    }
  }
});
