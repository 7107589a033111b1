import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@portal/contracts/shop';
import type { MemberDocument } from '@portal/contracts/profile';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData } from '../../helpers/expect';
import { png, upload } from '../../helpers/profile';
import { addProduct, addToCart, buyer, pickup, placed, shop, SHOP_ENV, staffToken } from '../../helpers/shop';

/**
 * Issue 19, item 10: a file is served under the extension of the type found in its bytes, never the
 * uploader's. A PNG that is also an HTML page (a polyglot) sent as `x.html` is saved by whoever
 * downloads it as a PNG, so it opens as the picture it was checked as and never as a page.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = (await staffToken(t)).token;
});
afterAll(() => t.close());

/** A real PNG with an HTML page after its end: file-type sees a PNG, a browser given .html a page. */
const polyglot = async () =>
  Buffer.concat([
    await png(30, 20, '#aa3355'),
    Buffer.from('<html><script>alert(document.cookie)</script></html>'),
  ]);

/** The download is the PNG under a .png name, as an attachment the browser may not sniff. */
function expectServedAsPng(res: LightMyRequestResponse, base: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="${base}.png"; filename*=UTF-8''${base}.png`,
  );
}

describe('served file names', () => {
  it('when a polyglot slip named x.html is uploaded then the buyer and staff download x.png as image/png with nosniff', async () => {
    const m = await buyer(t);
    await addToCart(t, m.token, (await addProduct(t)).code);
    const order = await placed(t, m.token, { ...pickup, payment_method: 'transfer' });
    const sent = expectData<Order>(
      await upload(
        t.app,
        m.token,
        {},
        { name: 'x.html', data: await polyglot(), type: 'text/html' },
        { url: `/shop/v1/orders/${order.order_no}/slip` },
      ),
    );
    const slip = sent.payment!.slips[0]!;
    expect(slip.file_name).toBe('x.png');
    expectServedAsPng(
      await shop(t, 'GET', `/v1/orders/${order.order_no}/slips/${slip.id}/file`, m.token),
      'x',
    );
    expectServedAsPng(
      await call(t.app, 'GET', `/staff/v1/orders/${order.order_no}/slips/${slip.id}/file`, { token: staff }),
      'x',
    );
  });

  it('when a polyglot KYC document named x.html is uploaded then the member and staff download x.png', async () => {
    const m = await buyer(t);
    const doc = expectData<MemberDocument>(
      await upload(t.app, m.token, { type: 'other' }, { name: 'x.html', data: await polyglot() }),
      201,
    );
    expect(doc.file).toMatchObject({ name: 'x.png', mime_type: 'image/png' });
    expectServedAsPng(await call(t.app, 'GET', doc.file.url, { token: m.token }), 'x');
    expectServedAsPng(await call(t.app, 'GET', `/staff/v1/documents/${doc.id}/file`, { token: staff }), 'x');
  });

  it('when a document was stored under an .html name before this rule then its download and its listed name end in .png', async () => {
    const m = await buyer(t);
    const doc = expectData<MemberDocument>(
      await upload(t.app, m.token, { type: 'other' }, { name: 'old.png', data: await polyglot() }),
      201,
    );
    await t.database.pool.query(`update documents set file_name = 'old.html' where id = $1`, [doc.id]);
    expectServedAsPng(await call(t.app, 'GET', doc.file.url, { token: m.token }), 'old');
    // The portal saves a download under the listed name, so the list says .png too.
    const listed = expectData<MemberDocument>(
      await call(t.app, 'GET', `/member/v1/me/documents/${doc.id}`, { token: m.token }),
    );
    expect(listed.file.name).toBe('old.png');
  });
});
