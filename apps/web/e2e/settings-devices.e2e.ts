import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { createMember, newMember, sidewaysBoxes, waitForPath, withPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs the member in over the API, as another device would; answers that device's access token. */
async function signInElsewhere(username: string, password: string, agent: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/member/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web', 'user-agent': agent },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];

const CASES = [
  {
    lang: 'th',
    viewport: PHONE,
    device: 'phone',
    showAll: 'แสดงทั้งหมด 8 อุปกรณ์',
    signOutOthers: 'ออกจากระบบอุปกรณ์อื่นทั้งหมด (7)',
    done: 'ออกจากระบบอุปกรณ์อื่นแล้ว 7 เครื่อง',
    empty: 'ไม่มีอุปกรณ์อื่นที่เข้าสู่ระบบอยู่',
  },
  {
    lang: 'en',
    viewport: DESKTOP,
    device: 'desktop',
    showAll: 'Show all 8 devices',
    signOutOthers: 'Sign out all 7 other devices',
    done: '7 other devices are signed out',
    empty: 'No other device is signed in',
  },
] as const;

describe('settings: signed-in devices (issue 23, item 9)', () => {
  for (const c of CASES) {
    it(`a compact list and "sign out all other devices" (${c.lang}, ${c.device})`, async () => {
      const m = await createMember(newMember(`dev${c.lang}`));
      const others: string[] = [];
      for (let i = 0; i < 7; i++) others.push(await signInElsewhere(m.email, m.password, AGENTS[i % 3]!));

      await withPage(browser, { lang: c.lang, viewport: c.viewport }, async (page) => {
        await signIn(page, m.email, m.password);
        await page.goto('/setting');
        const rows = page.getByTestId('device');
        await page.getByTestId('device-current').waitFor();
        // This device first, five in all, the rest behind "show all".
        expect(await rows.count()).toBe(5);
        expect(await rows.first().getAttribute('data-current')).toBe('true');
        const list = page.getByTestId('device-list');
        const height = (await list.boundingBox())!.height;
        // One line pair per device, not a card of four lines: five rows in well under 400 px.
        expect(height).toBeLessThan(400);
        expect(await sidewaysBoxes(page)).toEqual([]);
        await page.getByTestId('settings-devices').scrollIntoViewIfNeeded();
        await shot(page, `settings-devices-${c.lang}-${c.device}`);

        await page.getByRole('button', { name: c.showAll }).click();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="device"]').length === 8);

        await page.getByRole('button', { name: c.signOutOthers }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await shot(page, `settings-devices-confirm-${c.lang}-${c.device}`, { fullPage: false });
        await dialog.getByTestId('devices-confirm-sign-out').click();
        await page.getByText(c.done).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="device"]').length === 1);
        await page.getByText(c.empty).waitFor();
        expect(await rows.first().getAttribute('data-current')).toBe('true');

        // The other devices are out at once; this one goes on.
        for (const token of others) {
          const res = await fetch(`${baseUrl()}/member/v1/me`, {
            headers: { authorization: `Bearer ${token}`, 'x-app-key': 'portal-web' },
          });
          expect(res.status).toBe(401);
        }
        await page.reload();
        await page.getByTestId('device-current').waitFor();
        expect(await rows.count()).toBe(1);
        await waitForPath(page, '/setting');
      });
    });
  }
});
