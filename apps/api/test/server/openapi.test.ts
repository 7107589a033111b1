import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Routes that answer a file instead of the JSON envelope, with the reason. They declare the file's
 * content types (plugins/responses.ts fileAnswer) instead of a JSON schema; their errors are the
 * envelope. Any other route must declare the JSON schema of its success answer.
 */
const FILE_ROUTES: Record<string, string> = {
  'GET /member/v1/me/documents/{id}/file':
    'a KYC document downloads as the file it is (README, Conventions: uploads)',
  'GET /staff/v1/documents/{id}/file': 'staff download a KYC document as the file it is',
  'GET /member/v1/me/export':
    "the member's copy of their data: a zip of JSON records and files (decision 044)",
  'GET /member/v1/avatars/{name}':
    'an avatar picture for <img> elements, without app key or token (decision 008)',
  'GET /network/api/v1/statement/yearly/{year}/wht.pdf': "the year's withholding-tax certificate (a PDF)",
  'GET /shop/v1/orders/{number}/slips/{slipId}/file': "a transfer slip's picture, as uploaded",
  'GET /staff/v1/orders/{number}/slips/{slipId}/file': "staff see a transfer slip's picture",
  'GET /staff/v1/payouts/{date}/transfer.csv': 'the bank transfer file of a payout run (CSV)',
  'GET /staff/v1/payouts/{date}/wht.csv': 'the withholding-tax list of a payout run (CSV)',
  'GET /staff/v1/payouts/{date}/held.csv': 'the members a payout run held back, with the reason (CSV)',
  'GET /staff/v1/reports/income-disclosure.csv': "a closed year's income disclosure (CSV)",
  'GET /shop/v1/orders/{number}/tax-invoice.pdf': "an order's tax invoice (a PDF), for its buyer or guest",
  'GET /shop/v1/orders/{number}/credit-note.pdf': "an order's credit note (a PDF), for its buyer or guest",
  'GET /staff/v1/orders/{number}/tax-invoice.pdf': "staff print an order's tax invoice (a PDF)",
  'GET /staff/v1/orders/{number}/credit-note.pdf': "staff print an order's credit note (a PDF)",
  'GET /staff/v1/reports/sales-tax.csv': "a month's sales tax report (CSV)",
  'GET /staff/v1/reports/sales-tax.xlsx': "a month's sales tax report (XLSX)",
  'GET /shop/v1/orders/{number}/sale-document.pdf':
    "a community-shop sale's sale document (a PDF), for its guest",
  'GET /staff/v1/orders/{number}/sale-document.pdf':
    "staff print a community-shop sale's sale document (a PDF)",
};

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp({ DEMO_MODE: 'true', DEMO_SEED: 'false' });
  doc = t.app.swagger() as unknown as typeof doc;
});
afterAll(() => t.close());

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operations() {
  const out: { key: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      if (METHODS.has(method)) out.push({ key: `${method.toUpperCase()} ${path}`, op });
  return out;
}

describe('OpenAPI document', () => {
  it('lists every API route, and /docs serves the same document', async () => {
    expect(operations().length).toBeGreaterThan(100);
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(Object.keys(doc.paths));
  });

  it('every route declares the schema of its success answer', () => {
    const missing: string[] = [];
    for (const { key, op } of operations()) {
      const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      const declared = (r: (typeof success)[number][1]) =>
        FILE_ROUTES[key]
          ? Object.keys(r.content ?? {}).some((type) => type !== 'application/json')
          : r.content?.['application/json']?.schema !== undefined;
      if (success.length === 0 || !success.every(([, r]) => declared(r))) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('the file routes listed are routes of the API', () => {
    const keys = new Set(operations().map((o) => o.key));
    expect(Object.keys(FILE_ROUTES).filter((k) => !keys.has(k))).toEqual([]);
  });
});
