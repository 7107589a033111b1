import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { User } from '@portal/contracts/identity';
import type { KycOverview } from '@portal/contracts/kyc';
import type { BankAccount, MemberDocument } from '@portal/contracts/profile';
import type { KycCase, KycQueueItem } from '@portal/contracts/staff';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, makeStaff } from '../../helpers/expect';
import { login } from '../../helpers/fixtures';
import { bankBody, completeKyc, memberWithToken, pdf, upload } from '../../helpers/profile';

let t: TestApp;
let staff: Awaited<ReturnType<typeof memberWithToken>>;
let m: Awaited<ReturnType<typeof memberWithToken>>;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  // The user type travels in the access token: sign in again as staff.
  staff.token = (await login(t.app, staff.user.email)).access_token;
  m = await memberWithToken(t);
  memberId = m.member.id;
});
afterAll(() => t.close());

const staffCall = (method: 'GET' | 'POST', path: string, body?: unknown, token = staff.token) =>
  call(t.app, method, `/staff/v1${path}`, { token, ...(method === 'POST' ? { body: body ?? {} } : {}) });
const start = (id = memberId) => staffCall('POST', `/kyc/${id}/start`);
const approve = (target: string, id = memberId) => staffCall('POST', `/kyc/${id}/approve`, { target });
const reject = (target: string, reason?: string, id = memberId) =>
  staffCall('POST', `/kyc/${id}/reject`, { target, reason });
const memberKyc = () =>
  call(t.app, 'GET', '/member/v1/me/kyc', { token: m.token }).then((r) => expectData<KycOverview>(r));
const flags = async () =>
  (
    await t.database.pool.query(
      'select is_verifies_identity as identity, is_verifies_bank as bank from users where id = $1',
      [m.user.id],
    )
  ).rows[0];
const audit = async () =>
  (
    await t.database.pool.query(
      'select action, target, reason, actor_user_id, from_status, to_status from kyc_audit where member_id = $1 order by id',
      [memberId],
    )
  ).rows;

describe('only staff reach the staff API', () => {
  it('when a member calls any staff route then the answer is 403 and nothing changes', async () => {
    const before = await count(t, 'select count(*) as n from kyc_audit');
    for (const [method, path, body] of [
      ['GET', '/kyc', undefined],
      ['GET', `/kyc/${memberId}`, undefined],
      ['POST', `/kyc/${memberId}/start`, {}],
      ['POST', `/kyc/${memberId}/approve`, { target: 'identity' }],
      ['POST', `/kyc/${memberId}/reject`, { target: 'bank', reason: 'Not readable' }],
      ['GET', '/documents/1/file', undefined],
    ] as const) {
      expectError(await staffCall(method, path, body, m.token), 403, 'FORBIDDEN');
    }
    expectError(await staffCall('GET', '/kyc', undefined, await appToken(t.app)), 403, 'FORBIDDEN');
    expectError(await call(t.app, 'GET', '/staff/v1/kyc'), 401, 'UNAUTHENTICATED');
    expect(await count(t, 'select count(*) as n from kyc_audit')).toBe(before);
  });
});

