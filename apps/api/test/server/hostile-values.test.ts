import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { makeStaff } from '../helpers/expect';
import { login } from '../helpers/fixtures';
import { memberWithToken } from '../helpers/profile';
import { SHOP_ENV } from '../helpers/shop';

/**
 * Issue 19, item 7: no route answers 500 to values its contract lets through. Every route of the
 * published OpenAPI document that takes a date (query, path or body) gets dates outside the business
 * range 1900-01-01 .. 2200-12-31 (year 0000, which PostgreSQL refuses, among them) and must answer
 * 422; every route that takes amounts or counts gets the largest its contract allows and must not
 * answer 500. The simulator and the demo clock, whose bodies the document does not spell out, get
 * the same dates.
 */
const HOSTILE_DATES = ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31'];
const HOSTILE_MONTHS = ['0000-01', '1899-12', '2201-01', '9999-12'];
const GOOD_DATE = '2026-01-15';

interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

let t: TestApp;
let staff: string;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp({
    ...SHOP_ENV,
    DEMO_MODE: 'true',
    DEMO_SEED: 'false',
    RATE_LIMIT_LOGIN: '1000',
    // The order caps at the ceilings their settings allow: what a legal order can be at most.
    SHOP_MEMBER_MAX_LINE_QUANTITY: '999',
    SHOP_MEMBER_MAX_ORDER_LINES: '200',
    SHOP_MEMBER_MAX_ORDER_TOTAL: '999999999.99',
  });
  member = await memberWithToken(t);
  const s = await memberWithToken(t);
  await makeStaff(t, s.user.id);
  staff = (await login(t.app, s.user.email)).access_token;
  doc = t.app.swagger() as unknown as typeof doc;
});
afterAll(() => t.close());

const isDate = (s: Schema | undefined) => s?.format === 'date';
const isMonth = (p: Parameter) => p.name === 'month';
/** The largest amount a pattern such as ^\d{1,10}(\.\d{1,2})?$ lets through. */
const largestAmount = (pattern: string) => {
  const m = /^\^\\d\{1,(\d+)\}\(\\\.\\d\{1,2\}\)\?\$$/.exec(pattern);
  return m ? `${'9'.repeat(Number(m[1]))}.99` : null;
};

/** A body as large as the contract allows: every date `date`, every amount and count at its maximum. */
function fill(s: Schema | undefined, date: string): unknown {
  if (!s) return null;
  const option = s.anyOf ?? s.oneOf;
  if (option) return fill(option.find((o) => o.type !== 'null') ?? option[0], date);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (isDate(s)) return date;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fill(v, date)]));
    case 'array':
      return [fill(s.items, date)];
    case 'integer':
    case 'number':
      return s.maximum ?? 1;
    case 'boolean':
      return true;
    default: {
      if (s.pattern && largestAmount(s.pattern)) return largestAmount(s.pattern);
      if (s.format === 'email') return `sweep-${randomUUID().slice(0, 8)}@example.com`;
      if (s.format === 'uuid') return randomUUID();
      if (s.pattern?.includes('A-Z0-9')) return 'SWEEP01';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
  }
}

/** Whether a schema holds a date (or, for `amounts`, an amount or a bounded count) anywhere. */
function holds(s: Schema | undefined, amounts: boolean): boolean {
  if (!s) return false;
  if (isDate(s)) return true;
  if (amounts && (s.maximum !== undefined || (s.pattern && largestAmount(s.pattern)))) return true;
  return [
    ...Object.values(s.properties ?? {}),
    ...(s.items ? [s.items] : []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
  ].some((x) => holds(x, amounts));
}

const PATH_VALUES: Record<string, () => string> = {
  shopCode: () => member.user.invitationCode,
  productCode: () => 'SWEEP01',
  number: () => 'ORD-0001',
  year: () => '2026',
};

interface Sweep {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  op: Operation;
  url: (date: string, month: string) => string;
  body: (date: string) => unknown;
  takesDate: boolean;
  takesAmount: boolean;
}

function sweeps(): Sweep[] {
  const out: Sweep[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(m)) continue;
      const params = op.parameters ?? [];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const url = (date: string, month: string) => {
        let u = path;
        for (const p of params.filter((x) => x.in === 'path'))
          u = u.replace(`{${p.name}}`, isDate(p.schema) ? date : (PATH_VALUES[p.name]?.() ?? '1'));
        const q = new URLSearchParams();
        for (const p of params.filter((x) => x.in === 'query'))
          if (isDate(p.schema)) q.set(p.name, date);
          else if (isMonth(p)) q.set(p.name, month);
        return q.size > 0 ? `${u}?${q}` : u;
      };
      out.push({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase() as Sweep['method'],
        op,
        url,
        body: (date) => (bodySchema ? fill(bodySchema, date) : undefined),
        takesDate: params.some((p) => isDate(p.schema) || isMonth(p)) || holds(bodySchema, false),
        takesAmount: holds(bodySchema, true),
      });
    }
  return out;
}

