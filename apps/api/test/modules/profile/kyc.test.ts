import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycOverview } from '@portal/contracts/kyc';
import type { BankAccount, MemberDocument } from '@portal/contracts/profile';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, makeStaff, row } from '../../helpers/expect';
import {
  bankBody,
  homeAddress,
  memberWithToken,
  pdf,
  png,
  storedFiles,
  thaiId,
  thaiPlace,
  upload,
} from '../../helpers/profile';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
});
afterAll(() => t.close());

const kyc = (token: string) => call(t.app, 'GET', '/member/v1/me/kyc', { token });
const submit = (token: string, body?: unknown) =>
  call(t.app, 'POST', '/member/v1/me/kyc/submit', { token, body: body ?? {} });
const storedStatus = async (userId: number) =>
  (
    await row<{ status: string }>(
      t,
      'select k.status from member_kyc k join members m on m.id = k.member_id where m.user_id = $1',
      [userId],
    )
  )?.status;

describe('the member KYC status follows what the member has given', () => {
  let m: Awaited<ReturnType<typeof memberWithToken>>;
  beforeAll(async () => {
    m = await memberWithToken(t);
  });

  it('when nothing is given yet then the status is draft with all six items missing and a deadline 45 days out', async () => {
    const view = expectData<KycOverview>(await kyc(m.token));
    expect(view).toMatchObject({
      status: 'draft',
      can_submit: false,
      identity: { status: 'draft', verified: false, reason: null },
      bank: { status: 'draft', verified: false, reason: null },
      missing: [
        'birthday',
        'identity_number',
        'home_address',
        'identity_document',
        'bank_account',
        'bank_document',
      ],
      submitted_at: null,
    });
    expect(view.checklist.map((i) => [i.key, i.section, i.done])).toEqual([
      ['birthday', 'information', false],
      ['identity_number', 'information', false],
      ['home_address', 'addresses', false],
      ['identity_document', 'documents', false],
      ['bank_account', 'banks', false],
      ['bank_document', 'documents', false],
    ]);
    const registered = new Date(m.member.createdAt.getTime() + 7 * 3_600_000);
    const last = new Date(
      Date.UTC(registered.getUTCFullYear(), registered.getUTCMonth(), registered.getUTCDate() + 44),
    );
    expect(view.deadline).toBe(last.toISOString().slice(0, 10));
  });

  it('when an ID card is uploaded then the status is incomplete_documents (the bank book is still missing)', async () => {
    expectData(
      await upload(t.app, m.token, { type: 'government_id' }, { name: 'id.png', data: await png() }),
      201,
    );
    const view = expectData<KycOverview>(await kyc(m.token));
    expect(view.status).toBe('incomplete_documents');
    expect(view.missing).toEqual([
      'birthday',
      'identity_number',
      'home_address',
      'bank_account',
      'bank_document',
    ]);
    expect(await storedStatus(m.user.id)).toBe('incomplete_documents');
  });

  it('when the bank book is uploaded too then the status is incomplete_information', async () => {
    expectData(await upload(t.app, m.token, { type: 'books_bank' }, { name: 'book.pdf', data: pdf() }), 201);
    expect(expectData<KycOverview>(await kyc(m.token)).status).toBe('incomplete_information');
  });

  it('when submitting while information is missing then the answer is 422 listing what is missing, and nothing changes', async () => {
    const auditBefore = await count(t, 'select count(*) as n from kyc_audit');
    const status = expectError(await submit(m.token), 422, 'VALIDATION_ERROR');
    expect(Object.keys(status.errors ?? {})).toEqual([
      'birthday',
      'identity_number',
      'home_address',
      'bank_account',
    ]);
    expect(status.errors?.bank_account).toEqual(['Add a bank account']);
    expect(await storedStatus(m.user.id)).toBe('incomplete_information');
    expect(await count(t, 'select count(*) as n from kyc_audit')).toBe(auditBefore);
  });

  it('when the identity number is not a valid Thai ID then the answer is 422 and nothing is kept', async () => {
    for (const body of [
      { identity_type: 'id_card', identity_value: '1234567890123' },
      { identity_type: 'id_card' },
      { identity_value: thaiId('110170001234') },
      { identity_type: 'passport', identity_value: 'AB' },
    ]) {
      expectError(
        await call(t.app, 'PUT', '/member/v1/me', { token: m.token, body }),
        422,
        'VALIDATION_ERROR',
      );
    }
    expect(
      (
        await row<{ identity_value: string | null }>(t, 'select identity_value from users where id = $1', [
          m.user.id,
        ])
      )?.identity_value,
    ).toBeNull();
  });

  it('when the information is complete then the status is draft with can_submit, and a dashed ID is kept as digits', async () => {
    const id = thaiId('310170001234');
    const dashed = `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`;
    const user = expectData(
      await call(t.app, 'PUT', '/member/v1/me', {
        token: m.token,
        body: { birthday: '1990-01-31', identity_type: 'id_card', identity_value: dashed },
      }),
    );
    expect(user).toMatchObject({ identity_type: 'id_card', identity_value: id });
    expectData(
      await call(t.app, 'POST', '/member/v1/me/addresses', {
        token: m.token,
        body: homeAddress(await thaiPlace(t)),
      }),
      201,
    );
    expect(expectData<KycOverview>(await kyc(m.token)).status).toBe('incomplete_information');
    expectData(
      await call(t.app, 'POST', '/member/v1/me/banks', {
        token: m.token,
        body: bankBody(`${m.user.firstName} ${m.user.lastName}`),
      }),
      201,
    );
    const view = expectData<KycOverview>(await kyc(m.token));
    expect(view).toMatchObject({ status: 'draft', can_submit: true, missing: [] });
    expect(view.checklist.every((i) => i.done)).toBe(true);
  });

  it('when the body of a submission or profile sets the KYC status or flags then the answer is 422', async () => {
    expectError(await submit(m.token, { status: 'success' }), 422, 'VALIDATION_ERROR');
    expectError(
      await call(t.app, 'PUT', '/member/v1/me', { token: m.token, body: { kyc_status: 'success' } }),
      422,
      'VALIDATION_ERROR',
    );
    expect(await storedStatus(m.user.id)).toBe('draft');
  });

  it('when the member submits then the KYC, the documents and the bank account wait for review, with an audit row and a notification', async () => {
    const view = expectData<KycOverview>(await submit(m.token));
    expect(view).toMatchObject({
      status: 'waiting_for_review',
      can_submit: false,
      identity: { status: 'waiting_for_review' },
      bank: { status: 'waiting_for_review' },
    });
    expect(view.submitted_at).not.toBeNull();
    const docs = await t.database.pool.query(
      'select type, status, review_target from documents where user_id = $1 order by type',
      [m.user.id],
    );
    expect(docs.rows).toEqual([
      { type: 'books_bank', status: 'waiting_for_review', review_target: 'bank' },
      { type: 'government_id', status: 'waiting_for_review', review_target: 'identity' },
    ]);
    expect(
      await count(
        t,
        `select count(*) as n from bank_accounts where user_id = $1 and status = 'waiting_for_review'`,
        [m.user.id],
      ),
    ).toBe(1);
    expect(
      await row(
        t,
        'select a.action, a.actor_user_id, a.from_status, a.to_status from kyc_audit a join members x on x.id = a.member_id where x.user_id = $1',
        [m.user.id],
      ),
    ).toEqual({
      action: 'submit',
      actor_user_id: m.user.id,
      from_status: 'draft',
      to_status: 'waiting_for_review',
    });
    const note = await row<{ title: string; title_th: string }>(
      t,
      `select title, title_th from notifications where user_id = $1 and kind = 'kyc_submitted'`,
      [m.user.id],
    );
    expect(note).toEqual({ title: 'KYC submitted for review', title_th: 'ส่งข้อมูล KYC เพื่อตรวจสอบแล้ว' });
  });

  it('when the member submits again while it waits then the answer is 409', async () => {
    expectError(await submit(m.token), 409, 'CONFLICT');
  });

  it('when the member changes what is under review then each change is 409 and leaves no row or file behind', async () => {
    const docs = await t.database.pool.query('select * from documents where user_id = $1 order by id', [
      m.user.id,
    ]);
    const files = storedFiles(t);
    const [doc] = expectData<{ items: MemberDocument[] }>(
      await call(t.app, 'GET', '/member/v1/me/documents', { token: m.token }),
    ).items;
    const [bank] = expectData<{ items: BankAccount[] }>(
      await call(t.app, 'GET', '/member/v1/me/banks', { token: m.token }),
    ).items;
    const [home] = expectData<{ items: { id: number }[] }>(
      await call(t.app, 'GET', '/member/v1/me/addresses?type=home', { token: m.token }),
    ).items;
    const tries = [
      await upload(t.app, m.token, { type: 'other' }, { name: 'more.png', data: await png() }),
      await upload(t.app, m.token, { _method: 'PUT', title: 'x' }, undefined, {
        url: `/member/v1/me/documents/${doc!.id}`,
      }),
      await call(t.app, 'DELETE', `/member/v1/me/documents/${doc!.id}`, { token: m.token }),
      await call(t.app, 'POST', '/member/v1/me/banks', { token: m.token, body: bankBody('Someone') }),
      await call(t.app, 'PUT', `/member/v1/me/banks/${bank!.id}`, {
        token: m.token,
        body: { account_no: '5555555555' },
      }),
      await call(t.app, 'DELETE', `/member/v1/me/banks/${bank!.id}`, { token: m.token }),
      await call(t.app, 'PUT', `/member/v1/me/addresses/${home!.id}`, {
        token: m.token,
        body: { number: '1' },
      }),
      await call(t.app, 'PUT', '/member/v1/me', { token: m.token, body: { first_name: 'Other' } }),
    ];
    for (const res of tries) expect(expectError(res, 409, 'CONFLICT').message).toMatch(/under review/);
    expect(
      (await t.database.pool.query('select * from documents where user_id = $1 order by id', [m.user.id]))
        .rows,
    ).toEqual(docs.rows);
    expect(storedFiles(t)).toEqual(files);
    // What the review does not look at stays free: language, and shipping addresses.
    expectData(
      await call(t.app, 'PUT', '/member/v1/me', {
        token: m.token,
        body: { language: 'en', first_name: m.user.firstName },
      }),
    );
    expectData(
      await call(t.app, 'POST', '/member/v1/me/addresses', {
        token: m.token,
        body: { ...homeAddress(await thaiPlace(t)), type: 'shipping' },
      }),
      201,
    );
  });

  it('when an account without a member record asks for its KYC then the answer is 404', async () => {
    const staff = await memberWithToken(t);
    await makeStaff(t, staff.user.id);
    await t.database.pool.query('delete from members where user_id = $1', [staff.user.id]);
    expectError(await kyc(staff.token), 404, 'NOT_FOUND');
    expectError(await submit(staff.token), 404, 'NOT_FOUND');
  });
});
