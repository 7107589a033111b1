import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { STAFF } from './engine-api';
import { sidewaysBoxes, withPage } from './helpers';
import { guestOrderByApi } from './shop-api';

/**
 * Issue 19, item 3: staff see the unpaid orders holding stock on the orders desk (until when, how
 * many units, from which address) and release one: it is canceled and leaves the list. Screenshots
 * in Thai and English, desktop and phone.
 */
let browser: Browser;
let waiting: string;
let withSlip: string;
beforeAll(async () => {
  browser = await launch();
  waiting = await guestOrderByApi(false, '0822222201');
  withSlip = await guestOrderByApi(true, '0822222202');
});
afterAll(async () => {
  await browser?.close();
});

describe('the holds on the staff orders desk', () => {
  it('shows each unpaid order holding stock with until when, in Thai and English, on a desktop and a phone', async () => {
    for (const [lang, device, viewport] of [
      ['th', 'desktop', DESKTOP],
      ['en', 'desktop', DESKTOP],
      ['th', 'phone', PHONE],
      ['en', 'phone', PHONE],
    ] as const) {
      await withPage(browser, { lang, viewport }, async (page) => {
        await signIn(page, STAFF.email, STAFF.password);
        await page.goto('/staff/orders?holding=1');
        const row = page.getByTestId(`staff-order-${waiting}`);
        await row.waitFor();
        await page.getByTestId(`staff-order-${withSlip}`).waitFor();
        // Until when it holds (a date and time), its units, and the release button, all on the screen.
        await expect.poll(() => row.innerText()).toMatch(lang === 'th' ? /1 ชิ้น/ : /1 unit/);
        await expect
          .poll(() => page.getByTestId(`staff-order-${withSlip}`).innerText())
          .toMatch(lang === 'th' ? /จนกว่าเจ้าหน้าที่ตรวจสลิป/ : /Until staff check the slip/);
        const release = page.getByTestId(`staff-release-${waiting}`);
        const box = (await release.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(await sidewaysBoxes(page)).toEqual([]);
        await shot(page, `staff-holds-${lang}-${device}`);
      });
    }
  });

  it('releases a hold: the order is canceled with the reason and leaves the list', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await signIn(page, STAFF.email, STAFF.password);
      await page.goto('/staff/orders?holding=1');
      await page.getByTestId(`staff-release-${waiting}`).click();
      await page.getByTestId('staff-release-reason').fill('Held by a stranger, never paid');
      await shot(page, 'staff-holds-release-en-desktop', { fullPage: false });
      await page.getByTestId('staff-release-confirm').click();
      await page.getByText(`Order ${waiting} released`).waitFor();
      await expect.poll(() => page.getByTestId(`staff-order-${waiting}`).count()).toBe(0);
      await page.goto(`/staff/orders?q=${waiting}`);
      await page.getByTestId(`staff-order-${waiting}`).click();
      await expect.poll(() => page.getByTestId('staff-order-status').textContent()).toBe('Canceled');
      await page.getByText('Stock released by staff').first().waitFor();
    });
  });
});
