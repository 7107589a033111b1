import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BANKS, BANK_CODES, groupAccountNo } from '@portal/contracts/banks';
import type { Page } from '@portal/contracts/envelope';
import type { BankAccount } from '@portal/contracts/profile';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, row } from '../../helpers/expect';
import { bankBody, memberWithToken } from '../../helpers/profile';

let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let name: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await memberWithToken(t);
  name = `${member.user.firstName} ${member.user.lastName}`;
});
afterAll(() => t.close());

const create = (body: unknown) => call(t.app, 'POST', '/member/v1/me/banks', { token: member.token, body });

describe('the bank list', () => {
  it('when the banks are listed then all 21 come with Bank of Thailand codes, English and Thai names', async () => {
    const banks = expectData<typeof BANKS>(
      await call(t.app, 'GET', '/member/v1/banks', { token: await appToken(t.app) }),
    );
    expect(banks).toHaveLength(21);
    expect(banks.map((b) => b.code).sort()).toEqual([...BANK_CODES].sort());
    expect(banks.find((b) => b.code === 'kbank')).toEqual({
      code: 'kbank',
      bot_code: '004',
      name_en: 'Kasikornbank',
      name_th: 'ธนาคารกสิกรไทย',
      selectable: true,
    });
    expect(
      banks
        .filter((b) => !b.selectable)
        .map((b) => b.code)
        .sort(),
    ).toEqual(['tcap', 'tmb']);
    for (const b of banks) expect(b.bot_code).toMatch(/^\d{3}$/);
  });

  it('when account numbers are grouped then ten digits read like a bank book and longer ones in threes', () => {
    expect(groupAccountNo('1234567890')).toBe('123-4-56789-0');
    expect(groupAccountNo('123456789012')).toBe('123-456-789-012');
    expect(groupAccountNo('12345678901')).toBe('123-456-789-01');
  });
});

describe('the member keeps bank accounts', () => {
  let account: BankAccount;
  it('when a member adds an account with dashes and spaces in its number then it is kept as digits and shown grouped', async () => {
    account = expectData<BankAccount>(await create(bankBody(name, { account_no: ' 123-4 56789-0 ' })), 201);
    expect(account).toMatchObject({
      code: 'kbank',
      account_name: name,
      account_no: '1234567890',
      account_no_display: '123-4-56789-0',
      type: 'savings',
      branch: 'สีลม',
      status: 'draft',
      reason: null,
      name_matches: true,
    });
    expect(account.bank).toMatchObject({ bot_code: '004', name_th: 'ธนาคารกสิกรไทย' });
  });

  it('when the account name has a title, other spacing or case then it still matches; another name does not', async () => {
    const titled = expectData<BankAccount>(
      await create(
        bankBody(`นาย ${member.user.firstName}  ${member.user.lastName.toUpperCase()}`, { code: 'scb' }),
      ),
      201,
    );
    expect(titled.name_matches).toBe(true);
    const other = expectData<BankAccount>(
      await create(bankBody('บริษัท อื่น จำกัด', { code: 'bbl', type: 'current' })),
      201,
    );
    expect(other.name_matches).toBe(false);
  });

  it.each([
    ['too short', '123456789'],
    ['too long', '1234567890123456'],
    ['letters', '12345abcde'],
    ['empty', ''],
  ])('when the account number is %s then the answer is 422 on account_no', async (_what, no) => {
    const status = expectError(await create(bankBody(name, { account_no: no })), 422, 'VALIDATION_ERROR');
    expect(status.errors?.account_no).toEqual(['The account number must be 10 to 15 digits']);
  });

  it('when the bank code or the account type is not in the lists then the answer is 422', async () => {
    expect(
      expectError(await create(bankBody(name, { code: 'citi' })), 422, 'VALIDATION_ERROR').errors?.code,
    ).toBeDefined();
    expect(
      expectError(await create(bankBody(name, { type: 'checking' })), 422, 'VALIDATION_ERROR').errors?.type,
    ).toBeDefined();
  });

  it('when a merged bank (tmb, tcap) is chosen for a new account then the answer is 422, but an old one stays readable', async () => {
    for (const code of ['tmb', 'tcap']) {
      const status = expectError(await create(bankBody(name, { code })), 422, 'VALIDATION_ERROR');
      expect(status.errors?.code).toEqual(['This bank has merged and cannot be chosen for a new account']);
    }
    const { rows } = await t.database.pool.query<{ id: number }>(
      `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type) values ($1, 'tmb', '1112223334', $2, 'savings') returning id`,
      [member.user.id, name],
    );
    const old = expectData<BankAccount>(
      await call(t.app, 'GET', `/member/v1/me/banks/${rows[0]!.id}`, { token: member.token }),
    );
    expect(old.bank).toMatchObject({
      code: 'tmb',
      bot_code: '011',
      name_en: 'TMB Bank (now ttb)',
      selectable: false,
    });
    // Keeping the merged bank while editing the branch is fine; moving another account to it is not.
    expectData(
      await call(t.app, 'PUT', `/member/v1/me/banks/${old.id}`, {
        token: member.token,
        body: { branch: 'New branch' },
      }),
    );
    expectError(
      await call(t.app, 'PUT', `/member/v1/me/banks/${account.id}`, {
        token: member.token,
        body: { code: 'tcap' },
      }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when the body sets fields a member may not set then the answer is 422 and nothing is stored', async () => {
    const before = await count(t, 'select count(*) as n from bank_accounts where user_id = $1', [
      member.user.id,
    ]);
    for (const extra of [
      { status: 'success' },
      { user_id: 1 },
      { is_verifies_bank: true },
      { name_matches: true },
    ]) {
      const status = expectError(await create({ ...bankBody(name), ...extra }), 422, 'VALIDATION_ERROR');
      expect(Object.keys(status.errors ?? {})).toEqual(Object.keys(extra));
    }
    const acc = await row(t, 'select * from bank_accounts where id = $1', [account.id]);
    expectError(
      await call(t.app, 'PUT', `/member/v1/me/banks/${account.id}`, {
        token: member.token,
        body: { status: 'success' },
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(await row(t, 'select * from bank_accounts where id = $1', [account.id])).toEqual(acc);
    expect(
      await count(t, 'select count(*) as n from bank_accounts where user_id = $1', [member.user.id]),
    ).toBe(before);
  });

  it('when the member updates an account then the change is kept and the list shows it', async () => {
    const updated = expectData<BankAccount>(
      await call(t.app, 'PUT', `/member/v1/me/banks/${account.id}`, {
        token: member.token,
        body: { account_no: '9876543210123', type: 'fixed' },
      }),
    );
    expect(updated).toMatchObject({
      account_no: '9876543210123',
      account_no_display: '987-654-321-012-3',
      type: 'fixed',
      branch: 'สีลม',
    });
    const list = expectData<Page<BankAccount>>(
      await call(t.app, 'GET', '/member/v1/me/banks', { token: member.token }),
    );
    expect(list.items.find((b) => b.id === account.id)?.account_no).toBe('9876543210123');
  });

  it('when the member deletes an account then it is gone', async () => {
    expectData(await call(t.app, 'DELETE', `/member/v1/me/banks/${account.id}`, { token: member.token }));
    expectError(
      await call(t.app, 'GET', `/member/v1/me/banks/${account.id}`, { token: member.token }),
      404,
      'NOT_FOUND_DATA',
    );
  });
});
