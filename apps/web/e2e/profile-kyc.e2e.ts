import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import {
  createMember,
  newMember,
  untilStill,
  visibleText,
  waitForPath,
  withPage,
  type NewMember,
} from './helpers';
import { cardPng, freshThaiId, tinyPdf } from './kyc-api';

/**
 * Profile and KYC end to end: a new member fills in the profile (Thai address cascade, bank
 * account, an ID card picture and a bank book PDF), submits for review; staff approve the identity
 * and reject the bank book with a reason; the member sees the notifications and the reminder change.
 * Then screenshots of /profile and /setting in Thai and English, desktop and phone.
 */
let browser: Browser;
let member: NewMember;
const STAFF = { email: 'staff@portal.test', password: 'demo-pass-1234' };
const REJECT_REASON = 'เลขบัญชีในรูปสมุดบัญชีอ่านไม่ออก กรุณาถ่ายใหม่ให้ชัด';

beforeAll(async () => {
  browser = await launch();
  member = await createMember(newMember('kyc'));
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a Mantine select, optionally types to search, and picks the option. */
async function pick(page: Page, testId: string, option: string | RegExp, search?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

/** Waits for the PUT/POST/DELETE the action sends and answers its status. */
async function saved(
  page: Page,
  method: string,
  path: RegExp,
  action: () => Promise<unknown>,
): Promise<number> {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname), {
      timeout: 20_000,
    }),
    action(),
  ]);
  return res.status();
}

async function imageLoaded(locator: Locator): Promise<boolean> {
  const img = locator.locator('img').first();
  await img.waitFor({ state: 'visible' });
  return img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
}

