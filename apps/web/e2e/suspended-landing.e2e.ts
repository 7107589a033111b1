import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { DEMO, visibleText, waitForPath, withPage } from './helpers';

/**
 * Issue 23, item 6: the suspended member lands on a page that says what to do, with one button
 * that does it (the demo's suspension is for KYC: upload the documents), its text whole on a phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TEXT = {
  th: { title: 'บัญชีของคุณถูกระงับ', message: 'ภายในวันที่ 31 ต.ค. 2569', button: 'อัปโหลดเอกสาร' },
  en: {
    title: 'Your account is suspended',
    message: 'Your account is suspended because',
    button: 'Upload documents',
  },
} as const;

/** Texts inside the card cut by their own box (an ellipsis or hidden overflow). */
const cutTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="suspended-card"] *')]
      .filter((el) => el.children.length === 0 && (el.textContent ?? '').trim() !== '')
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent),
  );

describe('the suspended member lands on the way out (issue 23, item 6)', () => {
  for (const lang of ['th', 'en'] as const)
    for (const [device, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const)
      it(`${lang} on a ${device}: what to do, whole, and one button that leads to the documents`, async () => {
        await withPage(browser, { viewport, lang }, async (page) => {
          await signIn(page, DEMO.suspendedEmail, DEMO.suspendedPassword);
          await waitForPath(page, '/notifications');
          const card = page.getByTestId('suspended-card');
          const text = await visibleText(card);
          expect(text).toContain(TEXT[lang].title);
          expect(await visibleText(page.getByTestId('suspended-message'))).toContain(TEXT[lang].message);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          expect(await cutTexts(page)).toEqual([]);
          // Above the notifications, inside the screen's width.
          const box = (await card.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          const buttons = card.getByRole('link');
          expect(await buttons.count()).toBe(1);
          expect((await buttons.innerText()).trim()).toBe(TEXT[lang].button);
          await shot(page, `suspended-landing-${lang}-${device}`, { fullPage: false });

          await buttons.click();
          await waitForPath(page, '/profile');
          expect(new URL(page.url()).hash).toBe('#documents');
        });
      });
});