const send = (s: Sweep, token: string, date: string, month: string) =>
  call(t.app, s.method, s.url(date, month), {
    token,
    body: s.body(date),
    headers: { 'idempotency-key': randomUUID() },
  });

const failures: string[] = [];
function expectNo500(key: string, res: LightMyRequestResponse) {
  if (res.statusCode >= 500) failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

describe('every route with hostile values', () => {
  it('when a date outside 1900-01-01 .. 2200-12-31 enters any route then it answers 422, never 500', async () => {
    const dated = sweeps().filter((s) => s.takesDate);
    expect(dated.length).toBeGreaterThan(30);
    const refused: string[] = [];
    for (const s of dated)
      for (const [i, date] of HOSTILE_DATES.entries()) {
        const month = HOSTILE_MONTHS[i % HOSTILE_MONTHS.length]!;
        const res = await send(s, staff, date, month);
        expectNo500(`${s.key} ${date}`, res);
        expectNo500(`${s.key} ${date} (member)`, await send(s, member.token, date, month));
        if (res.statusCode !== 422) refused.push(`${s.key} ${date}: ${res.statusCode}`);
      }
    expect(failures).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('when the dates are in the range then the same routes answer without a 500 (the sweep reaches them)', async () => {
    failures.length = 0;
    let ok = 0;
    for (const s of sweeps().filter((x) => x.takesDate && x.method === 'GET')) {
      const res = await send(s, staff, GOOD_DATE, '2026-01');
      expectNo500(s.key, res);
      if (res.statusCode === 200) ok += 1;
    }
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(20);
  });

  it('when every amount and count is the largest its contract allows then no route answers 500', async () => {
    failures.length = 0;
    const sized = sweeps().filter((s) => s.takesAmount);
    expect(sized.length).toBeGreaterThan(15);
    for (const s of sized)
      for (const token of [staff, member.token])
        expectNo500(s.key, await send(s, token, GOOD_DATE, '2026-01'));
    expect(failures).toEqual([]);
  });

  it('when products at the most the contract takes (price, PV, LVP) are checked out 999 at a time then the answer is an order or a clear 422, never 500', async () => {
    /** A product at the largest of `tries` the contract takes; the old contract took the first of each. */
    async function largest(tries: { price: string; points: number }[], cheap: boolean) {
      for (const { price, points } of tries) {
        const code = `TOP${randomUUID().slice(0, 8).toUpperCase()}`;
        const res = await call(t.app, 'POST', '/staff/v1/products', {
          token: staff,
          body: {
            code,
            category: 'health',
            name_th: 'สูงสุด',
            name_en: 'Largest',
            retail_price: cheap ? '1.00' : price,
            member_price: cheap ? '1.00' : price,
            pv_per_unit: points,
            lvp_per_unit: points,
            stock: 5_000,
          },
        });
        if (res.statusCode === 201) return code;
        expect(res.statusCode, res.body).toBe(422);
      }
      throw new Error('no product was taken');
    }
    const tries = [
      { price: '9999999999.99', points: 1_000_000 },
      { price: '1000000.00', points: 10_000 },
    ];
    // Dearest: 999 of it overflowed the order's numeric(14,2); richest in points: three lines of 999
    // overflowed its integer PV and LVP.
    const carts = [
      [await largest(tries, false)],
      await Promise.all([0, 1, 2].map(() => largest(tries, true))),
    ];
    for (const codes of carts) {
      const buyer = await memberWithToken(t);
      for (const code of codes) {
        const res = await call(t.app, 'POST', '/shop/v1/cart/items', {
          token: buyer.token,
          body: { product_code: code, quantity: 999 },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (const path of ['/shop/v1/orders/quote', '/shop/v1/orders']) {
        const res = await call(t.app, 'POST', path, {
          token: buyer.token,
          body: { delivery: { method: 'pickup' }, payment_method: 'transfer' },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect([200, 201, 422], `${path}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        if (res.statusCode === 422) expect(res.json().status.error_code).not.toBe('VALIDATION_ERROR');
      }
    }
  });

  it('when a plan scenario or the demo clock names a date outside the range then the answer is 422', async () => {
    const e1 = fs.readFileSync(
      new URL('../../../../scenarios/plan-examples/E1.json', import.meta.url),
      'utf8',
    );
    for (const date of HOSTILE_DATES) {
      const scenario = JSON.parse(e1.replace(/"\d{4}-\d{2}-\d{2}"/g, `"${date}"`));
      const sim = await call(t.app, 'POST', '/staff/v1/plan/simulate', { token: staff, body: scenario });
      expect(sim.statusCode, `${date}: ${sim.body.slice(0, 200)}`).toBe(422);
      const clock = await call(t.app, 'POST', '/dev/clock', { token: staff, body: { date, close: false } });
      expect(clock.statusCode, `${date}: ${clock.body.slice(0, 200)}`).toBe(422);
    }
  });
});
