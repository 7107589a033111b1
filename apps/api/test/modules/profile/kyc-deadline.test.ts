import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSuspended, type User } from '@portal/contracts/identity';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, makeStaff } from '../../helpers/expect';
import { login } from '../../helpers/fixtures';
import { completeKyc, memberWithToken } from '../../helpers/profile';
import { advanceKycDeadlines } from '../../../src/modules/profile/kyc/deadline';
import { deadlinePeriod } from '../../../src/modules/profile/kyc/calendar';
import { MIGRATIONS_DIR } from '../../../src/db/migrate';

const SETTINGS = { prePendingDays: 30, pendingDays: 15 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
});
afterAll(() => t.close());

const run = (iso: string, settings = SETTINGS) => advanceKycDeadlines(t.database.db, new Date(iso), settings);
/** Registered at noon Bangkok time on 1 Jan 2026: pre-pending to 31 Jan, pending to 15 Feb, suspended from 15 Feb. */
const REGISTERED = '2026-01-01T05:00:00Z';

async function memberRegisteredAt(iso: string) {
  const m = await memberWithToken(t);
  await t.database.pool.query('update members set created_at = $1 where id = $2', [iso, m.member.id]);
  return m;
}
const entries = async (memberId: number) =>
  (
    await t.database.pool.query(
      'select id, period, status, days_left, suspended_at, message, message_th from suspension_entries where member_id = $1 order by created_at desc, id desc',
      [memberId],
    )
  ).rows;
const notices = async (userId: number) =>
  (
    await t.database.pool.query(
      'select kind, title, title_th, body, body_th from notifications where user_id = $1 order by id',
      [userId],
    )
  ).rows;
/** Everything the job writes, to compare two runs. */
const everything = async () => ({
  entries: (await t.database.pool.query('select * from suspension_entries order by id')).rows,
  notifications: (await t.database.pool.query('select * from notifications order by id')).rows,
});
async function twiceTheSame(iso: string) {
  const first = await everything();
  const again = await run(iso);
  expect(again.created).toEqual({ pre_pending: 0, pending: 0, suspended: 0, cancelled: 0 });
  expect(again.updated).toBe(0);
  expect(await everything()).toEqual(first);
}

describe('the deadline calendar', () => {
  it('when days are counted then Bangkok midnight, not UTC midnight, starts a day', () => {
    expect(deadlinePeriod('2026-01-01', '2026-01-01', 30, 15)).toMatchObject({
      period: 'pre_pending',
      daysLeft: 30,
      endsOn: '2026-01-31',
    });
    expect(deadlinePeriod('2026-01-01', '2026-01-30', 30, 15)).toMatchObject({
      period: 'pre_pending',
      daysLeft: 1,
    });
    expect(deadlinePeriod('2026-01-01', '2026-01-31', 30, 15)).toMatchObject({
      period: 'pending',
      daysLeft: 15,
      endsOn: '2026-02-15',
    });
    const suspended = deadlinePeriod('2026-01-01', '2026-02-15', 30, 15);
    expect(suspended).toMatchObject({ period: 'suspended', lastDay: '2026-02-14' });
    expect(suspended.period === 'suspended' && suspended.suspendedAt.toISOString()).toBe(
      '2026-02-14T17:00:00.000Z',
    );
  });
});

