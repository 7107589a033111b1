import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstSteps, TeamWeek } from '@portal/contracts/network';
import { createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { net, place, seedTop, tokenOf } from '../../helpers/network';
import { addProduct, addToCart, buyer, pickup, placed, SHOP_ENV } from '../../helpers/shop';

/**
 * The dashboard's two member facts (issue 23, item 2): the first steps' paid orders and invitations,
 * and the team's activity this business week. Rows made through the API (placement, checkout) and
 * read back through the two calls.
 */
let t: TestApp;
let top: Awaited<ReturnType<typeof seedTop>>;
let topToken: string;
let left: Awaited<ReturnType<typeof buyer>>;
let outsider: Awaited<ReturnType<typeof buyer>>;

beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  top = await seedTop(t.database.db);
  topToken = await tokenOf(t.app, top.user.email);
  left = await buyer(t, { referrerId: top.member.id });
  // Signed up with the top's invitation, not placed yet.
  await buyer(t, { referrerId: top.member.id });
  outsider = await buyer(t);
  expectData(await place(t.app, topToken, left.member.id, top.member.id, 'left'), 201);
});
afterAll(() => t.close());

const firstSteps = async (token: string) =>
  expectData<FirstSteps>(await net(t.app, 'GET', '/me/first_steps', token));
const week = async (token: string) =>
  expectData<TeamWeek>(await net(t.app, 'GET', '/member_downline/week', token));

describe('first steps', () => {
  it('when a member has neither bought nor invited then both facts are 0; an order waiting for payment is not a paid order', async () => {
    const p = await addProduct(t);
    await addToCart(t, outsider.token, p.code, 1);
    await placed(t, outsider.token, { ...pickup, payment_method: 'transfer' });
    expect(await firstSteps(outsider.token)).toEqual({ paid_orders: 0, invited: 0 });
  });

  it('when a member pays an order then it counts; who signed up with my invitation counts whether placed or not', async () => {
    const p = await addProduct(t, { pvPerUnit: 150 });
    await addToCart(t, left.token, p.code, 2);
    const order = await placed(t, left.token, { ...pickup, payment_method: 'demo' });
    expect(order.paid_at).not.toBeNull();
    expect(await firstSteps(left.token)).toEqual({ paid_orders: 1, invited: 0 });
    expect(await firstSteps(topToken)).toEqual({ paid_orders: 0, invited: 2 });
  });

  it('refuses a caller without a token', async () => {
    expectError(await net(t.app, 'GET', '/me/first_steps', ''), 401, 'UNAUTHENTICATED');
  });
});

describe("the team's week", () => {
  it('counts this business week: members placed below me, signed up with my invitation, and my downline\u2019s paid orders with their PV', async () => {
    const w = await week(topToken);
    // Monday to Sunday around the business date.
    expect(new Date(`${w.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((Date.parse(`${w.to}T00:00:00Z`) - Date.parse(`${w.from}T00:00:00Z`)) / 86_400_000).toBe(6);
    // The paid order of the member on my left (2 × 150 PV); the waiting member is not in my tree.
    expect(w).toMatchObject({ placed: 1, referred: 2, orders: 1, pv: 300 });
    // My left member's own team is empty, and they invited no one.
    expect(await week(left.token)).toMatchObject({ placed: 0, referred: 0, orders: 0, pv: 0 });
  });

  it('leaves out an order of my downline still waiting for payment', async () => {
    const p = await addProduct(t, { pvPerUnit: 40 });
    await addToCart(t, left.token, p.code, 1);
    const order = await placed(t, left.token, { ...pickup, payment_method: 'transfer' });
    expect(order.paid_at).toBeNull();
    expect(await week(topToken)).toMatchObject({ orders: 1, pv: 300 });
  });

  it('refuses a caller without a token', async () => {
    expectError(await net(t.app, 'GET', '/member_downline/week', ''), 401, 'UNAUTHENTICATED');
  });
});
