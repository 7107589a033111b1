import crypto from 'node:crypto';
import { baseUrl } from './browser';
import { DEMO } from './helpers';

/** The shop's API as a guest uses it, for the browser tests of the shop and its staff desk. */

/** A PNG whose bytes differ each time (the shop refuses a slip already used for another order). */
export function slipPng(): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, crypto.randomBytes(16)]);
}

/**
 * A guest's community-shop order placed through the API (transfer), optionally with its slip. One
 * guest may have two unpaid orders at once (issue 19): give each a telephone of its own.
 */
export async function guestOrderByApi(withSlip: boolean, telephone = '0811111111'): Promise<string> {
  const base = `${baseUrl()}/shop`;
  const headers = { 'X-App-Key': 'portal-web', Accept: 'application/json' };
  const tokenRes = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'portal-web',
      client_secret: 'public',
    }),
  });
  const auth = {
    ...headers,
    Authorization: `Bearer ${((await tokenRes.json()) as { access_token: string }).access_token}`,
  };
  const list = (await (await fetch(`${base}/v1/products?category=home`, { headers: auth })).json()) as {
    data: { items: { code: string }[] };
  };
  const res = await fetch(`${base}/v1/community/${DEMO.invitationCode}/orders`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      items: [{ product_code: list.data.items[0]!.code, quantity: 1 }],
      customer: { name: 'ลูกค้า ทดสอบ', telephone },
      delivery: { method: 'pickup' },
      payment_method: 'transfer',
    }),
  });
  const placed = (await res.json()) as { data: { order: { order_no: string }; guest_key: string } };
  if (!res.ok) throw new Error(`guest order: ${res.status} ${JSON.stringify(placed)}`);
  const number = placed.data.order.order_no;
  if (withSlip) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(slipPng())], { type: 'image/png' }), 'slip.png');
    const slip = await fetch(`${base}/v1/community/orders/${number}/slip`, {
      method: 'POST',
      headers: { ...auth, 'X-Order-Key': placed.data.guest_key },
      body: form,
    });
    if (!slip.ok) throw new Error(`slip: ${slip.status} ${await slip.text()}`);
  }
  return number;
}
