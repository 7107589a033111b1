import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CheckoutBody, CheckoutResult, Order } from '@portal/contracts/shop';
import { users } from '../../src/db/schema/identity';
import { members } from '../../src/db/schema/network';
import { addresses } from '../../src/db/schema/profile';
import { products } from '../../src/db/schema/shop';
import { promptPaySignature } from '../../src/modules/shop/payments/promptpay';
import { call, type TestApp } from './app';
import { expectData } from './expect';

/** Every payment kind on: the demo provider (demo mode), a transfer account, PromptPay with its secret. */
export const PROMPTPAY_SECRET = 'promptpay-test-secret-'.padEnd(40, 'x');
export const SHOP_ENV = {
  DEMO_MODE: 'true',
  SHOP_TRANSFER_ACCOUNT: 'kbank|123-4-56789-0|Portal Shop Co., Ltd.',
  PROMPTPAY_ID: '0812345678',
  PROMPTPAY_CALLBACK_SECRET: PROMPTPAY_SECRET,
  SHOP_SHIPPING_FEE: '50.00',
  SHOP_FREE_SHIPPING_FROM: '1000.00',
  RATE_LIMIT_GLOBAL: '100000',
};

let seq = 0;
const next = () => `${process.pid % 1000}${Date.now() % 100000}${seq++}`;

/** A product straight into the catalog (staff's API has tests of its own). */
export async function addProduct(t: TestApp, over: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(products)
    .values({
      code: `T${next()}`,
      kind: 'PRODUCT',
      category: 'health',
      nameTh: 'ชาสมุนไพร',
      nameEn: 'Herbal tea',
      retailPrice: '490.00',
      memberPrice: '350.00',
      pvPerUnit: 150,
      lvpPerUnit: 10,
      stock: 100,
      ...over,
    })
    .returning();
  return row!;
}

/**
 * A member who can shop, with an access token signed the way sign-in signs it (sign-in itself is
 * tested elsewhere; a race of twenty buyers should not wait on twenty password hashes).
 */
export async function buyer(t: TestApp, opts: { referrerId?: number | null; invitationCode?: string } = {}) {
  const n = next();
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `buyer${n}@test.example`,
      mobile: `06${String(n).slice(-8).padStart(8, '0')}`,
      passwordHash: 'not-a-hash',
      firstName: 'ผู้ซื้อ',
      lastName: `ทดสอบ${n}`,
      invitationCode: opts.invitationCode ?? `B${n}`.slice(0, 16),
      isVerifiesEmail: true,
      isVerifiesMobile: true,
    })
    .returning();
  const [member] = await t.database.db
    .insert(members)
    .values({
      userId: user!.id,
      memberCode: sql`'M' || lpad(nextval('member_code_seq')::text, 7, '0')`,
      referrerMemberId: opts.referrerId ?? null,
    })
    .returning();
  const { token } = await t.app.ctx.signer.userToken({
    userId: user!.id,
    userType: 'member',
    clientId: 'portal-web',
    sessionId: randomUUID(),
    suspension: 'none',
  });
  return { user: user!, member: member!, token };
}

export async function staffToken(t: TestApp) {
  const b = await buyer(t);
  await t.database.pool.query(`update users set type = 'staff' where id = $1`, [b.user.id]);
  const { token } = await t.app.ctx.signer.userToken({
    userId: b.user.id,
    userType: 'staff',
    clientId: 'portal-web',
    sessionId: randomUUID(),
    suspension: 'none',
  });
  return { ...b, token };
}

export async function shippingAddress(t: TestApp, userId: number) {
  const [row] = await t.database.db
    .insert(addresses)
    .values({
      userId,
      type: 'shipping',
      isDefault: true,
      number: '99/1',
      street: 'ถนนสุขุมวิท',
      provinceName: 'กรุงเทพมหานคร',
      districtName: 'วัฒนา',
      subdistrictName: 'คลองเตยเหนือ',
      postCode: '10110',
      telephone: '0812345678',
    })
    .returning({ id: addresses.id });
  return row!.id;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const shop = (
  t: TestApp,
  method: Method,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => call(t.app, method, `/shop${path}`, { token, body, headers });

export async function addToCart(t: TestApp, token: string, code: string, quantity = 1) {
  return expectData(await shop(t, 'POST', '/v1/cart/items', token, { product_code: code, quantity }));
}

export const checkout = (t: TestApp, token: string, body: CheckoutBody, key: string = randomUUID()) =>
  shop(t, 'POST', '/v1/orders', token, body, { 'idempotency-key': key });

/** Checks out and expects a new order. */
export async function placed(t: TestApp, token: string, body: CheckoutBody, key?: string): Promise<Order> {
  return expectData<CheckoutResult>(await checkout(t, token, body, key), 201).order;
}

/** The PromptPay provider's callback, signed (or not) as the provider signs it. */
export function promptPayCallback(
  t: TestApp,
  body: Record<string, unknown>,
  secret: string | null = PROMPTPAY_SECRET,
): Promise<LightMyRequestResponse> {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/shop/v1/payments/promptpay/callback',
    headers: {
      'content-type': 'application/json',
      ...(secret ? { 'x-promptpay-signature': promptPaySignature(secret, raw) } : {}),
    },
    payload: raw,
  });
}

/** LVP or point balance given by staff (type OTHER), as the engine's adjustment writes it. */
export async function giveLvp(t: TestApp, memberId: number, points: number) {
  await t.database.pool.query(
    `insert into lvp_postings (natural_key, member_id, type, points, remark, effective_date)
     values ($1, $2, 'OTHER', $3, 'test', current_date)`,
    [`test:${randomUUID()}`, memberId, points],
  );
}
export async function givePoints(t: TestApp, memberId: number, amount: string) {
  await t.database.pool.query(
    `insert into point_postings (natural_key, member_id, kind, points, remark, effective_date)
     values ($1, $2, 'OTHER', $3, 'test', current_date)`,
    [`test:${randomUUID()}`, memberId, amount],
  );
}

export async function balances(t: TestApp, memberId: number) {
  const { rows } = await t.database.pool.query<{ lvp: string; points: string }>(
    `select (select coalesce(sum(points),0) from lvp_postings where member_id = $1)::text as lvp,
            (select coalesce(sum(points),0) from point_postings where member_id = $1)::text as points`,
    [memberId],
  );
  return { lvp: Number(rows[0]!.lvp), points: rows[0]!.points };
}

export async function stockOf(t: TestApp, code: string) {
  const { rows } = await t.database.pool.query<{ stock: number | null }>(
    `select stock from products where code = $1`,
    [code],
  );
  return rows[0]?.stock ?? null;
}

export const pickup = { delivery: { method: 'pickup' as const } };
