import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot } from './browser';
import { call, DEMO, submitLogin, untilStill, waitForPath, withPage } from './helpers';

/**
 * The tree fits (issue 23, item 4): the buttons jump to the ends of the top's outer legs, and a
 * member's card (a hover peek on a desktop, a tap's sheet on a phone) opens whole inside the
 * window: none of it, the left and right points at its end, cut. Thai and English, phone and desktop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The first member card drawn is the tree's top. */
async function showsTop(page: Page, memberId: number) {
  await page.waitForFunction(
    (id) =>
      document
        .querySelector('[data-testid="org-tree"] [data-testid^="org-node-"]')
        ?.getAttribute('data-testid') === `org-node-${id}`,
    memberId,
  );
}

/** The details card is inside the window and shows all of itself (nothing scrolled out of sight). */
async function detailsWhole(page: Page) {
  const details = page.getByTestId('org-node-details');
  await details.waitFor({ state: 'visible' });
  await untilStill(page, '[data-testid="org-node-details"]');
  return details.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      inside: r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight,
      whole: el.scrollHeight <= el.clientHeight + 1,
    };
  });
}

describe('the tree fits', () => {
  for (const [lang, name, viewport] of [
    ['th', 'desktop', DESKTOP],
    ['en', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
    ['th', 'phone', PHONE],
  ] as const) {
    it(`jumps to the extreme left and right; a member's card opens whole in the window (${lang}, ${name})`, async () => {
      const token = (
        await call<{ access_token: string }>('/member/v1/login', undefined, {
          username: DEMO.email,
          password: DEMO.password,
        })
      ).access_token;
      const me = await call<{ id: number }>('/network/api/v1/me', token);
      const tree = await call<{ top: { left: { id: number } | null; right: { id: number } | null } }>(
        `/network/api/v1/member_downline/${me.id}?depth=1`,
        token,
      );
      const ends = await call<{
        quick: Record<'extreme_left' | 'extreme_right', { upline_member_id: number } | null>;
      }>(`/network/api/v1/member_downline/below_postion_member_id?member_id=${me.id}`, token);

      // A phone is a touch screen: a tap opens the member's card as a sheet (no hover there).
      const touch =
        name === 'phone'
          ? await browser.newContext({ viewport, baseURL: baseUrl(), locale: 'th-TH', hasTouch: true })
          : null;
      if (touch) await touch.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      const run = async (page: Page) => {
        await page.goto('/auth/login');
        await submitLogin(page, DEMO.email, DEMO.password);
        await waitForPath(page, '/dashboard');
        await page.goto('/organization');
        await page.getByTestId('org-tree').waitFor({ state: 'visible' });
        await showsTop(page, me.id);

        // A member's card, whole and inside the window (a child in the middle of the desktop's
        // frame; the top on a phone, whose first view centres it).
        const member = name === 'desktop' ? (tree.top.left ?? tree.top.right)!.id : me.id;
        await untilStill(page, '[data-testid="org-tree"]');
        if (touch) await page.getByTestId(`org-node-${member}`).tap();
        else await page.getByTestId(`org-node-${member}`).hover();
        expect(await detailsWhole(page)).toEqual({ inside: true, whole: true });
        if (touch) {
          // The sheet brought the frame into view with its top below the fixed header, not under it.
          const { frameTop, headerBottom } = await page.evaluate(() => ({
            frameTop: document.querySelector('[data-testid="org-tree"]')!.getBoundingClientRect().top,
            headerBottom: document.querySelector('.mantine-AppShell-header')!.getBoundingClientRect().bottom,
          }));
          expect(frameTop).toBeGreaterThanOrEqual(headerBottom);
        }
        await shot(page, `tree-details-${lang}-${name}`, { fullPage: false });
        if (touch) await page.getByTestId('org-node-details').getByRole('button').first().tap();
        else await page.mouse.move(1, 1);
        await page.getByTestId('org-node-details').waitFor({ state: 'detached' });

        // A phone may read the same levels as lists; a row makes its member the top.
        if (touch) {
          await page
            .getByTestId('org-view')
            .getByText(lang === 'th' ? 'รายการ' : 'List')
            .tap();
          const row = page.getByTestId(`org-list-${tree.top.left!.id}`);
          await row.waitFor({ state: 'visible' });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
          ).toBe(true);
          await shot(page, `tree-list-${lang}-${name}`);
          await row.tap();
          await page.waitForURL((url) => url.searchParams.get('top') === String(tree.top.left!.id));
          await page.getByTestId(`org-list-${tree.top.left!.id}`).waitFor({ state: 'detached' });
          await page
            .getByTestId('org-view')
            .getByText(lang === 'th' ? 'แผนผัง' : 'Tree')
            .tap();
          await page.goto('/organization');
          await showsTop(page, me.id);
        }

        // Jump to the end of each outer leg, and back.
        for (const side of ['left', 'right'] as const) {
          const end = ends.quick[`extreme_${side}`]!.upline_member_id;
          await page.getByTestId(`org-extreme-${side}`).click();
          await page.waitForURL((url) => url.searchParams.get('top') === String(end));
          await showsTop(page, end);
          // already at the end: the button has nowhere further to go
          await expect.poll(() => page.getByTestId(`org-extreme-${side}`).isDisabled()).toBe(true);
          if (side === 'left') await shot(page, `tree-extreme-left-${lang}-${name}`, { fullPage: false });
          await page.goto('/organization');
          await showsTop(page, me.id);
        }
      };
      if (touch) {
        try {
          await run(await touch.newPage());
        } finally {
          await touch.close();
        }
      } else await withPage(browser, { viewport, lang }, run);
    });
  }
});
