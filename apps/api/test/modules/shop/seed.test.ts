import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { Product } from '@portal/contracts/shop';
import { seedShop } from '../../../src/seed/shop';
import { appToken, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData } from '../../helpers/expect';
import { shop, SHOP_ENV } from '../../helpers/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
});
afterAll(() => t.close());

describe('the demo catalog', () => {
  it('when the demo seeds an empty catalog then about thirty products in Thai and English, two bundles and the four packages come with drawn pictures; a second run adds nothing', async () => {
    expect(await seedShop(t.database.db, { storage: t.app.ctx.storage })).toBe(true);
    expect(await count(t, `select count(*) as n from products where kind = 'PRODUCT'`)).toBe(30);
    expect(await count(t, `select count(*) as n from products where kind = 'BUNDLE'`)).toBe(2);
    expect(await count(t, `select count(*) as n from products where kind = 'PACKAGE'`)).toBe(4);
    expect(await count(t, `select count(distinct category) as n from products where kind = 'PRODUCT'`)).toBe(
      3,
    );
    expect(
      await count(
        t,
        `select count(*) as n from products p where not exists (select 1 from product_images i where i.product_id = p.id)`,
      ),
    ).toBe(0);

    const visitor = await appToken(t.app);
    const page = expectData<Page<Product>>(
      await shop(t, 'GET', '/v1/products?kind=BUNDLE', visitor, undefined, { 'x-language': 'EN' }),
    );
    expect(page.items.map((p) => [p.code, p.name, p.bundle_items.length])).toEqual([
      ['X001', 'Health starter set', 3],
      ['X002', 'Home care saver set', 3],
    ]);
    const picture = await t.app.inject({ method: 'GET', url: page.items[0]!.images[0]!.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.length).toBeGreaterThan(1000);

    expect(await seedShop(t.database.db, { storage: t.app.ctx.storage })).toBe(false);
    expect(await count(t, `select count(*) as n from products`)).toBe(36);
    expect(await count(t, `select count(*) as n from product_images`)).toBe(36);
  });
});
