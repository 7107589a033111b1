import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endOfBangkokDay } from '@portal/plan/dates';
import type { Page } from '@portal/contracts/envelope';
import type { ClosureRequest, StaffClosureRequest } from '@portal/contracts/privacy';
import { closeDay } from '../../../src/compensation/engine';
import { runPayout } from '../../../src/compensation/payout';
import { planFor } from '../../../src/compensation/plan';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, makeStaff } from '../../helpers/expect';
import { login, PASSWORD } from '../../helpers/fixtures';
import { memberTokenOf, paid, treeMember, type TreeMember } from '../../helpers/engine';
import { memberWithToken, pdf, png, upload } from '../../helpers/profile';

/**
 * Closing an account (issue 22, item 5; decision 044): staff approve a member's request and in one
 * transaction the personal data is erased or replaced; the ledger and the member's node stay, so
 * no one else's figures change.
 */
let t: TestApp;
let staffToken: string;
let a: TreeMember; // the upline
let b: TreeMember; // closes their account
let c: TreeMember; // below b
let x: TreeMember; // a's right leg
let bToken: string;
let day: string;
const after = (date: string) => ({
  date: addDays(date, 1),
  at: new Date(endOfBangkokDay(date).getTime() + 1),
});

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_GLOBAL: '100000' });
  const staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  staffToken = (await login(t.app, staff.user.email)).access_token;

  a = await treeMember(t, { firstName: 'อัปไลน์' });
  b = await treeMember(t, { parent: a, side: 'left', referrer: a, firstName: 'ปิดบัญชี' });
  x = await treeMember(t, { parent: a, side: 'right', referrer: a });
  c = await treeMember(t, { parent: b, side: 'left', referrer: b });
  const today = (await businessNow(t.database.db, t.config)).date;
  day = addDays(today, -20);
  await paid(t, a.id, 'PACKAGE', 1500, day, 'SILVER');
  await paid(t, b.id, 'PACKAGE', 3000, day, 'GOLD');
  await paid(t, x.id, 'PACKAGE', 3000, day, 'GOLD');
  await paid(t, c.id, 'PACKAGE', 1500, day, 'SILVER');
  await closeDay(t.database.db, day, { startedBy: 'test', now: after(day) });
  let run = addDays(day, 7);
  while (new Date(`${run}T00:00:00Z`).getUTCDay() !== 2) run = addDays(run, 1);
  await t.database.db.transaction(async (tx) => runPayout(tx, await planFor(tx, run), run));

  // b's own data: a sign-in, an address, an uploaded ID card and avatar; staff looked at the file.
  await t.database.pool.query(
    `update users set password_hash = (select password_hash from users where id = $2),
    birthday = '1990-01-02' where id = $1`,
    [b.userId, staff.user.id],
  );
  const bEmail = (await t.database.pool.query('select email from users where id = $1', [b.userId])).rows[0]
    .email;
  bToken = (await login(t.app, bEmail, PASSWORD)).access_token;
  const place = (
    await t.database.pool.query(
      `select s.id as sub, d.id as dist, d.province_id as prov from subdistricts s join districts d on d.id = s.district_id limit 1`,
    )
  ).rows[0];
  expectData(
    await call(t.app, 'POST', '/member/v1/me/addresses', {
      token: bToken,
      body: {
        type: 'home',
        number: '12/3',
        province_id: place.prov,
        district_id: place.dist,
        subdistrict_id: place.sub,
        telephone: '0812345678',
      },
    }),
    201,
  );
  const up = await upload(
    t.app,
    bToken,
    { type: 'government_id', title: 'ID card' },
    { name: 'id.pdf', data: pdf() },
  );
  expect(up.statusCode).toBe(201);
  const docId = up.json().data.id as number;
  expect(
    (await call(t.app, 'GET', `/staff/v1/documents/${docId}/file`, { token: staffToken })).statusCode,
  ).toBe(200);
  const avatar = await call(t.app, 'PUT', '/member/v1/me', {
    token: bToken,
    body: { avatar_base64: `data:image/png;base64,${(await png(64, 64)).toString('base64')}` },
  });
  expect(avatar.statusCode).toBe(200);
}, 180_000);
afterAll(() => t.close());

