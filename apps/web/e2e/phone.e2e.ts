import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { DEMO, untilStill, waitForPath, withPage } from './helpers';

/**
 * Issue 11, phones: the notices are one line that opens on a tap and remembers it was read; the
 * tree's text is at least 12 px on screen at the first zoom on a desktop and a 360 px phone, names
 * are whole, and the tree zooms by pinching and fits by a button. Measured in Chromium.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

async function settled(page: Page) {
  await page
    .getByRole('status', { name: /กำลังโหลด|Loading/ })
    .first()
    .waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Every text of the member cards inside the tree's frame, with its size on screen in CSS px. */
function cardTexts(page: Page) {
  return page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('[data-testid="org-tree"] svg')!;
    const frame = svg.getBoundingClientRect();
    return [...svg.querySelectorAll<SVGTextElement>('[data-testid^="org-node-"] text')]
      .map((el) => {
        const box = el.getBoundingClientRect();
        const scale = el.getScreenCTM()?.a ?? 1;
        return {
          text: el.textContent ?? '',
          px: parseFloat(getComputedStyle(el).fontSize) * scale,
          onScreen:
            box.width > 0 &&
            box.left >= frame.left &&
            box.right <= frame.right &&
            box.top >= frame.top &&
            box.bottom <= frame.bottom,
        };
      })
      .filter((t) => t.onScreen && t.text.trim() !== '');
  });
}

const treeScale = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-testid="org-tree"] svg g')!.getAttribute('transform') ?? '',
  );

