import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lastDayOfMonth } from '@portal/plan/dates';
import type { ClosureRequest } from '@portal/contracts/privacy';
import { retentionJob } from '../../../src/jobs/retention';
import { advanceDemoClock, businessNow } from '../../../src/lib/clock';
import {
  addMonths,
  addYears,
  taxCutoff,
  whtLastPastYear,
} from '../../../src/modules/privacy/retention/rules';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData } from '../../helpers/expect';
import { addProduct, addToCart, buyer, pickup, placed, shop, SHOP_ENV, staffToken } from '../../helpers/shop';

/**
 * The retention job (decision 044, "Retention") on the business clock: what a closed account left
 * behind goes once its period has passed, and nothing within its period, nor anything of an open
 * account, is touched. The demo clock moves the business day to the last day of a period, then one
 * day past it.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
  staff = (await staffToken(t)).token;
}, 120_000);
afterAll(() => t.close());

const desk = (path: string, body: unknown = {}) =>
  call(t.app, 'POST', `/staff/v1${path}`, { token: staff, body });
const run = async () =>
  (await retentionJob.handler({
    ctx: t.app.ctx,
    log: t.app.log,
    now: await businessNow(t.database.db, t.config),
    trigger: 'manual',
    jobId: 'test',
    data: {},
  })) as Record<string, number | string>;

/** A member with a paid and collected order, a full tax invoice and its PDF, a consent and a staff view. */
async function memberWithPapers() {
  const m = await buyer(t);
  const p = await addProduct(t, { memberPrice: '535.00', retailPrice: '535.00' });
  await addToCart(t, m.token, p.code);
  const order = await placed(t, m.token, { ...pickup, payment_method: 'demo' });
  expectData(
    await shop(t, 'POST', `/v1/orders/${order.order_no}/tax-invoice`, m.token, {
      tax_id: '0105558000014',
      name: 'บริษัท ลูกค้าดี จำกัด',
      address: '1 ถนนสีลม กรุงเทพมหานคร 10500',
      branch: '00000',
    }),
    201,
  );
  const pdf = await call(t.app, 'GET', `/shop/v1/orders/${order.order_no}/tax-invoice.pdf`, {
    token: m.token,
  });
  expect(pdf.statusCode).toBe(200);
  expectData(await desk(`/orders/${order.order_no}/ship`, { tracking_no: 'TH000111222' }));
  expectData(await desk(`/orders/${order.order_no}/deliver`));
  await t.database.pool.query(
    `insert into consents (user_id, document, version, source) values ($1, 'terms', '1', 'registration'),
       ($1, 'privacy', '2', 'registration')`,
    [m.user.id],
  );
  await t.database.pool.query(
    `insert into document_views (owner_user_id, document_type, staff_user_id, action) values ($1, 'government_id', null, 'case')`,
    [m.user.id],
  );
  return { ...m, orderNo: order.order_no };
}

async function close(m: Awaited<ReturnType<typeof memberWithPapers>>) {
  const req = expectData<ClosureRequest>(
    await call(t.app, 'POST', '/member/v1/me/closure-request', { token: m.token }),
    201,
  );
  expectData(await desk(`/closure-requests/${req.id}/approve`));
}

const taxDocs = async (userId: number) =>
  (
    await t.database.pool.query<{ id: number; kind: string; buyer: Record<string, unknown>; pdfs: number }>(
      `select d.id, d.kind, d.buyer, (select count(*)::int from tax_document_pdfs p where p.document_id = d.id) as pdfs
       from tax_documents d join shop_orders s on s.order_id = d.order_id where s.buyer_user_id = $1 order by d.id`,
      [userId],
    )
  ).rows;
const rowsOf = async (userId: number) => ({
  consents: await count(t, 'select count(*) n from consents where user_id = $1', [userId]),
  views: await count(t, 'select count(*) n from document_views where owner_user_id = $1', [userId]),
});

describe('the periods', () => {
  it('when a tax document is of month M then it is kept through the end of month M+1 plus five years', () => {
    expect(addYears('2024-02-29', 5)).toBe('2029-02-28');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-01');
    // March 2021's documents: the return by April 2021, kept through 30 April 2026.
    expect(taxCutoff('2026-04-30')).toBe('2021-03-01');
    expect(taxCutoff('2026-05-01')).toBe('2021-04-01');
    // 2020's certificates: the annual return by February 2021, kept through 31 March 2026.
    expect(whtLastPastYear('2026-03-31')).toBe(2019);
    expect(whtLastPastYear('2026-04-01')).toBe(2020);
  });
});