/** Everything a's reports and the ledger say about a, as the portal reads them. */
async function uplineFigures() {
  const token = await memberTokenOf(t, a.userId);
  const get = async (url: string) => expectData(await call(t.app, 'GET', `/network/api/v1${url}`, { token }));
  const q = `date_from=${addDays(day, -1)}&date_to=${addDays(day, 30)}`;
  const { rows: lines } = await t.database.pool.query(
    `select type, source, amount::text, state, income_date::text from income_lines where member_id = $1 order by id`,
    [a.id],
  );
  const { rows: closing } = await t.database.pool.query(
    `select closing_date::text, new_left, new_right, carry_out_left, carry_out_right, gross::text, paid::text
     from closing_rows where member_id = $1 order by closing_date`,
    [a.id],
  );
  const { rows: payouts } = await t.database.pool.query(
    `select run_date::text, gross::text, wht::text, net::text from payouts where member_id = $1 order by run_date`,
    [a.id],
  );
  return {
    lines,
    closing,
    payouts,
    income: await get(`/report/income_summary?${q}`),
    cycle: await get(`/report/summary_cycle?${q}`),
    downline: await get('/member_downline/summary'),
  };
}

const ledgerCounts = async (memberId: number) => ({
  orders: await count(t, 'select count(*) n from orders where member_id = $1', [memberId]),
  lines: await count(t, 'select count(*) n from income_lines where member_id = $1', [memberId]),
  payouts: await count(t, 'select count(*) n from payouts where member_id = $1', [memberId]),
  postings: await count(t, 'select count(*) n from volume_postings where member_id = $1', [memberId]),
});

