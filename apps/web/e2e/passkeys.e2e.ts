import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { createMember, newMember, untilStill, visibleText, waitForPath } from './helpers';

/**
 * Issue 23, item 10: sign-in by passkey, in Thai and English on a phone
 * and a desktop. A passkey needs a relying party with a name (an IP address is none), so these
 * pages are opened at http://localhost on the test server's port, which the server accepts as the
 * loopback address it serves. Chromium's virtual authenticator (CDP WebAuthn) stands for the
 * phone's fingerprint: a platform authenticator that keeps discoverable credentials and verifies
 * its user.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;
const CASES = [
  ['th', 'phone'],
  ['en', 'desktop'],
  ['en', 'phone'],
  ['th', 'desktop'],
] as const;
const localhost = () => baseUrl().replace('127.0.0.1', 'localhost');

async function onLocalhost<T>(
  opts: { viewport: { width: number; height: number }; lang: 'th' | 'en' },
  fn: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: opts.viewport,
    baseURL: localhost(),
    locale: 'th-TH',
  });
  await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), opts.lang);
  context.setDefaultTimeout(15_000);
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** A platform authenticator on this page, as a phone's fingerprint reader is. */
async function fingerprint(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}

const TEXT = {
  th: { addedNow: 'เพิ่มพาสคีย์แล้ว' },
  en: { addedNow: 'Your passkey is added' },
};

describe('passkeys', () => {
  it.each(CASES)(
    'a member adds a passkey in settings and signs in with it; the password stays (%s, %s)',
    async (lang, device) => {
      const m = await createMember(newMember('passkey'));
      await onLocalhost({ viewport: VIEWPORTS[device], lang }, async (page, context) => {
        const authenticator = await fingerprint(page, context);
        await signIn(page, m.email, m.password);
        await waitForPath(page, '/dashboard');
        await page.goto('/setting');
        const card = page.getByTestId('settings-passkeys');
        await card.getByTestId('passkeys-none').waitFor();
        await card.getByTestId('passkey-name').fill(lang === 'th' ? 'โทรศัพท์ของฉัน' : 'My phone');
        await card.getByTestId('passkey-add').click();
        expect(await visibleText(card.getByTestId('passkey-added'))).toContain(TEXT[lang].addedNow);
        const item = card.getByTestId('passkey-item');
        expect(await visibleText(item)).toContain(lang === 'th' ? 'โทรศัพท์ของฉัน' : 'My phone');
        expect(await authenticator.credentials()).toBe(1);
        await card.scrollIntoViewIfNeeded();
        await untilStill(page);
        await shot(page, `passkeys-settings-${lang}-${device}`);

        // Signed out, the sign-in page offers the passkey beside the password.
        await page.goto('/auth/logout');
        await waitForPath(page, '/auth/login');
        await page.getByTestId('login-password').waitFor();
        await untilStill(page);
        await shot(page, `passkeys-login-${lang}-${device}`, { fullPage: false });
        await page.getByTestId('login-passkey').click();
        await waitForPath(page, '/dashboard');
        await page.goto('/setting');
        // The passkey now says when it was last used.
        await page
          .getByTestId('passkey-item')
          .filter({ hasText: lang === 'th' ? 'ใช้ล่าสุด' : 'last used' })
          .waitFor();

        // Removed, it signs nobody in; the password still does.
        await page.getByTestId('passkey-remove').click();
        await page.getByTestId('passkeys-none').waitFor();
        await page.goto('/auth/logout');
        await waitForPath(page, '/auth/login');
        await page.getByTestId('login-passkey').click();
        await page.getByTestId('login-passkey-failed').waitFor();
        expect(new URL(page.url()).pathname).toBe('/auth/login');
        await signIn(page, m.email, m.password);
        await waitForPath(page, '/dashboard');
      });
    },
  );
});