describe('the KYC state machine, driven by the member and staff', () => {
  it('when staff start, approve or reject a KYC that was not submitted then each answer is 409', async () => {
    expectError(await start(), 409, 'CONFLICT');
    expectError(await approve('identity'), 409, 'CONFLICT');
    expectError(await reject('bank', 'unreadable'), 409, 'CONFLICT');
    expectError(await staffCall('POST', '/kyc/99999999/start'), 404, 'NOT_FOUND');
  });

  it('when the member completes and submits then the queue lists them, with the detail side by side', async () => {
    await completeKyc(t, m);
    expectData(await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: m.token, body: {} }));
    const queue = expectData<Page<KycQueueItem>>(await staffCall('GET', '/kyc'));
    expect(queue.items.map((i) => i.member_id)).toContain(memberId);
    expect(queue.items.find((i) => i.member_id === memberId)).toMatchObject({
      status: 'waiting_for_review',
      identity_status: 'waiting_for_review',
      name_mismatch: false,
      reviewer: null,
    });
    const byCode = expectData<Page<KycQueueItem>>(
      await staffCall('GET', `/kyc?status=all&q=${encodeURIComponent(m.member.memberCode.toLowerCase())}`),
    );
    expect(byCode.items.map((i) => i.member_id)).toEqual([memberId]);
    expect(
      expectData<Page<KycQueueItem>>(await staffCall('GET', '/kyc?status=success')).items.map(
        (i) => i.member_id,
      ),
    ).not.toContain(memberId);
    expectError(await staffCall('GET', '/kyc?status=approved'), 422, 'VALIDATION_ERROR');

    const detail = expectData<KycCase>(await staffCall('GET', `/kyc/${memberId}`));
    expect(detail.member).toMatchObject({
      member_id: memberId,
      user_id: m.user.id,
      identity_type: 'id_card',
      birthday: '1990-05-01',
    });
    expect(detail.kyc.status).toBe('waiting_for_review');
    expect(detail.documents).toHaveLength(2);
    for (const d of detail.documents) expect(d.file.url).toBe(`/staff/v1/documents/${d.id}/file`);
    expect(detail.banks[0]!.name_matches).toBe(true);
    expect(detail.addresses.map((a) => a.type)).toEqual(['home']);
    expect(detail.history.map((h) => h.action)).toEqual(['submit']);
    const file = await call(t.app, 'GET', detail.documents[0]!.file.url, { token: staff.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('when staff decide before starting the review then the answer is 409', async () => {
    expectError(await approve('identity'), 409, 'CONFLICT');
  });

  it('when staff start then the KYC and its items are in progress with the reviewer named, and starting again is 409', async () => {
    const detail = expectData<KycCase>(await start());
    expect(detail.kyc).toMatchObject({
      status: 'in_progress_review',
      identity: { status: 'in_progress_review' },
      bank: { status: 'in_progress_review' },
    });
    expect(detail.reviewer).toEqual({
      user_id: staff.user.id,
      name: `${staff.user.firstName} ${staff.user.lastName}`,
    });
    expect(detail.documents.every((d) => d.status === 'in_progress_review')).toBe(true);
    expect(detail.banks[0]!.status).toBe('in_progress_review');
    expectError(await start(), 409, 'CONFLICT');
    expectError(
      await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: m.token, body: {} }),
      409,
      'CONFLICT',
    );
  });

  it('when a rejection has no reason then the answer is 422 and nothing changes', async () => {
    expectError(await reject('bank'), 422, 'VALIDATION_ERROR');
    expectError(await reject('bank', '  '), 422, 'VALIDATION_ERROR');
    expectError(
      await staffCall('POST', `/kyc/${memberId}/approve`, { target: 'everything' }),
      422,
      'VALIDATION_ERROR',
    );
    expect((await memberKyc()).status).toBe('in_progress_review');
  });

  it('when staff approve identity then is_verifies_identity is set, the ID card is approved, and the KYC stays in review for the bank', async () => {
    const detail = expectData<KycCase>(await approve('identity'));
    expect(await flags()).toEqual({ identity: true, bank: false });
    expect(detail.kyc).toMatchObject({
      status: 'in_progress_review',
      identity: { status: 'success', verified: true },
      bank: { status: 'in_progress_review' },
    });
    expect(detail.documents.find((d) => d.type === 'government_id')?.status).toBe('success');
    expect(detail.documents.find((d) => d.type === 'books_bank')?.status).toBe('in_progress_review');
    expectError(await approve('identity'), 409, 'CONFLICT');
  });

  it('when staff reject the bank with a reason then the KYC fails and the member sees the reason in both languages', async () => {
    const reason = 'The bank book photo is blurred';
    const detail = expectData<KycCase>(await reject('bank', reason));
    expect(detail.kyc).toMatchObject({ status: 'fail', bank: { status: 'fail', reason, verified: false } });
    expect(detail.kyc.decided_at).not.toBeNull();
    expect(detail.banks[0]).toMatchObject({ status: 'fail', reason });
    expect(detail.documents.find((d) => d.type === 'books_bank')).toMatchObject({ status: 'fail', reason });
    expect(await flags()).toEqual({ identity: true, bank: false });
    const mine = await memberKyc();
    // A reason written in full is not one of the list: the portal shows it as written.
    expect(mine).toMatchObject({
      status: 'fail',
      can_submit: false,
      bank: { reason, reason_key: null, reason_note: null },
    });
    expect(mine.missing).toEqual(['bank_account', 'bank_document']);
    const notes = (
      await t.database.pool.query(
        'select kind, title, title_th, body, body_th from notifications where user_id = $1 order by id',
        [m.user.id],
      )
    ).rows;
    expect(notes.map((n) => n.kind)).toEqual(['kyc_submitted', 'kyc_identity_approved', 'kyc_bank_rejected']);
    expect(notes[2]).toMatchObject({
      title: 'Your bank account verification was not approved',
      title_th: 'การยืนยันบัญชีธนาคารไม่ผ่าน',
    });
    expect(notes[2].body).toContain(reason);
    expect(notes[2].body_th).toContain(reason);
    expect(notes[2].body_th).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('when the member touches an approved document then the answer is 409, while a rejected one can be replaced', async () => {
    const docs = expectData<Page<MemberDocument>>(
      await call(t.app, 'GET', '/member/v1/me/documents', { token: m.token }),
    ).items;
    const approved = docs.find((d) => d.status === 'success')!;
    const rejected = docs.find((d) => d.status === 'fail')!;
    expectError(
      await call(t.app, 'DELETE', `/member/v1/me/documents/${approved.id}`, { token: m.token }),
      409,
      'CONFLICT',
    );
    expectError(
      await upload(t.app, m.token, { _method: 'PUT', title: 'x' }, undefined, {
        url: `/member/v1/me/documents/${approved.id}`,
      }),
      409,
      'CONFLICT',
    );
    expectError(
      await call(t.app, 'PUT', '/member/v1/me', { token: m.token, body: { last_name: 'Changed' } }),
      409,
      'CONFLICT',
    );
    const replaced = expectData<MemberDocument>(
      await upload(
        t.app,
        m.token,
        { _method: 'PUT' },
        { name: 'sharp-book.pdf', data: pdf() },
        { url: `/member/v1/me/documents/${rejected.id}` },
      ),
    );
    expect(replaced).toMatchObject({ status: 'draft', reason: null });
    const [bank] = expectData<Page<BankAccount>>(
      await call(t.app, 'GET', '/member/v1/me/banks', { token: m.token }),
    ).items;
    const fixed = expectData<BankAccount>(
      await call(t.app, 'PUT', `/member/v1/me/banks/${bank!.id}`, {
        token: m.token,
        body: bankBody(`${m.user.firstName} ${m.user.lastName}`, { account_no: '2223334445' }),
      }),
    );
    expect(fixed).toMatchObject({ status: 'draft', reason: null });
    expect(await memberKyc()).toMatchObject({ status: 'fail', can_submit: true, missing: [] });
  });

  it('when the member submits again then only the bank goes for review', async () => {
    const view = expectData<KycOverview>(
      await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: m.token, body: {} }),
    );
    expect(view).toMatchObject({
      status: 'waiting_for_review',
      identity: { status: 'success' },
      bank: { status: 'waiting_for_review', reason: null },
    });
    expectData(await start());
    expectError(await approve('identity'), 409, 'CONFLICT');
  });

  it('when staff approve the bank then the KYC succeeds, both flags are set and the member is told', async () => {
    const detail = expectData<KycCase>(await approve('bank'));
    expect(detail.kyc).toMatchObject({
      status: 'success',
      can_submit: false,
      deadline: null,
      identity: { verified: true },
      bank: { verified: true },
    });
    expect(await flags()).toEqual({ identity: true, bank: true });
    const me = expectData<User>(await call(t.app, 'GET', '/member/v1/me', { token: m.token }));
    expect(me).toMatchObject({ is_verifies_identity: true, is_verifies_bank: true });
    expect(
      await count(t, `select count(*) as n from notifications where user_id = $1 and kind = 'kyc_complete'`, [
        m.user.id,
      ]),
    ).toBe(1);
    expectError(
      await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: m.token, body: {} }),
      409,
      'CONFLICT',
    );
    expectError(await start(), 409, 'CONFLICT');
  });

  it('when the whole story is read back then the audit trail names who did what, when, with the reason', async () => {
    expect(await audit()).toEqual([
      {
        action: 'submit',
        target: null,
        reason: null,
        actor_user_id: m.user.id,
        from_status: 'draft',
        to_status: 'waiting_for_review',
      },
      {
        action: 'start',
        target: null,
        reason: null,
        actor_user_id: staff.user.id,
        from_status: 'waiting_for_review',
        to_status: 'in_progress_review',
      },
      {
        action: 'approve',
        target: 'identity',
        reason: null,
        actor_user_id: staff.user.id,
        from_status: 'in_progress_review',
        to_status: 'in_progress_review',
      },
      {
        action: 'reject',
        target: 'bank',
        reason: 'The bank book photo is blurred',
        actor_user_id: staff.user.id,
        from_status: 'in_progress_review',
        to_status: 'fail',
      },
      {
        action: 'submit',
        target: null,
        reason: null,
        actor_user_id: m.user.id,
        from_status: 'fail',
        to_status: 'waiting_for_review',
      },
      {
        action: 'start',
        target: null,
        reason: null,
        actor_user_id: staff.user.id,
        from_status: 'waiting_for_review',
        to_status: 'in_progress_review',
      },
      {
        action: 'approve',
        target: 'bank',
        reason: null,
        actor_user_id: staff.user.id,
        from_status: 'in_progress_review',
        to_status: 'success',
      },
    ]);
    const detail = expectData<KycCase>(await staffCall('GET', `/kyc/${memberId}`));
    expect(detail.history[0]).toMatchObject({
      action: 'approve',
      target: 'bank',
      actor: { user_id: staff.user.id, type: 'staff' },
    });
    expect(detail.history).toHaveLength(7);
  });
});

