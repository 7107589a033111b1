import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import {
  addDays,
  businessDate,
  buyPackage,
  invitationCodeOf,
  makePayable,
  moveClock,
  payoutTuesdayFor,
  registerUnder,
  STAFF,
} from './engine-api';
import {
  DEMO,
  newMember,
  sidewaysBoxes,
  visibleText,
  waitForPath,
  withPage,
  type NewMember,
} from './helpers';

/**
 * The engine's desk (issue 8, section 3): staff open the closing runs, start the closing of a day,
 * watch it finish, open the payout run that closing made and download its bank transfer file; the
 * desk's pages in Thai and English on a desktop and a phone.
 *
 * The history: a member made payable (KYC approved) and active (their own package) refers a member
 * who buys a SILVER package today (a referrer bonus of 300.00, 285.00 after WHT). The demo clock then moves to the Tuesday that pays it, closing the
 * days before it, and one day on without closing: that Tuesday waits for staff.
 */
let browser: Browser;
let payee: NewMember;
let payDay: string;

beforeAll(async () => {
  browser = await launch();
  payee = await registerUnder(newMember('payee'), DEMO.invitationCode);
  await makePayable(payee);
  // A referrer is paid only while active (plan 4.1): the payee's own package first.
  await buyPackage(payee, 'STARTER');
  const buyer = await registerUnder(newMember('buyer'), await invitationCodeOf(payee));
  await buyPackage(buyer, 'SILVER');
  payDay = payoutTuesdayFor(await businessDate());
  await moveClock(payDay);
  await moveClock(addDays(payDay, 1), false);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function signInStaff(page: Page) {
  await signIn(page, STAFF.email, STAFF.password);
  await waitForPath(page, '/staff');
}

describe('the engine desk', () => {
  it('staff start the closing of the payout Tuesday, watch it finish, open its payout run and download the transfer file', async () => {
    await withPage(browser, { lang: 'en' }, async (page) => {
      await signInStaff(page);
      await page.getByTestId('nav-staffClosings').click();
      await waitForPath(page, '/staff/closings');
      const next = page.getByTestId('closing-next');
      await expect.poll(() => next.getAttribute('data-date')).toBe(payDay);

      await page.getByTestId('closing-start').click();
      await page.getByTestId('closing-confirm').click();
      // While it runs the desk polls; when it has finished, it says so and the next day is the one after.
      await page.getByTestId('closing-done').waitFor({ timeout: 60_000 });
      expect(await visibleText(page.getByTestId('closing-done'))).toContain('Payout run');
      await expect.poll(() => next.getAttribute('data-date')).toBe(addDays(payDay, 1));
      expect(await page.getByTestId('closing-start').isDisabled()).toBe(true);

      const payoutRun = page.locator(
        `[data-testid="closing-run"][data-type="PAYOUT"][data-date="${payDay}"]`,
      );
      await payoutRun.waitFor();
      await payoutRun.click();
      await page.getByTestId('run-title').waitFor();
      expect(await visibleText(page.getByTestId('run-counts'))).toContain('Members paid');
      await page.getByTestId('run-payout-link').click();
      await waitForPath(page, `/staff/payouts/${payDay}`);

      // Other members of the demo may be paid in the same run: find the payee.
      await page.getByTestId('payout-paid-search').fill(payee.email);
      await page.getByTestId('payout-paid-search').press('Enter');
      await page.getByTestId('payout-paid').getByText('285.00').first().waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('payout-download-transfer').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`payout-${payDay}-transfer.csv`);
      const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(lines[0]).toBe('bank_code,account_no,account_name,amount');
      expect(lines).toContain(`014,4021234567,${payee.firstName} ${payee.lastName},285.00`);

      await page.getByTestId('payout-tab-held').click();
      await page.getByTestId('payout-held').waitFor();
    });
  }, 90_000);

  const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
  const TITLES = {
    th: { closings: 'รอบการปิดยอด', plan: 'แผนผลตอบแทน' },
    en: { closings: 'Closing runs', plan: 'Compensation plan' },
  } as const;
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`screenshots of the desk: ${lang} on a ${device}`, async () => {
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          const overflow: string[] = [];
          const settle = async (name: string) => {
            await page.getByRole('status', { name: /กำลังโหลด|Loading/ }).waitFor({ state: 'detached' });
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
            const { sw, w } = await page.evaluate(() => ({
              sw: document.documentElement.scrollWidth,
              w: window.innerWidth,
            }));
            if (sw > w + 1) overflow.push(`${name}: ${sw} > ${w}`);
          };
          await signInStaff(page);

          await page.goto('/staff/closings');
          await page.getByRole('heading', { name: TITLES[lang].closings, exact: true }).waitFor();
          await page.locator('[data-testid="closing-run"]').first().waitFor();
          await settle('closings');
          await shot(page, `staff-closings-${lang}-${device}`);

          await page.goto(`/staff/payouts/${payDay}`);
          await page.getByTestId('payout-paid').locator('tbody tr').first().waitFor();
          await page.getByTestId('payout-totals').waitFor();
          await settle('payout');
          // The paid members' columns fit without scrolling sideways, on a phone too.
          overflow.push(...(await sidewaysBoxes(page)).map((box) => `payout: ${box} scrolls sideways`));
          await shot(page, `staff-payout-${lang}-${device}`);

          if (device === 'desktop') {
            await page.goto('/staff/closings?type=DAILY');
            await page.locator('[data-testid="closing-run"][data-type="DAILY"]').first().click();
            await page.getByTestId('run-totals').waitFor();
            await settle('run');
            await shot(page, `staff-closing-run-${lang}-${device}`);

            await page.goto('/staff/plan');
            await page.getByRole('heading', { name: TITLES[lang].plan, exact: true }).waitFor();
            await page.getByTestId('plan-params').waitFor();
            await page.getByTestId('plan-new').click();
            await page.getByTestId('plan-form').waitFor();
            // The titles table's inputs are named in the reader's language: the title and the column.
            const mtaDepth = lang === 'th' ? 'จำนวนชั้น MTA' : 'MTA generations';
            await page.getByRole('textbox', { name: `SUPERVISOR ${mtaDepth}`, exact: true }).waitFor();
            await settle('plan');
            await shot(page, `staff-plan-${lang}-${device}`);

            await page.goto('/staff/adjustments');
            await page.getByTestId('adjust-search').fill(payee.email);
            await page.getByTestId('adjust-search-submit').click();
            await page.getByTestId('adjust-member').first().click();
            await page.getByTestId('adjust-form').waitFor();
            await page.getByTestId('adjust-amount').fill('25');
            await page.getByTestId('adjust-submit').click();
            // No remark: the form says why it is needed and nothing is sent.
            await page
              .getByTestId('adjust-form')
              .getByText(lang === 'th' ? 'กรุณาระบุเหตุผล' : 'Write why')
              .waitFor();
            await page.getByTestId('adjust-remark').fill(`e2e ${lang}: goodwill`);
            await page.getByTestId('adjust-submit').click();
            await page.getByTestId('adjust-history').getByText(`e2e ${lang}: goodwill`).waitFor();
            await settle('adjustments');
            await shot(page, `staff-adjustments-${lang}-${device}`);

            await page.goto('/staff/simulator');
            await page.getByTestId('simulator-example').click();
            await page.getByTestId('simulator-run').click();
            await page
              .getByTestId('simulation-closings')
              .locator('tbody tr')
              .first()
              .waitFor({ timeout: 60_000 });
            await settle('simulator');
            await shot(page, `staff-simulator-${lang}-${device}`);
          }
          expect(overflow).toEqual([]);
        });
      }, 120_000);
    }
  }
});
