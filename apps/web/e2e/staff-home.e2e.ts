import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { api, STAFF } from './engine-api';
import { DEMO, untilStill, visibleText, waitForPath, withPage } from './helpers';
import { signInApi } from './kyc-api';

/**
 * The staff's side of issue 23 (item 12): staff land on a home with the queues waiting for them
 * (KYC waiting, slips to confirm, closings due, payouts to run), each counted from the desk's own
 * call and linking to it; the orders desk finds the demo's history orders a member sees in their
 * reports; the simulator has a form for the common cases beside the JSON and shows rates as
 * percentages. In Thai and English, on a phone and a desktop.
 */
let browser: Browser;
let staffToken: string;

beforeAll(async () => {
  browser = await launch();
  staffToken = await signInApi(STAFF.email, STAFF.password);
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

type PageOf = { pagination: { total: number } };

async function signInStaff(page: Page) {
  await signIn(page, STAFF.email, STAFF.password);
  await waitForPath(page, '/staff');
}

/** The count a queue card shows once it has loaded. */
async function queueCount(page: Page, key: string): Promise<number> {
  const card = page.getByTestId(`staff-queue-${key}`);
  await card.locator('[data-testid="staff-queue-count"]').waitFor();
  return Number(await card.getAttribute('data-count'));
}

/** Nothing on the page scrolls sideways and no text is cut at the screen's right edge. */
async function fitsTheScreen(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

describe('the staff home', () => {
  it.each(CASES)(
    'lands staff on the queues, counted as the desks count them (%s, %s)',
    async (lang, device) => {
      const [kyc, slips] = await Promise.all([
        api<PageOf>('/staff/v1/kyc?status=queue&per_page=1', { token: staffToken }),
        api<PageOf>('/staff/v1/orders?slip_waiting=true&per_page=1', { token: staffToken }),
      ]);
      await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
        await signInStaff(page);
        const title = lang === 'th' ? 'หน้าหลักเจ้าหน้าที่' : 'Staff home';
        await page.getByRole('heading', { name: title }).waitFor();
        expect(await queueCount(page, 'kyc')).toBe(kyc.pagination.total);
        expect(await queueCount(page, 'slips')).toBe(slips.pagination.total);
        await queueCount(page, 'closings');
        await queueCount(page, 'payouts');
        // No member dashboard for an account without a member record.
        expect(await page.getByText(lang === 'th' ? 'ยังไม่มีรหัสสมาชิก' : 'Not assigned yet').count()).toBe(0);
        await fitsTheScreen(page);
        await untilStill(page);
        await shot(page, `staff-home-${lang}-${device}`);

        // Each queue opens its desk.
        await page.getByTestId('staff-queue-slips').getByTestId('staff-queue-open').click();
        await waitForPath(page, '/staff/orders');
        expect(new URL(page.url()).searchParams.get('slip')).toBe('1');
        await page.goBack();
        await page.getByTestId('staff-queue-kyc').getByTestId('staff-queue-open').click();
        await waitForPath(page, '/staff/kyc');
        // The member dashboard's address brings staff back home.
        await page.goto('/dashboard');
        await waitForPath(page, '/staff');
      });
    },
  );
});

describe('the orders desk', () => {
  it.each(CASES)(
    "finds the demo's history order the member sees in their LVP report (%s, %s)",
    async (lang, device) => {
      const member = await signInApi(DEMO.email, DEMO.password);
      const lvp = await api<{ items: { order_no: string | null }[] }>(
        '/network/api/v1/report/point_lvp?per_page=20',
        { token: member },
      );
      const orderNo = lvp.items.find((i) => i.order_no)?.order_no;
      expect(orderNo).toBeTruthy();
      await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
        await signInStaff(page);
        await page.goto('/staff/orders');
        // The number's tail, as a member reads it aloud, finds it as well as the whole number.
        await page.getByTestId('staff-orders-search').fill(orderNo!.slice(-6));
        await page.getByTestId('staff-orders-search').press('Enter');
        await page.getByTestId(`staff-order-${orderNo}`).first().waitFor();
        expect(await visibleText(page.getByTestId(`staff-order-${orderNo}`).first())).toContain(orderNo!);
      });
    },
  );
});

describe('the plan simulator', () => {
  it.each(CASES)(
    'runs the common case from its form and shows the income rate as a percentage (%s, %s)',
    async (lang, device) => {
      await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
        await signInStaff(page);
        await page.goto('/staff/simulator');
        const form = page.getByTestId('simulator-form');
        await form.waitFor();
        // The form's default: A (SILVER) with B and C (STARTER) under it, B repurchases 800 PV on day 2.
        expect(await form.getByTestId('simulator-form-member').count()).toBe(3);
        await form.getByTestId('form-add-member').click();
        const added = form.getByTestId('simulator-form-member').nth(3);
        expect(await added.getByTestId('form-member-code').inputValue()).toBe('D');

        // A mistake is named on its row and nothing is sent.
        await form.getByTestId('form-repurchase-day').fill('99');
        await form.getByTestId('simulator-form-run').click();
        expect(await visibleText(page.getByTestId('simulator-form-problem'))).toContain(
          lang === 'th' ? 'อยู่นอกช่วงที่จำลอง' : 'outside the days simulated',
        );
        expect(await page.getByTestId('simulator-result').count()).toBe(0);
        await form.getByTestId('form-repurchase-day').fill('2');

        await form.getByTestId('simulator-form-run').click();
        // The scenario the form wrote is in the JSON box, where anything else is edited.
        const json = JSON.parse(await page.getByTestId('simulator-scenario').inputValue()) as {
          members: { code: string; upline?: string }[];
        };
        expect(json.members.map((m) => m.code)).toEqual(['A', 'B', 'C', 'D']);
        expect(json.members[3]).toMatchObject({ upline: 'B', side: 'left' });

        const table = page.getByTestId('simulation-closings');
        await table.getByTestId('simulation-row').first().waitFor({ timeout: 60_000 });
        const text = await table.innerText();
        // A's SILVER pays 12% of a cycle, B's and C's STARTER 10%: rates read as percentages.
        expect(text).toContain('12%');
        expect(text).toContain('10%');
        expect(text).not.toMatch(/\b0\.1[02]\b/);
        expect(text).toContain(lang === 'th' ? 'อัตรารายได้' : 'Income rate');
        await fitsTheScreen(page);
        await untilStill(page);
        await shot(page, `staff-simulator-form-${lang}-${device}`);
      });
    },
  );
});