describe('staff may not review themselves', () => {
  it('when a staff member with a member record starts their own review then the answer is 403', async () => {
    await completeKyc(t, staff);
    expectData(await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: staff.token, body: {} }));
    expectError(await start(staff.member.id), 403, 'FORBIDDEN');
    expect(
      expectData<KycOverview>(await call(t.app, 'GET', '/member/v1/me/kyc', { token: staff.token })).status,
    ).toBe('waiting_for_review');
  });
});

describe('two members reviewed at once', () => {
  it('when staff reject identity and approve bank then the KYC fails with only the bank verified', async () => {
    const other = await memberWithToken(t);
    await completeKyc(t, other);
    expectData(await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: other.token, body: {} }));
    expectData(await start(other.member.id));
    expectData(await reject('identity', 'The ID card has expired', other.member.id));
    const detail = expectData<KycCase>(await approve('bank', other.member.id));
    expect(detail.kyc).toMatchObject({
      status: 'fail',
      identity: { status: 'fail', reason: 'The ID card has expired' },
      bank: { status: 'success', verified: true },
    });
    expect(detail.member).toMatchObject({ is_verifies_identity: false, is_verifies_bank: true });
  });

  it('when staff reject with a reason from the list and a note then the member reads it in Thai and English', async () => {
    const other = await memberWithToken(t);
    await completeKyc(t, other);
    expectData(await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: other.token, body: {} }));
    expectData(await start(other.member.id));
    const path = `/kyc/${other.member.id}/reject`;
    expectError(
      await staffCall('POST', path, { target: 'identity', reason_key: 'lost' }),
      422,
      'VALIDATION_ERROR',
    );
    const detail = expectData<KycCase>(
      await staffCall('POST', path, { target: 'identity', reason_key: 'expired', reason: ' 31/12/2568 ' }),
    );
    const expected = { reason_key: 'expired', reason_note: '31/12/2568' };
    expect(detail.kyc.identity).toMatchObject({
      status: 'fail',
      reason: 'The document has expired — 31/12/2568',
      ...expected,
    });
    expect(detail.documents.find((d) => d.type === 'government_id')).toMatchObject(expected);
    expect(detail.history.find((h) => h.action === 'reject')).toMatchObject(expected);
    const mine = expectData<KycOverview>(
      await call(t.app, 'GET', '/member/v1/me/kyc', { token: other.token }),
    );
    expect(mine.identity).toMatchObject(expected);
    const note = (
      await t.database.pool.query(
        `select body, body_th from notifications where user_id = $1 and kind = 'kyc_identity_rejected'`,
        [other.user.id],
      )
    ).rows[0];
    expect(note.body).toContain('The document has expired — 31/12/2568');
    expect(note.body_th).toContain('เอกสารหมดอายุแล้ว — 31/12/2568');
    expect(note.body_th).not.toMatch(/[A-Za-z]/);
    // A key alone is enough: the note is optional.
    const third = await memberWithToken(t);
    await completeKyc(t, third);
    expectData(await call(t.app, 'POST', '/member/v1/me/kyc/submit', { token: third.token, body: {} }));
    expectData(await start(third.member.id));
    const bare = expectData<KycCase>(
      await staffCall('POST', `/kyc/${third.member.id}/reject`, { target: 'bank', reason_key: 'unreadable' }),
    );
    expect(bare.kyc.bank).toMatchObject({
      reason: 'The photo is blurred or cut off',
      reason_key: 'unreadable',
      reason_note: null,
    });
  });
});