describe('a member who does not complete KYC', () => {
  let m: Awaited<ReturnType<typeof memberWithToken>>;
  beforeAll(async () => {
    m = await memberRegisteredAt(REGISTERED);
  });

  it('when the job runs on the day of registration then a pre-pending warning with 30 days left is written, without a notification', async () => {
    await run('2026-01-01T10:00:00Z');
    expect(await entries(m.member.id)).toMatchObject([
      {
        period: 'pre_pending',
        status: 'warning',
        days_left: 30,
        suspended_at: null,
        message: 'Please complete identity and bank verification (KYC) within 30 days.',
        message_th: 'กรุณายืนยันตัวตนและบัญชีธนาคาร (KYC) ภายใน 30 วัน',
      },
    ]);
    expect(await notices(m.user.id)).toEqual([]);
    await twiceTheSame('2026-01-01T10:00:00Z');
  });

  it('when the job runs ten days later then the same entry counts 20 days left', async () => {
    const [before] = await entries(m.member.id);
    const result = await run('2026-01-11T10:00:00Z');
    expect(result.updated).toBeGreaterThanOrEqual(1);
    const after = await entries(m.member.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.id,
      days_left: 20,
      message: 'Please complete identity and bank verification (KYC) within 20 days.',
    });
    await twiceTheSame('2026-01-11T10:00:00Z');
  });

  it('when pre-pending ends then a pending entry with 15 days left and the date is added, and the member is notified', async () => {
    await run('2026-01-31T10:00:00Z');
    const [newest, older] = await entries(m.member.id);
    expect(newest).toMatchObject({
      period: 'pending',
      status: 'warning',
      days_left: 15,
      message:
        'Please complete identity and bank verification (KYC) before 15 Feb 2026 (15 days left), or your account will be suspended.',
      message_th: 'กรุณายืนยันตัวตนและบัญชีธนาคาร (KYC) ก่อนวันที่ 15 ก.พ. 2569 (เหลืออีก 15 วัน) มิฉะนั้นบัญชีของคุณจะถูกระงับ',
    });
    expect(older).toMatchObject({ period: 'pre_pending' });
    expect(await notices(m.user.id)).toEqual([
      {
        kind: 'kyc_deadline_pending',
        title: 'Complete your KYC soon',
        title_th: 'กรุณายืนยัน KYC โดยเร็ว',
        body: newest.message,
        body_th: newest.message_th,
      },
    ]);
    await twiceTheSame('2026-01-31T10:00:00Z');
  });

  it('when it is a minute before Bangkok midnight on the last day then the member is still pending with 1 day left', async () => {
    await run('2026-02-14T16:59:00Z');
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'pending', days_left: 1 });
  });

  it('when the last day is over then the member is suspended from Bangkok midnight, told so, and /me shows it', async () => {
    await run('2026-02-14T17:00:00Z');
    const [newest] = await entries(m.member.id);
    expect(newest).toMatchObject({
      period: 'suspended',
      status: 'active',
      days_left: null,
      message:
        'Your account is suspended because identity and bank verification (KYC) was not completed by 14 Feb 2026. Complete KYC to restore it.',
      message_th:
        'บัญชีของคุณถูกระงับ เนื่องจากไม่ได้ยืนยันตัวตนและบัญชีธนาคาร (KYC) ภายในวันที่ 14 ก.พ. 2569 กรุณายืนยัน KYC เพื่อเปิดใช้งานอีกครั้ง',
    });
    expect(new Date(newest.suspended_at).toISOString()).toBe('2026-02-14T17:00:00.000Z');
    expect((await notices(m.user.id)).map((n) => n.kind)).toEqual([
      'kyc_deadline_pending',
      'kyc_deadline_suspended',
    ]);
    const me = expectData<User>(await call(t.app, 'GET', '/member/v1/me', { token: m.token }));
    expect(isSuspended(me.member?.suspension)).toBe(true);
    await twiceTheSame('2026-02-14T17:00:00Z');
    await twiceTheSame('2026-03-01T00:00:00Z');
  });

  it('when the job runs with an earlier date then nothing moves backwards', async () => {
    await twiceTheSame('2026-01-05T00:00:00Z');
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'suspended' });
  });

  it('when the suspended member completes KYC and staff approve then a cancelled entry lifts the suspension at once', async () => {
    const staff = await memberWithToken(t);
    await makeStaff(t, staff.user.id);
    const staffToken = (await login(t.app, staff.user.email)).access_token;
    await completeKyc(t, m);
    expectData(await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: m.token, body: {} }));
    for (const [action, body] of [
      ['start', {}],
      ['approve', { target: 'identity' }],
      ['approve', { target: 'bank' }],
    ] as const) {
      expectData(
        await call(t.app, 'POST', `/staff/v1/kyc/${m.member.id}/${action}`, { token: staffToken, body }),
      );
    }
    const [newest] = await entries(m.member.id);
    expect(newest).toMatchObject({ period: 'cancelled', status: 'cancelled' });
    // The member's standing changed: the limited token ends (decision 011) and a new one reaches everything.
    expectError(await call(t.app, 'GET', '/member/v1/me', { token: m.token }), 401, 'UNAUTHENTICATED');
    const token = (await login(t.app, m.user.email)).access_token;
    const me = expectData<User>(await call(t.app, 'GET', '/member/v1/me', { token }));
    expect(isSuspended(me.member?.suspension)).toBe(false);
    expectData(await call(t.app, 'GET', '/network/api/v1/member_downline/summary', { token }));
    expect((await notices(m.user.id)).map((n) => n.kind)).toContain('kyc_complete');
    // The approval already cancelled it: the job (even at a later date) adds nothing.
    await twiceTheSame('2026-03-01T00:00:00Z');
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'cancelled' });
  });
});

