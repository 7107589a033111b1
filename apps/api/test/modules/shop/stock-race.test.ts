import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { count, expectError } from '../../helpers/expect';
import { addProduct, addToCart, buyer, checkout, pickup, SHOP_ENV, stockOf } from '../../helpers/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
});
afterAll(() => t.close());

describe('stock never oversells', () => {
  it('when 20 members check out the last 5 units at once then 5 orders are made and 15 get a clear out-of-stock answer', async () => {
    const p = await addProduct(t, { stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(t)));
    for (const b of buyers) await addToCart(t, b.token, p.code, 1);
    const answers = await Promise.all(
      buyers.map((b) => checkout(t, b.token, { ...pickup, payment_method: 'demo' })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      const status = expectError(r, 409, 'OUT_OF_STOCK');
      expect(status.errors).toEqual({ [`items.${p.code}`]: ['Only 0 left'] });
    }
    expect(await stockOf(t, p.code)).toBe(0);
    expect(await count(t, `select count(*) as n from order_items where product_code = $1`, [p.code])).toBe(5);
    // The refused checkouts wrote nothing: no order, no posting; their carts are kept.
    expect(await count(t, `select count(*) as n from orders`)).toBe(5);
    expect(await count(t, `select count(*) as n from volume_postings`)).toBe(5);
    expect(await count(t, `select count(*) as n from cart_items where product_id = $1`, [p.id])).toBe(15);
  });

  it('when two products are bought crosswise by concurrent checkouts then none waits on the other forever (no deadlock)', async () => {
    const a = await addProduct(t, { stock: 50 });
    const b = await addProduct(t, { stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer(t)));
    for (const [i, m] of buyers.entries()) {
      await addToCart(t, m.token, i % 2 ? a.code : b.code, 1);
      await addToCart(t, m.token, i % 2 ? b.code : a.code, 1);
    }
    const answers = await Promise.all(
      buyers.map((m) => checkout(t, m.token, { ...pickup, payment_method: 'demo' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect([await stockOf(t, a.code), await stockOf(t, b.code)]).toEqual([40, 40]);
  });
});