describe('profile and KYC', () => {
  it('a member completes the profile and submits; staff decide; the member sees the outcome', async () => {
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await signIn(page, member.email, member.password);
      await waitForPath(page, '/dashboard');
      // Nothing is verified yet: the reminder (opened from the notice bar) names both.
      await page.getByTestId('notice-toggle').click();
      expect(await visibleText(page.getByTestId('kyc-reminder'))).toContain('ยังไม่ได้ยืนยันตัวตนและบัญชีธนาคาร');

      // My profile from the user menu.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-profile').click();
      await waitForPath(page, '/profile');
      await page.getByRole('heading', { name: 'โปรไฟล์ของฉัน', exact: true }).waitFor();
      await page.getByTestId('kyc-status').first().waitFor();

      // ---- information: birthday (Buddhist-era year) and the ID card number
      await pick(page, 'info-birthday-day', '17', '17');
      await pick(page, 'info-birthday-month', 'พฤษภาคม');
      await pick(page, 'info-birthday-year', '2533', '2533');
      expect(await visibleText(page.getByTestId('info-birthday-shown'))).toBe('วันเกิด: 17 พฤษภาคม 2533');
      await pick(page, 'info-identity-type', 'บัตรประชาชน');
      // A wrong check digit is caught before sending, in Thai.
      await page.getByTestId('info-identity-value').fill('1234567890123');
      await page.getByTestId('info-save').click();
      await page.getByText('เลขบัตรประชาชนต้องมี 13 หลัก', { exact: false }).first().waitFor();
      await page.getByTestId('info-identity-value').fill(freshThaiId());
      expect(
        await saved(page, 'PUT', /^\/member\/v1\/me$/, () => page.getByTestId('info-save').click()),
      ).toBe(200);

      // ---- avatar: choose a picture, move and zoom it under the square frame, send the crop
      await page.getByTestId('avatar-change').click();
      await page.getByTestId('avatar-file').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: cardPng(320, 200),
      });
      const frame = page.getByTestId('avatar-frame');
      await frame.waitFor();
      const box = (await frame.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await frame.press('+');
      await frame.press('+');
      expect(
        await saved(page, 'PUT', /^\/member\/v1\/me$/, () => page.getByTestId('avatar-save').click()),
      ).toBe(200);
      await page.getByTestId('avatar-cropper').waitFor({ state: 'detached' });
      await page.getByTestId('avatar-remove').waitFor();

      // ---- home address through the Thai cascade: the post code fills itself
      await page.getByTestId('address-add-home').click();
      await page.getByTestId('address-number').fill('88/8');
      await page.getByTestId('address-building').fill('หมู่บ้านล้านนา');
      await page.getByTestId('address-street').fill('ห้วยแก้ว');
      expect(await page.getByTestId('address-district').isDisabled()).toBe(true);
      await pick(page, 'address-province', 'เชียงใหม่', 'เชียงใหม่');
      await pick(page, 'address-district', 'เมืองเชียงใหม่', 'เมือง');
      await pick(page, 'address-subdistrict', 'ศรีภูมิ', 'ศรี');
      expect(await page.getByTestId('address-post-code').inputValue()).toBe('50200');
      // Another district clears the sub-district and its post code.
      await pick(page, 'address-district', 'สันทราย', 'สันทราย');
      expect(await page.getByTestId('address-post-code').inputValue()).toBe('');
      await pick(page, 'address-district', 'เมืองเชียงใหม่', 'เมือง');
      await pick(page, 'address-subdistrict', 'ศรีภูมิ', 'ศรี');
      expect(await page.getByTestId('address-post-code').inputValue()).toBe('50200');
      await page.getByTestId('address-telephone').fill('053-123-456');
      expect(
        await saved(page, 'POST', /^\/member\/v1\/me\/addresses$/, () =>
          page.getByTestId('address-save').click(),
        ),
      ).toBe(201);
      expect(await visibleText(page.getByTestId('address-home'))).toContain(
        '88/8 หมู่บ้านล้านนา ถนนห้วยแก้ว ตำบลศรีภูมิ อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50200',
      );

      // ---- a shipping address, the province found by its English name
      await page.getByTestId('address-add-shipping').click();
      await page.getByTestId('address-number').fill('1');
      await pick(page, 'address-province', 'กรุงเทพมหานคร', 'Bangkok');
      await pick(page, 'address-district', 'พระนคร', 'Phra Nakhon');
      await pick(page, 'address-subdistrict', 'พระบรมมหาราชวัง');
      expect(await page.getByTestId('address-post-code').inputValue()).toBe('10200');
      expect(
        await saved(page, 'POST', /^\/member\/v1\/me\/addresses$/, () =>
          page.getByTestId('address-save').click(),
        ),
      ).toBe(201);
      expect(await visibleText(page.getByTestId('address-shipping'))).toContain('ที่อยู่หลัก');

      // ---- bank account: merged banks are not offered, the number groups as typed
      await page.getByTestId('bank-add').click();
      await page.getByTestId('bank-code').click();
      await page.getByTestId('bank-code').fill('ธนชาต');
      await page.getByRole('option', { name: /^ธนาคารทหารไทยธนชาต/ }).waitFor();
      expect(await page.getByRole('option', { name: /^ธนาคารธนชาต/ }).count()).toBe(0);
      await page.getByTestId('bank-code').fill('กสิกร');
      await page.getByRole('option', { name: /^ธนาคารกสิกรไทย/ }).click();
      expect(await page.getByTestId('bank-account-name').inputValue()).toBe(
        `${member.firstName} ${member.lastName}`,
      );
      await page.getByTestId('bank-account-no').click();
      await page.keyboard.type('1234567890', { delay: 15 });
      expect(await page.getByTestId('bank-account-no').inputValue()).toBe('123-4-56789-0');
      await page.getByTestId('bank-branch').fill('นิมมานเหมินท์');
      expect(
        await saved(page, 'POST', /^\/member\/v1\/me\/banks$/, () => page.getByTestId('bank-save').click()),
      ).toBe(201);
      expect(await visibleText(page.getByTestId('bank-account-no-display'))).toBe('123-4-56789-0');

      // ---- documents: what the server refuses is explained in Thai
      const upload = page.getByTestId('document-upload');
      await page.getByTestId('document-file').setInputFiles({
        name: 'id-card.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      });
      await page.getByTestId('document-upload-submit').click();
      expect(await visibleText(page.getByTestId('document-error'))).toBe(
        'ไฟล์ต้องเป็น PNG, GIF, JPG หรือ PDF เท่านั้น',
      );
      await page.getByTestId('document-file').setInputFiles({
        name: 'huge.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
      });
      expect(await visibleText(page.getByTestId('document-error'))).toBe('ไฟล์มีขนาดใหญ่เกิน 10 MB');
      expect(await page.getByTestId('document-upload-submit').isDisabled()).toBe(true);

      // The ID card picture: previewed before and after the upload, with a progress bar.
      expect(await page.getByTestId('document-type').inputValue()).toBe('บัตรประชาชน');
      await page
        .getByTestId('document-file')
        .setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: cardPng() });
      expect(await imageLoaded(upload.getByTestId('document-chosen'))).toBe(true);
      expect(
        await saved(page, 'POST', /^\/member\/v1\/me\/documents$/, () =>
          page.getByTestId('document-upload-submit').click(),
        ),
      ).toBe(201);
      const idCard = page.locator('[data-testid="document-item"][data-type="government_id"]');
      expect(await imageLoaded(idCard.getByTestId('document-preview'))).toBe(true);

      // The bank book PDF: an icon, not an inline page.
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="document-type"]') as HTMLInputElement)?.value ===
          'หน้าสมุดบัญชีธนาคาร',
      );
      await page.getByTestId('document-file').setInputFiles({
        name: 'bank-book.pdf',
        mimeType: 'application/pdf',
        buffer: tinyPdf('Bank book 123-4-56789-0'),
      });
      await upload.locator('[data-kind="pdf"]').waitFor();
      expect(
        await saved(page, 'POST', /^\/member\/v1\/me\/documents$/, () =>
          page.getByTestId('document-upload-submit').click(),
        ),
      ).toBe(201);
      await page.locator('[data-testid="document-item"][data-type="books_bank"] [data-kind="pdf"]').waitFor();

      // ---- KYC: every item done, submit for review
      await page.locator('[data-testid="kyc-item-bank_document"][data-done="true"]').waitFor();
      expect(await visibleText(page.getByTestId('kyc-missing-count'))).toBe('ข้อมูลและเอกสารครบแล้ว');
      const submit = page.getByTestId('kyc-submit');
      expect(await submit.isEnabled()).toBe(true);
      expect(await saved(page, 'POST', /\/kyc\/submit$/, () => submit.click())).toBe(200);
      await page.locator('#kyc [data-testid="kyc-status"][data-status="waiting_for_review"]').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      expect(await visibleText(page.getByTestId('kyc-hint'))).toBe('ส่งตรวจสอบแล้ว กรุณารอเจ้าหน้าที่ตรวจสอบ');
      // Under review: the documents cannot change.
      expect(await page.getByTestId('document-delete').count()).toBe(0);
    });

    // ---- staff: the queue, the case, start, approve identity, reject the bank book with a reason
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await signIn(page, STAFF.email, STAFF.password);
      await page.getByTestId('nav-staffKyc').click();
      await waitForPath(page, '/staff/kyc');
      await page.getByTestId('kyc-queue-search').fill(member.email);
      await page.getByTestId('kyc-queue-search-submit').click();
      const row = page.getByTestId('kyc-queue-item').filter({ hasText: member.email });
      await row.waitFor();
      // The search narrows the queue to this member once its answer arrives.
      await expect.poll(() => page.getByTestId('kyc-queue-item').count(), { timeout: 10_000 }).toBe(1);
      await row.click();
      await page.getByTestId('kyc-case').waitFor();
      // The documents side by side with the member's facts: the ID card shows inline.
      expect(
        await imageLoaded(page.getByTestId('case-identity-documents').getByTestId('document-preview')),
      ).toBe(true);
      await page.getByTestId('case-bank-documents').locator('[data-kind="pdf"]').waitFor();

      expect(await saved(page, 'POST', /\/start$/, () => page.getByTestId('case-start').click())).toBe(200);
      expect(
        await saved(page, 'POST', /\/approve$/, () => page.getByTestId('approve-identity').click()),
      ).toBe(200);
      await page.locator('[data-testid="decision-identity"] [data-status="success"]').waitFor();

      // A rejection needs a reason.
      await page.getByTestId('reject-bank').click();
      await page.getByTestId('reject-confirm-bank').click();
      await page.getByText('กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร').waitFor();
      await page.getByTestId('reject-reason-bank').fill(REJECT_REASON);
      expect(
        await saved(page, 'POST', /\/reject$/, () => page.getByTestId('reject-confirm-bank').click()),
      ).toBe(200);
      await page.locator('[data-testid="decision-bank"] [data-status="fail"]').first().waitFor();
      const history = await visibleText(page.getByTestId('case-history'));
      expect(history).toContain('ไม่อนุมัติ บัญชีธนาคาร · เจ้าหน้าที่ ตรวจสอบ');
      expect(history).toContain(REJECT_REASON);
      expect(history).toContain('อนุมัติ ตัวตน');
    });

    // ---- the member: notifications, the reminder and the profile tell the outcome
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
      await signIn(page, member.email, member.password);
      await waitForPath(page, '/dashboard');
      await page.getByTestId('notice-toggle').click();
      const reminder = await visibleText(page.getByTestId('kyc-reminder'));
      expect(reminder).toContain('ยังไม่ได้ยืนยันบัญชีธนาคาร');
      expect(reminder).not.toContain('ตัวตนและ');
      expect(Number(await visibleText(page.getByTestId('nav-notifications-badge')))).toBeGreaterThanOrEqual(
        2,
      );

      await page.getByTestId('nav-notifications').click();
      await waitForPath(page, '/notifications');
      const approved = page.getByTestId('notification-item').filter({ hasText: 'ยืนยันตัวตนเรียบร้อยแล้ว' });
      await approved.waitFor();
      const rejected = page.getByTestId('notification-item').filter({ hasText: 'การยืนยันบัญชีธนาคารไม่ผ่าน' });
      expect(await visibleText(rejected)).toContain(REJECT_REASON);

      // The reminder's link lands on the documents section, scrolled into view.
      await page.getByTestId('kyc-reminder').getByRole('link').click();
      await waitForPath(page, '/profile');
      expect(new URL(page.url()).hash).toBe('#documents');
      await page.locator('[data-testid="document-item"][data-type="books_bank"]').waitFor();
      await page.waitForFunction(() => {
        const top = document.getElementById('documents')?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < 160;
      });

      const kyc = page.locator('#kyc');
      await kyc.locator('[data-testid="kyc-status"][data-status="fail"]').waitFor();
      expect(await visibleText(page.getByTestId('kyc-part-identity'))).toContain('ยืนยันแล้ว');
      expect(await visibleText(page.getByTestId('kyc-reason-bank'))).toContain(REJECT_REASON);
      expect(await visibleText(page.getByTestId('bank-reason'))).toContain(REJECT_REASON);
      // Identity verified: name, birthday and ID number are locked now.
      expect(await page.getByTestId('info-first-name').getAttribute('readonly')).not.toBeNull();
      // The bank part is open again: a new bank book may replace the rejected one.
      await page
        .locator('[data-testid="document-item"][data-type="books_bank"]')
        .getByTestId('document-replace')
        .waitFor();
    });
  }, 240_000);

  it('settings: notification channels and signed-in devices', async () => {
    await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (other) => {
      await signIn(other, member.email, member.password);
      await withPage(browser, { viewport: DESKTOP, lang: 'th' }, async (page) => {
        await signIn(page, member.email, member.password);
        await page.getByTestId('user-menu').click();
        await page.getByTestId('menu-settings').click();
        await waitForPath(page, '/setting');
        await page.getByRole('heading', { name: 'ตั้งค่า', exact: true }).waitFor();

        const email = page.getByTestId('settings-notify-email');
        const was = await email.isChecked();
        expect(await saved(page, 'PUT', /^\/member\/v1\/me$/, () => email.click({ force: true }))).toBe(200);
        await page.reload();
        await page.getByTestId('settings-notify-email').waitFor();
        expect(await page.getByTestId('settings-notify-email').isChecked()).toBe(!was);

        const devices = page.getByTestId('device');
        await page.getByTestId('device-current').waitFor();
        const before = await devices.count();
        expect(before).toBeGreaterThanOrEqual(2);
        expect(await page.locator('[data-testid="device"][data-current="true"]').count()).toBe(1);
        const another = page.locator('[data-testid="device"][data-current="false"]').first();
        expect(
          await saved(page, 'DELETE', /^\/member\/v1\/me\/sessions\//, () =>
            another.getByTestId('device-sign-out').click(),
          ),
        ).toBe(200);
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid="device"]').length === n - 1,
          before,
        );

        // Signing out this device is the ordinary logout.
        await page
          .locator('[data-testid="device"][data-current="true"]')
          .getByTestId('device-sign-out')
          .click();
        await waitForPath(page, '/auth/login');
      });
    });
  }, 90_000);

  const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`screenshots of /profile and /setting: ${lang} on a ${device}`, async () => {
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
          await signIn(page, member.email, member.password);
          await page.goto('/profile');
          await page.locator('[data-testid="document-item"] [data-kind="image"]').first().waitFor();
          await page.locator('#kyc [data-testid="kyc-status"]').waitFor();
          await settle('profile');
          await shot(page, `profile-${lang}-${device}`);
          for (const section of ['information', 'addresses', 'shipping', 'bank', 'documents', 'kyc']) {
            await page.evaluate(
              (id) => document.getElementById(id)?.scrollIntoView({ block: 'start' }),
              section,
            );
            await untilStill(page, `#${section}`);
            await shot(page, `profile-${section}-${lang}-${device}`, { fullPage: false });
          }
          // The forms as they open.
          await page.getByTestId('address-add-shipping').click();
          await pick(page, 'address-province', lang === 'th' ? 'เชียงใหม่' : 'Chiang Mai', 'chiang mai');
          await page.getByTestId('address-district').click();
          await page.getByRole('option').first().waitFor();
          await shot(page, `profile-address-form-${lang}-${device}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await page.getByTestId('address-form').waitFor({ state: 'detached' });
          await page.getByTestId('bank-add').click();
          await page.getByTestId('bank-code').click();
          await page.getByRole('option').first().waitFor();
          await shot(page, `profile-bank-form-${lang}-${device}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await page.getByTestId('bank-form').waitFor({ state: 'detached' });
          await page.getByTestId('avatar-change').click();
          await page.getByTestId('avatar-file').setInputFiles({
            name: 'me.png',
            mimeType: 'image/png',
            buffer: cardPng(320, 200),
          });
          await page.getByTestId('avatar-frame').waitFor();
          // The whole cropper, its buttons too, is on the first screen, on a phone as well: the
          // dialog does not have to scroll.
          const dialog = await page.getByRole('dialog').evaluate((el) => ({
            sh: el.scrollHeight,
            h: el.clientHeight,
            bottom: el.getBoundingClientRect().bottom,
          }));
          expect(dialog.sh).toBeLessThanOrEqual(dialog.h + 1);
          expect(dialog.bottom).toBeLessThanOrEqual(page.viewportSize()!.height);
          await shot(page, `profile-avatar-${lang}-${device}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await page.getByTestId('avatar-cropper').waitFor({ state: 'detached' });

          await page.goto('/setting');
          await page.getByTestId('device-current').waitFor();
          // A first load restores the scroll position saved under the router's initial key: start at the top.
          await page.evaluate(() => window.scrollTo(0, 0));
          await settle('setting');
          await shot(page, `setting-${lang}-${device}`);
          expect(overflow).toEqual([]);
        });
      }, 90_000);
    }
  }
});