describe('a member asks to close their account', () => {
  let request: ClosureRequest;

  it('when the member asks then the request waits for staff, and a second one is refused', async () => {
    const res = await call(t.app, 'POST', '/member/v1/me/closure-request', {
      token: bToken,
      body: { reason: 'ไม่ได้ใช้งานแล้ว' },
    });
    request = expectData<ClosureRequest>(res, 201);
    expect(request).toMatchObject({ state: 'pending', reason: 'ไม่ได้ใช้งานแล้ว', decided_at: null });
    expectError(
      await call(t.app, 'POST', '/member/v1/me/closure-request', { token: bToken, body: {} }),
      409,
      'CONFLICT',
    );
    expect(
      expectData<ClosureRequest>(
        await call(t.app, 'GET', '/member/v1/me/closure-request', { token: bToken }),
      ),
    ).toEqual(request);
    expectError(
      await call(t.app, 'POST', '/member/v1/me/closure-request', {
        token: bToken,
        body: { reason: 'x'.repeat(501) },
      }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when staff list the waiting requests then they see the member, and a member may not', async () => {
    const page = expectData<Page<StaffClosureRequest>>(
      await call(t.app, 'GET', '/staff/v1/closure-requests', { token: staffToken }),
    );
    expect(page.items).toContainEqual(
      expect.objectContaining({
        id: request.id,
        user_id: b.userId,
        member_code: b.code,
        name: expect.stringContaining('ปิดบัญชี'),
      }),
    );
    expectError(await call(t.app, 'GET', '/staff/v1/closure-requests', { token: bToken }), 403, 'FORBIDDEN');
    expectError(
      await call(t.app, 'POST', `/staff/v1/closure-requests/${request.id}/approve`, {
        token: bToken,
        body: {},
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('when staff approve then personal data is erased in one go, the ledger stays and the upline’s figures are equal', async () => {
    const before = await uplineFigures();
    // The upline has income and closings to compare, and b has a payout with a bank account.
    expect(before.lines.length).toBeGreaterThan(0);
    expect(before.closing.length).toBeGreaterThan(0);
    const ledgerBefore = await ledgerCounts(b.id);
    expect(ledgerBefore.payouts).toBeGreaterThan(0);
    const tax = await count(t, 'select count(*) n from tax_documents');
    const filesBefore = (
      await t.database.pool.query('select storage_key from documents where user_id = $1', [b.userId])
    ).rows.map((r) => r.storage_key as string);
    const avatarUrl = (
      await t.database.pool.query('select avatar_original from users where id = $1', [b.userId])
    ).rows[0].avatar_original as string;
    expect(filesBefore).toHaveLength(1);
    expect(await t.app.ctx.storage.get(filesBefore[0]!)).not.toBeNull();
    // A passkey and a ceremony under way; the contact the closure's notice goes to.
    await t.database.pool.query(
      `insert into passkeys (user_id, credential_id, public_key, device_type, name)
       values ($1, 'cred-closure-b', 'pk', 'multiDevice', 'Phone')`,
      [b.userId],
    );
    await t.database.pool.query(
      `insert into passkey_challenges (user_id, purpose, challenge, expires_at)
       values ($1, 'register', 'challenge', now() + interval '5 minutes')`,
      [b.userId],
    );
    const contact = (await t.database.pool.query('select email, mobile from users where id = $1', [b.userId]))
      .rows[0] as { email: string; mobile: string };

    const res = await call(t.app, 'POST', `/staff/v1/closure-requests/${request.id}/approve`, {
      token: staffToken,
      body: { note: 'ตรวจสอบแล้ว' },
    });
    const decided = expectData<StaffClosureRequest>(res);
    expect(decided).toMatchObject({
      state: 'approved',
      member_code: b.code,
      name: '',
      decision_note: 'ตรวจสอบแล้ว',
    });

    const { rows } = await t.database.pool.query(
      `select first_name, last_name, email, mobile, birthday, identity_type, identity_value, avatar_original,
         is_active, closed_at from users where id = $1`,
      [b.userId],
    );
    expect(rows[0]).toMatchObject({
      first_name: 'บัญชีที่ปิดแล้ว',
      last_name: '',
      email: `closed-${b.userId}@closed.invalid`,
      mobile: `closed-${b.userId}`,
      birthday: null,
      identity_type: null,
      identity_value: null,
      avatar_original: null,
      is_active: false,
    });
    expect(rows[0].closed_at).toBeInstanceOf(Date);
    for (const table of [
      'addresses',
      'bank_accounts',
      'documents',
      'refresh_tokens',
      'known_devices',
      'notifications',
      'passkeys',
      'passkey_challenges',
    ]) {
      expect(await count(t, `select count(*) n from ${table} where user_id = $1`, [b.userId]), table).toBe(0);
    }
    expect(await t.app.ctx.storage.get(filesBefore[0]!)).toBeNull();
    expect(await t.app.ctx.storage.get(`avatars/${avatarUrl.split('/').pop()}`)).toBeNull();
    // The staff's view of the file stays on record, without the file.
    const views = await t.database.pool.query(
      'select document_id, document_type from document_views where owner_user_id = $1',
      [b.userId],
    );
    expect(views.rows).toEqual([{ document_id: null, document_type: 'government_id' }]);
    // The ledger and the tax documents stay; the payouts keep the account's last four digits only.
    expect(await ledgerCounts(b.id)).toEqual(ledgerBefore);
    expect(await count(t, 'select count(*) n from tax_documents')).toBe(tax);
    const payout = await t.database.pool.query(
      'select account_no, account_name from payouts where member_id = $1',
      [b.id],
    );
    for (const p of payout.rows) {
      expect(p.account_no).toMatch(/^x{6}\d{4}$/);
      expect(p.account_name).toBeNull();
    }
    // Its node stays where it was.
    const node = await t.database.pool.query(
      'select placement_parent_id, side, member_code from members where id = $1',
      [b.id],
    );
    expect(node.rows[0]).toEqual({ placement_parent_id: a.id, side: 'left', member_code: b.code });

    expect(await uplineFigures()).toEqual(before);

    // The member was told, on the e-mail and the mobile they had verified, in their language, by
    // messages written with the decision that name no user.
    const { rows: told } = await t.database.pool.query(
      `select channel, recipient, language, user_id, subject, body from message_outbox
        where purpose = 'account-closed' and recipient = any($1) order by channel`,
      [[contact.email, contact.mobile]],
    );
    expect(told).toMatchObject([
      { channel: 'email', recipient: contact.email, language: 'th', user_id: null },
      { channel: 'sms', recipient: contact.mobile, language: 'th', user_id: null },
    ]);
    expect(told[0].subject).toBe('บัญชีสมาชิกของคุณถูกปิดแล้ว');
    expect(told[0].body).toContain(b.code);
    expect(told[0].body).toContain('ปิดบัญชี'); // the name they had, read before it was erased
    expect(told[1].body).toContain(b.code);
    const delivered = await t.outbox();
    expect(delivered.filter((m) => m.purpose === 'account-closed').map((m) => m.to)).toEqual(
      expect.arrayContaining([contact.email, contact.mobile]),
    );
  });

  it('when the closed member tries to sign in or use their token then they cannot', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/me', { token: bToken }), 401, 'UNAUTHENTICATED');
    const res = await call(t.app, 'POST', '/member/v1/login', {
      body: { username: `closed-${b.userId}@closed.invalid`, password: PASSWORD },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('when the request is decided then it cannot be decided again', async () => {
    expectError(
      await call(t.app, 'POST', `/staff/v1/closure-requests/${request.id}/reject`, {
        token: staffToken,
        body: { reason: 'late' },
      }),
      409,
      'CONFLICT',
    );
  });

  it('when a day is closed after the closure then the anonymous node still carries its leg’s volume to the upline', async () => {
    const next = addDays(day, 21);
    await paid(t, c.id, 'REPURCHASE', 700, next);
    let d = addDays(day, 1);
    while (d <= next) {
      await closeDay(t.database.db, d, { startedBy: 'test', now: after(d) });
      d = addDays(d, 1);
    }
    const { rows } = await t.database.pool.query(
      'select new_left from closing_rows where member_id = $1 and closing_date = $2',
      [a.id, next],
    );
    expect(Number(rows[0]?.new_left)).toBe(700);
  }, 120_000);
});

describe('staff refuse a request', () => {
  it('when staff reject with a reason then the member reads it and nothing of theirs changed', async () => {
    const m = await memberWithToken(t);
    const req = expectData<ClosureRequest>(
      await call(t.app, 'POST', '/member/v1/me/closure-request', { token: m.token }),
      201,
    );
    expect(req.reason).toBeNull();
    const user = await t.database.pool.query('select * from users where id = $1', [m.user.id]);
    expectError(
      await call(t.app, 'POST', `/staff/v1/closure-requests/${req.id}/reject`, {
        token: staffToken,
        body: {},
      }),
      422,
      'VALIDATION_ERROR',
    );
    expectData(
      await call(t.app, 'POST', `/staff/v1/closure-requests/${req.id}/reject`, {
        token: staffToken,
        body: { reason: 'มีคำสั่งซื้อที่ยังไม่ได้ชำระ' },
      }),
    );
    expect(
      expectData<ClosureRequest>(
        await call(t.app, 'GET', '/member/v1/me/closure-request', { token: m.token }),
      ),
    ).toMatchObject({ state: 'rejected', decision_note: 'มีคำสั่งซื้อที่ยังไม่ได้ชำระ' });
    expect((await t.database.pool.query('select * from users where id = $1', [m.user.id])).rows).toEqual(
      user.rows,
    );
    // No closure notice, and the member may ask again.
    expect(
      await count(
        t,
        `select count(*) n from message_outbox where purpose = 'account-closed' and recipient = $1`,
        [m.user.email],
      ),
    ).toBe(0);
    expectData(await call(t.app, 'POST', '/member/v1/me/closure-request', { token: m.token }), 201);
  });

  it('when the member has an order still on its way then approval is refused and nothing changes', async () => {
    const m = await memberWithToken(t);
    const req = expectData<ClosureRequest>(
      await call(t.app, 'POST', '/member/v1/me/closure-request', { token: m.token }),
      201,
    );
    await t.database.pool.query(
      `with o as (insert into orders (order_no, member_id, order_type, status) values ('OPEN-1', $1, 'REPURCHASE', 'paid') returning id)
       insert into shop_orders (order_id, channel, buyer_user_id, idempotency_scope, idempotency_key, request_hash,
         delivery_method, payment_method)
       select id, 'MEMBER', $2::bigint, 'user:' || $2::text, 'k1', 'h', 'pickup', 'demo' from o`,
      [m.member.id, m.user.id],
    );
    const status = expectError(
      await call(t.app, 'POST', `/staff/v1/closure-requests/${req.id}/approve`, {
        token: staffToken,
        body: {},
      }),
      409,
      'CONFLICT',
    );
    expect(status.message).toMatch(/orders on their way/);
    expect(
      expectData<ClosureRequest>(
        await call(t.app, 'GET', '/member/v1/me/closure-request', { token: m.token }),
      ).state,
    ).toBe('pending');
    expect(expectData(await call(t.app, 'GET', '/member/v1/me', { token: m.token }))).toMatchObject({
      email: m.user.email,
    });
    // The refused approval wrote no notice: it went with the rolled-back transaction.
    expect(
      await count(
        t,
        `select count(*) n from message_outbox where purpose = 'account-closed' and recipient = $1`,
        [m.user.email],
      ),
    ).toBe(0);
  });
});
