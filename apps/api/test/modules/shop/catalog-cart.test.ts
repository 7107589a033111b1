import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { Cart, CartItem, PackageOffers, Product } from '@portal/contracts/shop';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { addProduct, addToCart, buyer, checkout, pickup, placed, shop, SHOP_ENV } from '../../helpers/shop';

let t: TestApp;
let visitor: string;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  visitor = await appToken(t.app);
});
afterAll(() => t.close());

describe('the shop token endpoint', () => {
  it('when an application asks for client credentials then it gets an application token; a refresh grant is not offered', async () => {
    const ok = await call(t.app, 'POST', '/shop/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer' });
    const refresh = await call(t.app, 'POST', '/shop/oauth/token', {
      body: { grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: 'x' },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toEqual({ error: 'unsupported_grant_type' });
  });
});

describe('the catalog', () => {
  it('when a visitor lists products then they see retail prices only; a member also sees member prices and PV', async () => {
    const p = await addProduct(t, { category: 'beauty', nameTh: 'ครีมบำรุงผิว', nameEn: 'Face cream' });
    const q = `/v1/products?category=beauty&q=${encodeURIComponent('Face cream')}`;
    const seen = expectData<Page<Product>>(await shop(t, 'GET', q, visitor));
    expect(seen.items.map((i) => i.code)).toEqual([p.code]);
    expect(seen.items[0]).toMatchObject({ retail_price: '490.00', member_price: null, pv_per_unit: null });
    const m = await buyer(t);
    const asMember = expectData<Page<Product>>(await shop(t, 'GET', q, m.token));
    expect(asMember.items[0]).toMatchObject({ member_price: '350.00', pv_per_unit: 150, lvp_per_unit: 10 });
    expect(asMember.pagination).toMatchObject({ page: 1, total: 1, last_page: 1 });
  });

  it('when the language header says TH or EN then the names follow it (Accept-Language too)', async () => {
    const p = await addProduct(t, { nameTh: 'สบู่สมุนไพร', nameEn: 'Herbal soap' });
    const th = expectData<Product>(
      await shop(t, 'GET', `/v1/products/${p.code}`, visitor, undefined, { 'x-language': 'TH' }),
    );
    expect(th.name).toBe('สบู่สมุนไพร');
    const en = expectData<Product>(
      await shop(t, 'GET', `/v1/products/${p.code}`, visitor, undefined, { 'x-language': 'EN' }),
    );
    expect(en.name).toBe('Herbal soap');
    const accept = expectData<Product>(
      await shop(t, 'GET', `/v1/products/${p.code}`, visitor, undefined, {
        'accept-language': 'en-US,en;q=0.9',
      }),
    );
    expect(accept.name).toBe('Herbal soap');
  });

  it('when the plan has packages then each is a product of kind PACKAGE priced by the plan', async () => {
    const m = await buyer(t);
    const list = expectData<Page<Product>>(await shop(t, 'GET', '/v1/products?kind=PACKAGE', m.token));
    expect(list.items.map((p) => [p.code, p.retail_price, p.pv_per_unit])).toEqual([
      ['PKG-STARTER', '1500.00', 500],
      ['PKG-SILVER', '5000.00', 1500],
      ['PKG-GOLD', '15000.00', 4500],
      ['PKG-PLATINUM', '30000.00', 9000],
    ]);
    const offers = expectData<PackageOffers>(await shop(t, 'GET', '/v1/me/packages', m.token));
    expect(offers.current).toBeNull();
    expect(offers.packages[0]).toMatchObject({
      code: 'STARTER',
      order_type: 'PACKAGE',
      price_to_pay: '1500.00',
    });
  });

  it('when a product is inactive or unknown then it is not found, and the list leaves it out', async () => {
    const p = await addProduct(t, { active: false });
    expectError(await shop(t, 'GET', `/v1/products/${p.code}`, visitor), 404, 'NOT_FOUND');
    expectError(await shop(t, 'GET', '/v1/products/NOPE-1', visitor), 404, 'NOT_FOUND');
    const list = expectData<Page<Product>>(await shop(t, 'GET', `/v1/products?q=${p.code}`, visitor));
    expect(list.items).toEqual([]);
  });

  it('when nobody signs the call then the catalog answers 401', async () => {
    expectError(await shop(t, 'GET', '/v1/products'), 401, 'UNAUTHENTICATED');
  });
});

describe('the cart', () => {
  it('when a member adds, changes and removes lines then GET /shop/cart/{userId} lists the items with their quantities', async () => {
    const m = await buyer(t);
    const a = await addProduct(t);
    const b = await addProduct(t, { memberPrice: '100.00', retailPrice: '120.00', pvPerUnit: 40 });
    await addToCart(t, m.token, a.code, 1);
    await addToCart(t, m.token, b.code, 2);
    await addToCart(t, m.token, a.code, 1); // adds to the line
    let items = expectData<CartItem[]>(await shop(t, 'GET', `/cart/${m.user.id}?t=${Date.now()}`, m.token));
    expect(items.map((i) => [i.product_code, i.quantity])).toEqual([
      [a.code, 2],
      [b.code, 2],
    ]);
    const cart = expectData<Cart>(
      await shop(t, 'PUT', `/v1/cart/items/${b.code.toLowerCase()}`, m.token, { quantity: 5 }),
    );
    expect(cart).toMatchObject({ total_quantity: 7, subtotal: '1200.00', pv_total: 500 });
    expectData(await shop(t, 'DELETE', `/v1/cart/items/${a.code}`, m.token));
    items = expectData<CartItem[]>(await shop(t, 'GET', `/cart/${m.user.id}`, m.token));
    expect(items.map((i) => [i.product_code, i.quantity, i.unit_price])).toEqual([[b.code, 5, '100.00']]);
  });

  it("when a member asks for another member's cart then it does not exist (404), and a visitor cannot have one (401)", async () => {
    const owner = await buyer(t);
    const other = await buyer(t);
    await addToCart(t, owner.token, (await addProduct(t)).code);
    expectError(await shop(t, 'GET', `/cart/${owner.user.id}`, other.token), 404, 'NOT_FOUND');
    expectError(await shop(t, 'GET', `/cart/${owner.user.id}`, visitor), 401, 'UNAUTHENTICATED');
    expectError(await shop(t, 'GET', '/cart/abc', owner.token), 422, 'VALIDATION_ERROR');
  });

  it('when more is asked than the shelf holds, or a product is inactive, or the quantity is not 1 to 999, then the cart refuses', async () => {
    const m = await buyer(t);
    const few = await addProduct(t, { stock: 2 });
    expectError(
      await shop(t, 'POST', '/v1/cart/items', m.token, { product_code: few.code, quantity: 3 }),
      409,
      'OUT_OF_STOCK',
    );
    const off = await addProduct(t, { active: false });
    expectError(
      await shop(t, 'POST', '/v1/cart/items', m.token, { product_code: off.code, quantity: 1 }),
      422,
      'PRODUCT_UNAVAILABLE',
    );
    for (const quantity of [0, -1, 1000, 1.5])
      expectError(
        await shop(t, 'POST', '/v1/cart/items', m.token, { product_code: few.code, quantity }),
        422,
        'VALIDATION_ERROR',
      );
    expectError(
      await shop(t, 'PUT', `/v1/cart/items/${few.code}`, m.token, { quantity: 1 }),
      404,
      'NOT_FOUND',
    );
  });

  it('when a package is added then it is one at a time and replaces the package already in the cart', async () => {
    const m = await buyer(t);
    await addToCart(t, m.token, 'PKG-STARTER');
    expectError(
      await shop(t, 'POST', '/v1/cart/items', m.token, { product_code: 'PKG-STARTER', quantity: 1 }),
      422,
      'VALIDATION_ERROR',
    );
    const cart = await addToCart(t, m.token, 'PKG-GOLD');
    expect((cart as Cart).items.map((i) => [i.product_code, i.unit_price, i.pv_per_unit])).toEqual([
      ['PKG-GOLD', '15000.00', 4500],
    ]);
  });
});

describe('a package beside other lines (issue 23)', () => {
  it('when a package shares the cart with a product then the cart says so, each line says why it cannot be bought, and the checkout refuses', async () => {
    const m = await buyer(t);
    const tea = await addProduct(t, { stock: 5 });
    await addToCart(t, m.token, tea.code, 2);
    const alone = (await addToCart(t, m.token, 'PKG-GOLD')) as Cart;
    expect(alone.package_with_products).toBe(true);
    // both lines can be bought, only not together
    expect(alone.items.map((i) => [i.product_code, i.available, i.unavailable_reason])).toEqual([
      [tea.code, true, null],
      ['PKG-GOLD', true, null],
    ]);
    const refused = expectError(
      await checkout(t, m.token, { ...pickup, payment_method: 'demo' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(refused.errors).toHaveProperty('order_type');
    // the way out: remove the product, and the package is bought on its own
    expectData(await shop(t, 'DELETE', `/v1/cart/items/${tea.code}`, m.token));
    const only = expectData<Cart>(await shop(t, 'GET', '/v1/cart', m.token));
    expect(only.package_with_products).toBe(false);
    expect((await placed(t, m.token, { ...pickup, payment_method: 'demo' })).order_type).toBe('PACKAGE');

    // a lower package than the one held is not an upgrade (not "out of stock"); a short shelf is
    await addToCart(t, m.token, 'PKG-SILVER');
    await addToCart(t, m.token, tea.code, 2);
    await t.database.pool.query(`update products set stock = 1 where id = $1`, [tea.id]);
    const cart = expectData<Cart>(await shop(t, 'GET', '/v1/cart', m.token));
    expect(
      Object.fromEntries(
        cart.items.map((i: CartItem) => [i.product_code, [i.available, i.unavailable_reason]]),
      ),
    ).toEqual({ 'PKG-SILVER': [false, 'not_an_upgrade'], [tea.code]: [false, 'out_of_stock'] });
    expect(cart.package_with_products).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('when /docs/json is read then the shop routes are there with their request and response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    const checkout = doc.paths['/shop/v1/orders']?.post;
    expect(checkout?.requestBody).toBeDefined();
    expect(Object.keys(checkout?.responses ?? {})).toEqual(expect.arrayContaining(['200', '201']));
    for (const path of [
      '/shop/v1/products',
      '/shop/cart/{userId}',
      '/shop/v1/community/{shopCode}/orders',
      '/staff/v1/orders/{number}/payment/confirm',
      '/network/api/v1/dropship_income/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
