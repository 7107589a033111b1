import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launch, shot } from './browser';
import { call, createMember, DEMO, newMember, submitLogin, tokenOf, waitForPath, withPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openOrganization(page: Page, query = '') {
  await page.goto(`/organization${query}`);
  await page.getByTestId('org-tree').waitFor({ state: 'visible' });
}

/**
 * The tree shows `memberId` at its top: the address names them (or names no one for my own top) and
 * the tree drawn is theirs. While a new top loads, the page keeps the last tree on screen, and the
 * buttons act on that one, so the address alone is not the state to wait for.
 */
async function showsTop(page: Page, memberId: number, mine = false) {
  await page.waitForURL((url) => url.searchParams.get('top') === (mine ? null : String(memberId)));
  // The first member card drawn is the tree's top.
  await page.waitForFunction(
    (id) =>
      document
        .querySelector('[data-testid="org-tree"] [data-testid^="org-node-"]')
        ?.getAttribute('data-testid') === `org-node-${id}`,
    memberId,
  );
}

/** Enter on a focused node makes that member the top (the keyboard path people without a mouse use). */
async function makeTop(page: Page, memberId: number) {
  const node = page.getByTestId(`org-node-${memberId}`);
  await node.waitFor({ state: 'attached' });
  await node.focus();
  await page.keyboard.press('Enter');
  await showsTop(page, memberId);
}

describe('the organization screen', () => {
  it('when the demo member walks the tree then they go down, come back up and jump to a member by search', async () => {
    const token = await tokenOf(DEMO.email, DEMO.password);
    const me = await call<{ id: number }>('/network/api/v1/me', token);
    const tree = await call<{ top: { left: { id: number; first_name: string; left: { id: number } } } }>(
      `/network/api/v1/member_downline/${me.id}?depth=2`,
      token,
    );
    const child = tree.top.left.id;
    const grandchild = tree.top.left.left.id;

    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      await openOrganization(page);
      await page.getByTestId(`org-node-${me.id}`).waitFor({ state: 'attached' });
      expect(await page.getByTestId(`org-node-${child}`).count()).toBe(1);

      // down two levels
      await makeTop(page, child);
      await makeTop(page, grandchild);
      // the trail leads from me (shown as "you") through the child
      expect(await page.getByTestId('org-path').innerText()).toContain(tree.top.left.first_name);

      // up one level, then back to my top
      await page.getByTestId('org-up-one').click();
      await showsTop(page, child);
      await page.getByTestId('org-my-top').click();
      await showsTop(page, me.id, true);

      // a member deep in the downline, found by code
      const slots = await call<{
        quick: { extreme_left: { upline_member_id: number; upline_member_code: string } };
      }>('/network/api/v1/member_downline/below_postion_member_id', token);
      const deep = slots.quick.extreme_left;
      await page.getByTestId('org-search').fill(deep.upline_member_code);
      await page.getByTestId(`org-search-hit-${deep.upline_member_id}`).click();
      await showsTop(page, deep.upline_member_id);
    });
  });

  it('when the demo member adds a new member through the wizard then they appear in the tree at the chosen slot', async () => {
    const fresh = await createMember(newMember('org'));
    const freshToken = await tokenOf(fresh.email, fresh.password);
    const freshMember = await call<{ id: number; is_placed: boolean }>('/network/api/v1/me', freshToken);
    expect(freshMember.is_placed).toBe(false);
    const token = await tokenOf(DEMO.email, DEMO.password);
    const slots = await call<{
      quick: { extreme_left: { upline_member_id: number; position: 'left' | 'right' } };
    }>('/network/api/v1/member_downline/below_postion_member_id', token);
    const slot = slots.quick.extreme_left;

    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto('/auth/login');
      await submitLogin(page, DEMO.email, DEMO.password);
      await waitForPath(page, '/dashboard');
      // the empty slot at the bottom of the outer left leg, shown with its upline at the top
      await openOrganization(page, `?top=${slot.upline_member_id}`);
      const empty = page.getByTestId(`org-empty-${slot.upline_member_id}-${slot.position}`);
      await empty.waitFor({ state: 'attached' });
      await empty.focus();
      await page.keyboard.press('Enter');

      // 1. search new member, 2. select member
      await page.getByTestId('wizard-search').fill(fresh.lastName);
      await page.getByTestId(`wizard-pick-${freshMember.id}`).click();
      await page.getByTestId('wizard-member-summary').waitFor({ state: 'visible' });
      await shot(page, 'organization-wizard-member-th-desktop');
      await page.getByTestId('wizard-next').click();
      // 3. specify location: preset from the tree
      await page.getByTestId('wizard-next').click();
      // 4. confirm: the box must be ticked before the placement can be sent
      await page.getByTestId('wizard-confirm-summary').waitFor({ state: 'visible' });
      expect(await page.getByTestId('wizard-submit').isDisabled()).toBe(true);
      await page.getByTestId('wizard-confirm-check').click();
      await shot(page, 'organization-wizard-confirm-th-desktop');
      await page.getByTestId('wizard-submit').click();
      // 5. finished
      await page.getByTestId('wizard-finished').waitFor({ state: 'visible' });
      await page.getByTestId('wizard-view-in-tree').click();
      await page.getByTestId(`org-node-${freshMember.id}`).waitFor({ state: 'attached' });
      await shot(page, 'organization-placed-th-desktop');
    });

    // the server agrees: the new member hangs in that slot
    const placed = await call<{ upline: { id: number } | null; side: string; is_placed: boolean }>(
      '/network/api/v1/me',
      freshToken,
    );
    expect(placed).toMatchObject({
      is_placed: true,
      side: slot.position,
      upline: { id: slot.upline_member_id },
    });
  });

  it('looks right in Thai and English, on a desktop and a phone', { timeout: 150_000 }, async () => {
    for (const lang of ['th', 'en'] as const) {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await withPage(browser, { viewport, lang }, async (page) => {
          await page.goto('/auth/login');
          await submitLogin(page, DEMO.email, DEMO.password);
          await waitForPath(page, '/dashboard');
          await page.getByTestId('dashboard-member-code').waitFor({ state: 'visible' });
          await page.waitForLoadState('networkidle');
          await shot(page, `dashboard-team-${lang}-${name}`);
          await openOrganization(page);
          await page.getByTestId('org-add-member').waitFor({ state: 'visible' });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
          ).toBe(true);
          await shot(page, `organization-${lang}-${name}`);
          await page.getByTestId('org-add-member').click();
          await page.getByTestId('wizard-search').waitFor({ state: 'visible' });
          await shot(page, `organization-wizard-${lang}-${name}`);
        });
      }
    }
  });
});