describe('the retention job', () => {
  it('when the periods pass then what the closed account left goes, and not a day before; an open account keeps everything', async () => {
    const closed = await memberWithPapers();
    const open = await memberWithPapers();
    const recent = await memberWithPapers();
    await close(closed);
    await close(recent);
    await t.outbox(); // the closure notices are delivered

    // The boundary day E: the last day of a month ahead of the business day.
    const today = (await businessNow(t.database.db, t.config)).date;
    const E = lastDayOfMonth(addDays(lastDayOfMonth(today), 1));
    // closed: its documents dated in the last month whose period ends on E, and the month after;
    // closed three years before E (plus half a day); certificates for the year that passes on E+1 and the next.
    const month = addMonths(addYears(E, -5), -1);
    const [abbreviated, full] = await taxDocs(closed.user.id);
    expect([abbreviated!.kind, full!.kind]).toEqual(['abbreviated', 'full']);
    expect(full!.pdfs).toBe(1);
    await t.database.pool.query('update tax_documents set issued_date = $2 where id = $1', [full!.id, month]);
    await t.database.pool.query('update tax_documents set issued_date = $2 where id = $1', [
      abbreviated!.id,
      addMonths(month, 1),
    ]);
    // The certificates' boundary is 31 March: the year past on E goes on E, the next one stays
    // (unless E is 31 March, when it goes on E+1).
    const lastYear = whtLastPastYear(E);
    const nextGoes = whtLastPastYear(addDays(E, 1)) > lastYear;
    for (const year of [lastYear, lastYear + 1])
      await t.database.pool.query(
        `insert into wht_certificates (member_id, year, fingerprint, issued_on, pdf) values ($1, $2, 'f', $3, '\\x00')`,
        [closed.member.id, year, `${year + 1}-01-15`],
      );
    const days = Math.round((Date.parse(`${E}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
    const closedAt = new Date(Date.now() + days * 86_400_000 + 12 * 3_600_000);
    closedAt.setUTCFullYear(closedAt.getUTCFullYear() - 3);
    await t.database.pool.query('update users set closed_at = $2 where id = $1', [closed.user.id, closedAt]);
    // A document left behind by a closed account (uploaded as the closure went through).
    const leftBehind = `documents/${randomUUID()}.pdf`;
    await t.app.ctx.storage.put(leftBehind, Buffer.from('%PDF-1.4'));
    await t.database.pool.query(
      `insert into documents (user_id, type, storage_key, file_name, mime_type, size, sha256)
       values ($1, 'government_id', $2, 'id.pdf', 'application/pdf', 8, 'x')`,
      [recent.user.id, leftBehind],
    );

    // On E: only the leftover document and the delivered notices' recipients go.
    await advanceDemoClock(t.database.db, E, t.config);
    const onE = await run();
    expect(onE).toMatchObject({
      documents: 1,
      filesFailed: 0,
      documentViews: 0,
      consents: 0,
      taxPdfs: 0,
      taxBuyers: 0,
      whtCertificates: 1,
    });
    expect(onE.closureRecipients).toBeGreaterThanOrEqual(4);
    expect(await t.app.ctx.storage.get(leftBehind)).toBeNull();
    expect(await rowsOf(closed.user.id)).toEqual({ consents: 2, views: 1 });
    expect((await taxDocs(closed.user.id)).map((d) => d.buyer.name)).toEqual([
      expect.stringContaining('ผู้ซื้อ'),
      'บริษัท ลูกค้าดี จำกัด',
    ]);
    expect(
      await count(t, 'select count(*) n from wht_certificates where member_id = $1', [closed.member.id]),
    ).toBe(1);
    expect(
      await count(
        t,
        `select count(*) n from message_outbox where purpose = 'account-closed' and recipient <> 'erased'`,
      ),
    ).toBe(0);

    // On E+1: the closed account's consents, views, and the full invoice's buyer and PDF go; the next
    // month's invoice, the recently closed account's and the open account's records stay.
    await advanceDemoClock(t.database.db, addDays(E, 1), t.config);
    const after = await run();
    expect(after).toMatchObject({
      documents: 0,
      documentViews: 1,
      consents: 2,
      taxPdfs: 1,
      taxBuyers: 1,
      whtCertificates: nextGoes ? 1 : 0,
    });
    expect(await rowsOf(closed.user.id)).toEqual({ consents: 0, views: 0 });
    const [keptDoc, anonymised] = await taxDocs(closed.user.id);
    expect(anonymised!.buyer).toEqual({ name: 'บัญชีที่ปิดแล้ว', tax_id: null, address: null, branch: null });
    expect(anonymised!.pdfs).toBe(0);
    expect(keptDoc!.buyer.name).toEqual(expect.stringContaining('ผู้ซื้อ'));
    const years = await t.database.pool.query('select year from wht_certificates where member_id = $1', [
      closed.member.id,
    ]);
    expect(years.rows).toEqual(nextGoes ? [] : [{ year: lastYear + 1 }]);
    expect(await rowsOf(recent.user.id)).toEqual({ consents: 2, views: 1 });
    expect(await rowsOf(open.user.id)).toEqual({ consents: 2, views: 1 });
    expect((await taxDocs(open.user.id)).map((d) => d.pdfs)).toEqual([0, 1]);
    // The ledger stays: the documents, their numbers and amounts.
    expect(
      await count(
        t,
        'select count(*) n from tax_documents d join shop_orders s on s.order_id = d.order_id where s.buyer_user_id = $1',
        [closed.user.id],
      ),
    ).toBe(2);

    // Again the same day: nothing more to do.
    expect(await run()).toMatchObject({
      documents: 0,
      documentViews: 0,
      consents: 0,
      taxPdfs: 0,
      taxBuyers: 0,
      whtCertificates: 0,
      closureRecipients: 0,
    });
  }, 120_000);
});