describe('phones and the tree (issue 11)', () => {
  for (const lang of ['th', 'en'] as const) {
    it(`${lang}: the notice bar is one line on a 360 px phone, opens on a tap and is remembered as read`, async () => {
      await withPage(browser, { viewport: PHONE, lang }, async (page) => {
        await signIn(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        await settled(page);
        const bar = page.getByTestId('notice-bar');
        await bar.waitFor();
        const line = page.getByTestId('notice-line');
        const { barHeight, lineHeight, lineBox, toggleWidth } = await page.evaluate(() => {
          const barEl = document.querySelector('[data-testid="notice-bar"]')!;
          const lineEl = document.querySelector('[data-testid="notice-line"]')!;
          return {
            barHeight: barEl.getBoundingClientRect().height,
            lineHeight: parseFloat(getComputedStyle(lineEl).lineHeight),
            lineBox: lineEl.getBoundingClientRect().height,
            toggleWidth: document.querySelector('[data-testid="notice-toggle"]')!.getBoundingClientRect()
              .width,
          };
        });
        // One line of text, in a bar no taller than a 48 px touch target.
        expect(lineBox).toBeLessThanOrEqual(lineHeight + 1);
        expect(barHeight).toBeLessThanOrEqual(48);
        expect(toggleWidth).toBeLessThanOrEqual(360);
        expect(await bar.getAttribute('data-unread')).toBe('true');
        // The line carries the message whole (cut only on screen, with an ellipsis).
        expect((await line.textContent())!.length).toBeGreaterThan(20);
        await shot(page, `notice-bar-closed-${lang}-phone`, { fullPage: false });

        await page
          .getByTestId('notice-toggle')
          .tap()
          .catch(() => page.getByTestId('notice-toggle').click());
        expect(await page.getByTestId('notice-toggle').getAttribute('aria-expanded')).toBe('true');
        await page.getByTestId('kyc-reminder').waitFor({ state: 'visible' });
        await page.getByTestId('kyc-reminder').getByRole('link').waitFor({ state: 'visible' });
        await untilStill(page, '[data-testid="notice-bar"]');
        await shot(page, `notice-bar-open-${lang}-phone`, { fullPage: false });

        await page.reload();
        await settled(page);
        await bar.waitFor();
        expect(await bar.getAttribute('data-unread')).toBeNull();
        expect(await page.getByTestId('notice-toggle').getAttribute('aria-expanded')).toBe('false');
      });
    });

    for (const device of ['desktop', 'phone'] as const) {
      it(`${lang} on a ${device}: the tree's text is at least 12 px at the first zoom, names whole; fit and zoom work`, async () => {
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          await signIn(page, DEMO.email, DEMO.password);
          await page.goto('/organization');
          await page.locator('[data-testid^="org-node-"]').first().waitFor({ state: 'attached' });
          await settled(page);
          // The first view is set (fitted to the frame) and the cards are drawn in their fonts.
          await page
            .locator('[data-testid="org-tree"] svg g[transform]')
            .first()
            .waitFor({ state: 'attached' });
          await untilStill(page, '[data-testid="org-tree"] svg g');

          const texts = await cardTexts(page);
          expect(texts.length).toBeGreaterThan(5);
          const smallest = Math.min(...texts.map((t) => t.px));
          console.log(
            `tree ${lang} ${device}: ${texts.length} texts on screen, smallest ${smallest.toFixed(2)} px`,
          );
          expect(smallest).toBeGreaterThanOrEqual(12);

          // Names are whole (on one or two lines), and each card's button is named by what it shows
          // in its order: its first text (the member code) first, then the name among the rest.
          const names = await page.evaluate(() =>
            [...document.querySelectorAll<SVGGElement>('[data-testid^="org-node-"]')].map((g) => ({
              label: g.getAttribute('aria-label') ?? '',
              first: g.querySelector('text')?.textContent ?? '',
              shown: [...g.querySelectorAll('tspan')].map((t) => t.textContent).join(' '),
            })),
          );
          expect(names.length).toBeGreaterThan(0);
          for (const n of names) {
            expect(n.shown).not.toContain('…');
            expect(n.label.startsWith(`${n.first} `), `${n.label} starts with ${n.first}`).toBe(true);
            expect(n.label, `${n.label} has ${n.shown}`).toContain(n.shown);
          }
          await shot(page, `tree-${lang}-${device}`, { fullPage: false });

          // Fit: the whole tree in the frame (smaller), then a pinch (two fingers apart) zooms in.
          const before = await treeScale(page);
          await page.getByTestId('org-zoom-fit').click();
          await page.waitForFunction(
            (t) => document.querySelector('[data-testid="org-tree"] svg g')!.getAttribute('transform') !== t,
            before,
          );
          const fitted = await page.evaluate(() => {
            const svg = document.querySelector('[data-testid="org-tree"] svg')!.getBoundingClientRect();
            return [...document.querySelectorAll('[data-testid^="org-node-"]')].every((g) => {
              const b = g.getBoundingClientRect();
              return (
                b.left >= svg.left - 1 &&
                b.right <= svg.right + 1 &&
                b.top >= svg.top - 1 &&
                b.bottom <= svg.bottom + 1
              );
            });
          });
          expect(fitted).toBe(true);
          await shot(page, `tree-fit-${lang}-${device}`, { fullPage: false });

          const scaleOf = (t: string) => Number(/scale\(([\d.]+)/.exec(t)?.[1] ?? '1');
          const fittedScale = scaleOf(await treeScale(page));
          const frame = page.locator('[data-testid="org-tree"] > svg');
          await frame.scrollIntoViewIfNeeded();
          const box = (await frame.boundingBox())!;
          const cx = box.x + box.width / 2;
          const cy = Math.min(box.y + box.height / 2, (page.viewportSize()?.height ?? 700) - 40);
          // A pinch reaches the tree, not the page: the tree takes every touch gesture (d3-zoom
          // handles two fingers)...
          expect(
            await page.evaluate(
              () => getComputedStyle(document.querySelector('[data-testid="org-tree"] > svg')!).touchAction,
            ),
          ).toBe('none');
          // ...and a trackpad's pinch, which Chromium sends as a wheel with Control held, zooms in.
          await page.mouse.move(cx, cy);
          await page.keyboard.down('Control');
          for (let i = 0; i < 4; i += 1) await page.mouse.wheel(0, -120);
          await page.keyboard.up('Control');
          // The zoom has taken effect (the wheel events reach the tree after mouse.wheel returns).
          await page.waitForFunction(
            (least) =>
              (
                document.querySelector('[data-testid="org-tree"] svg g') as SVGGElement
              ).transform.baseVal.consolidate()!.matrix.a > least,
            fittedScale * 1.5,
          );
          expect(scaleOf(await treeScale(page))).toBeGreaterThan(fittedScale * 1.5);
        });
      });
    }
  }
});