describe('who the job writes for', () => {
  it('when a warned member becomes verified by other means then the job cancels the deadline and tells them', async () => {
    const m = await memberRegisteredAt(REGISTERED);
    await run('2026-01-02T00:00:00Z');
    await t.database.pool.query(
      'update users set is_verifies_identity = true, is_verifies_bank = true where id = $1',
      [m.user.id],
    );
    const result = await run('2026-01-03T00:00:00Z');
    expect(result.created.cancelled).toBeGreaterThanOrEqual(1);
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'cancelled', status: 'cancelled' });
    expect((await notices(m.user.id)).map((n) => n.kind)).toEqual(['kyc_deadline_cancelled']);
    await twiceTheSame('2026-01-03T00:00:00Z');
  });

  it('when members are verified, inactive, deleted or staff then they get no entries', async () => {
    const verified = await memberRegisteredAt(REGISTERED);
    const inactive = await memberRegisteredAt(REGISTERED);
    const deleted = await memberRegisteredAt(REGISTERED);
    const staff = await memberRegisteredAt(REGISTERED);
    await t.database.pool.query(
      'update users set is_verifies_identity = true, is_verifies_bank = true where id = $1',
      [verified.user.id],
    );
    await t.database.pool.query('update users set is_active = false where id = $1', [inactive.user.id]);
    await t.database.pool.query('update users set deleted_at = now() where id = $1', [deleted.user.id]);
    await makeStaff(t, staff.user.id);
    await run('2026-03-01T00:00:00Z');
    for (const who of [verified, inactive, deleted, staff]) expect(await entries(who.member.id)).toEqual([]);
  });

  it('when the clock was restarted (deadline_from) then it counts from there, with the configured periods', async () => {
    const m = await memberRegisteredAt(REGISTERED);
    await t.database.pool.query(
      `insert into member_kyc (member_id, deadline_from) values ($1, '2026-03-01T00:00:00Z')`,
      [m.member.id],
    );
    await run('2026-03-02T00:00:00Z', { prePendingDays: 3, pendingDays: 2 });
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'pre_pending', days_left: 2 });
    await run('2026-03-04T00:00:00Z', { prePendingDays: 3, pendingDays: 2 });
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'pending', days_left: 2 });
    await run('2026-03-06T00:00:00Z', { prePendingDays: 3, pendingDays: 2 });
    expect((await entries(m.member.id))[0]).toMatchObject({ period: 'suspended', status: 'active' });
  });

  it('when the rule arrives on members registered long ago (migration 0005) then their clock starts then, not at registration', async () => {
    const old = await memberRegisteredAt('2025-01-01T00:00:00Z');
    const verified = await memberRegisteredAt('2025-01-01T00:00:00Z');
    await t.database.pool.query(
      'update users set is_verifies_identity = true, is_verifies_bank = true where id = $1',
      [verified.user.id],
    );
    const migration = fs.readFileSync(
      path.join(MIGRATIONS_DIR, '0005_kyc_clock_for_existing_members.sql'),
      'utf8',
    );
    await t.database.pool.query(migration);
    const rows = (
      await t.database.pool.query(
        'select member_id, status, deadline_from from member_kyc where member_id in ($1, $2) order by member_id',
        [old.member.id, verified.member.id],
      )
    ).rows;
    expect(rows.map((r) => r.status)).toEqual(['draft', 'success']);
    expect(Date.now() - new Date(rows[0].deadline_from).getTime()).toBeLessThan(60_000);
    await advanceKycDeadlines(t.database.db, new Date(), SETTINGS);
    expect((await entries(old.member.id))[0]).toMatchObject({ period: 'pre_pending', days_left: 30 });
    expect(await entries(verified.member.id)).toEqual([]);
  });

  it('when two runs overlap then the advisory lock serialises them and the rows are as after one', async () => {
    const m = await memberRegisteredAt('2026-04-01T05:00:00Z');
    await Promise.all([run('2026-05-20T00:00:00Z'), run('2026-05-20T00:00:00Z')]);
    const rows = await entries(m.member.id);
    expect(rows.map((r) => r.period)).toEqual(['suspended']);
  });
});
