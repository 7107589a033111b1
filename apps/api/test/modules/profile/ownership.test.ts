import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { Address, BankAccount, MemberDocument } from '@portal/contracts/profile';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import {
  bankBody,
  homeAddress,
  memberWithToken,
  multipart,
  png,
  storedFiles,
  thaiPlace,
  upload,
} from '../../helpers/profile';

/**
 * Every /me resource belongs to its owner alone: member A's token on member B's ids answers 404
 * (never 403, which would confirm the id exists) for every verb, and B's rows and files stay as they were.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof memberWithToken>>;
let b: Awaited<ReturnType<typeof memberWithToken>>;
let doc: MemberDocument;
let bank: BankAccount;
let address: Address;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  a = await memberWithToken(t);
  b = await memberWithToken(t);
  doc = expectData<MemberDocument>(
    await upload(
      t.app,
      b.token,
      { type: 'government_id', title: 'B card' },
      { name: 'b.png', data: await png() },
    ),
    201,
  );
  bank = expectData<BankAccount>(
    await call(t.app, 'POST', '/member/v1/me/banks', { token: b.token, body: bankBody('B Owner') }),
    201,
  );
  address = expectData<Address>(
    await call(t.app, 'POST', '/member/v1/me/addresses', {
      token: b.token,
      body: homeAddress(await thaiPlace(t)),
    }),
    201,
  );
});
afterAll(() => t.close());

/** B's rows in all three tables, and the stored files: what must not change. */
async function snapshot() {
  const q = (sql: string) => t.database.pool.query(sql, [b.user.id]).then((r) => r.rows);
  return {
    documents: await q('select * from documents where user_id = $1 order by id'),
    banks: await q('select * from bank_accounts where user_id = $1 order by id'),
    addresses: await q('select * from addresses where user_id = $1 order by id'),
    kyc: await q('select k.* from member_kyc k join members m on m.id = k.member_id where m.user_id = $1'),
    files: storedFiles(t),
  };
}

describe("member A's token on member B's resources", () => {
  it("when A uses every verb on B's document then each answers 404 and B's document and file are unchanged", async () => {
    const before = await snapshot();
    const { body, headers } = multipart(
      { _method: 'PUT', title: 'hacked' },
      { name: 'x.png', data: await png() },
    );
    const putBody = multipart({ title: 'hacked' });
    const tries = [
      await call(t.app, 'GET', `/member/v1/me/documents/${doc.id}`, { token: a.token }),
      await call(t.app, 'GET', `/member/v1/me/documents/${doc.id}/file`, { token: a.token }),
      await call(t.app, 'POST', `/member/v1/me/documents/${doc.id}`, { token: a.token, body, headers }),
      await call(t.app, 'PUT', `/member/v1/me/documents/${doc.id}`, {
        token: a.token,
        body: putBody.body,
        headers: putBody.headers,
      }),
      await call(t.app, 'DELETE', `/member/v1/me/documents/${doc.id}`, { token: a.token }),
    ];
    for (const res of tries) {
      expectError(res, 404, 'NOT_FOUND_DOCUMENT');
      expect(res.body).not.toContain('B card');
    }
    expect(await snapshot()).toEqual(before);
    const mine = expectData<Page<MemberDocument>>(
      await call(t.app, 'GET', '/member/v1/me/documents', { token: a.token }),
    );
    expect(mine.items).toEqual([]);
  });

  it("when A uses every verb on B's bank account then each answers 404 and B's account is unchanged", async () => {
    const before = await snapshot();
    const tries = [
      await call(t.app, 'GET', `/member/v1/me/banks/${bank.id}`, { token: a.token }),
      await call(t.app, 'PUT', `/member/v1/me/banks/${bank.id}`, {
        token: a.token,
        body: { account_no: '9999999999', account_name: 'Attacker' },
      }),
      await call(t.app, 'DELETE', `/member/v1/me/banks/${bank.id}`, { token: a.token }),
    ];
    for (const res of tries) {
      expectError(res, 404, 'NOT_FOUND_DATA');
      expect(res.body).not.toContain('B Owner');
    }
    expect(await snapshot()).toEqual(before);
    expect(
      expectData<Page<BankAccount>>(await call(t.app, 'GET', '/member/v1/me/banks', { token: a.token }))
        .items,
    ).toEqual([]);
  });

  it("when A uses every verb on B's address then each answers 404 and B's address is unchanged", async () => {
    const before = await snapshot();
    const tries = [
      await call(t.app, 'GET', `/member/v1/me/addresses/${address.id}`, { token: a.token }),
      await call(t.app, 'PUT', `/member/v1/me/addresses/${address.id}`, {
        token: a.token,
        body: { number: '666' },
      }),
      await call(t.app, 'DELETE', `/member/v1/me/addresses/${address.id}`, { token: a.token }),
    ];
    for (const res of tries) expectError(res, 404, 'NOT_FOUND_DATA');
    expect(await snapshot()).toEqual(before);
    expect(
      expectData<Page<Address>>(await call(t.app, 'GET', '/member/v1/me/addresses', { token: a.token }))
        .items,
    ).toEqual([]);
  });

  it("when A reads B's KYC through the staff API then the answer is 403", async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(
      'select id from members where user_id = $1',
      [b.user.id],
    );
    expectError(
      await call(t.app, 'GET', `/staff/v1/kyc/${rows[0]!.id}`, { token: a.token }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, 'GET', `/staff/v1/documents/${doc.id}/file`, { token: a.token }),
      403,
      'FORBIDDEN',
    );
  });

  it('when ids are not numbers or do not exist then the answers are 422 or 404, never a server error', async () => {
    expectError(
      await call(t.app, 'GET', '/member/v1/me/documents/abc', { token: a.token }),
      422,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(t.app, 'GET', '/member/v1/me/banks/99999999999', { token: a.token }),
      404,
      'NOT_FOUND_DATA',
    );
    expectError(
      await call(t.app, 'DELETE', '/member/v1/me/addresses/0', { token: a.token }),
      422,
      'VALIDATION_ERROR',
    );
  });
});
