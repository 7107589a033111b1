import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { User } from '@portal/contracts/identity';
import type { Address, BankAccount, MemberDocument } from '@portal/contracts/profile';
import type { KycCase, KycQueueItem } from '@portal/contracts/staff';
import { MIGRATIONS_DIR } from '../../../src/db/migrate';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, makeStaff, row } from '../../helpers/expect';
import { login, registration } from '../../helpers/fixtures';
import { bankBody, homeAddress, memberWithToken, pdf, thaiPlace, upload } from '../../helpers/profile';

/**
 * Issue #12, finding 6: names of only zero-width characters were accepted, and right-to-left
 * overrides reached the staff KYC pages, where they can make a name read as another.
 */
let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let staff: Awaited<ReturnType<typeof memberWithToken>>;
let place: Awaited<ReturnType<typeof thaiPlace>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await memberWithToken(t);
  staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  staff.token = (await login(t.app, staff.user.email)).access_token;
  place = await thaiPlace(t);
});
afterAll(() => t.close());

const ZWSP = '\u200b';
const RLO = '\u202e';
const PDF_ = '\u202c';

const me = async (token = member.token) =>
  expectData<User>(await call(t.app, 'GET', '/member/v1/me', { token }));

describe('names', () => {
  it('when a name is only zero-width spaces then registration and the profile answer 422 and nothing is stored', async () => {
    const body = registration(member.user.invitationCode, { first_name: ZWSP.repeat(3) });
    const res = await call(t.app, 'POST', '/member/v1/users', { token: await appToken(t.app), body });
    const status = expectError(res, 422, 'VALIDATION_ERROR');
    expect(status.errors?.first_name).toEqual(['This field is required']);
    expect(await count(t, 'select count(*) as n from users where email = $1', [body.email])).toBe(0);

    const before = await me();
    for (const name of [ZWSP.repeat(5), `${ZWSP}\ufeff\u2060\u00ad`, `${RLO}${PDF_}`]) {
      const put = await call(t.app, 'PUT', '/member/v1/me', {
        token: member.token,
        body: { last_name: name },
      });
      expect(Object.keys(expectError(put, 422, 'VALIDATION_ERROR').errors ?? {})).toEqual(['last_name']);
    }
    expect((await me()).last_name).toBe(before.last_name);
  });

  it('when a name has no letter at all then it is refused', async () => {
    const body = registration(member.user.invitationCode, { first_name: '12345', last_name: '...' });
    const status = expectError(
      await call(t.app, 'POST', '/member/v1/users', { token: await appToken(t.app), body }),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors).toEqual({
      first_name: ['The name must contain letters'],
      last_name: ['The name must contain letters'],
    });
  });

  it('when a name carries a right-to-left override then it is stored without it, and the member and staff APIs return the clean name', async () => {
    const res = await call(t.app, 'PUT', '/member/v1/me', {
      token: member.token,
      body: { first_name: `Som${RLO}chai${PDF_}`, last_name: `${ZWSP}ใจ${ZWSP}ดี\u2066` },
    });
    const updated = expectData<User>(res);
    expect([updated.first_name, updated.last_name]).toEqual(['Somchai', 'ใจดี']);
    expect([(await me()).first_name, (await me()).last_name]).toEqual(['Somchai', 'ใจดี']);
    expect(await row(t, 'select first_name, last_name from users where id = $1', [member.user.id])).toEqual({
      first_name: 'Somchai',
      last_name: 'ใจดี',
    });

    const detail = expectData<KycCase>(
      await call(t.app, 'GET', `/staff/v1/kyc/${member.member.id}`, { token: staff.token }),
    );
    expect([detail.member.first_name, detail.member.last_name]).toEqual(['Somchai', 'ใจดี']);
    const queue = expectData<Page<KycQueueItem>>(
      await call(t.app, 'GET', `/staff/v1/kyc?status=all&q=somchai`, { token: staff.token }),
    );
    expect(queue.items.map((i) => [i.member_id, i.first_name])).toEqual([[member.member.id, 'Somchai']]);
  });

  it('when a registration, a staff update or a network sync carries invisible characters then the stored names are clean', async () => {
    const body = registration(member.user.invitationCode, {
      first_name: `${RLO}Mana`,
      last_name: `Jai\u200f${ZWSP}`,
    });
    const created = expectData<User>(
      await call(t.app, 'POST', '/member/v1/users', { token: await appToken(t.app), body }),
      201,
    );
    expect([created.first_name, created.last_name]).toEqual(['Mana', 'Jai']);
    const byStaff = expectData<User>(
      await call(t.app, 'PUT', `/member/v1/users/${created.id}`, {
        token: staff.token,
        body: { first_name: `Pi${ZWSP}ti` },
      }),
    );
    expect(byStaff.first_name).toBe('Piti');
    const sponsorMember = await row<{ id: number }>(t, 'select id from members where user_id = $1', [
      member.user.id,
    ]);
    const synced = await call(t.app, 'PUT', `/network/api/v1/member/${sponsorMember!.id}`, {
      token: staff.token,
      body: { last_name: `Dee${RLO}` },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await row(t, 'select last_name from users where id = $1', [member.user.id])).toEqual({
      last_name: 'Dee',
    });
  });
});

describe('addresses, bank accounts and documents', () => {
  it('when their texts carry invisible characters then they are stored and returned without them', async () => {
    const a = expectData<Address>(
      await call(t.app, 'POST', '/member/v1/me/addresses', {
        token: member.token,
        body: {
          ...homeAddress(place),
          type: 'shipping',
          number: `${ZWSP}99/1`,
          building: `Tower${RLO} A`,
          street: `${ZWSP}${ZWSP}`,
        },
      }),
      201,
    );
    expect([a.number, a.building, a.street]).toEqual(['99/1', 'Tower A', null]);

    const bank = expectData<BankAccount>(
      await call(t.app, 'POST', '/member/v1/me/banks', {
        token: member.token,
        body: bankBody(`Somchai${RLO} Dee`, { branch: `Silom${ZWSP}` }),
      }),
      201,
    );
    expect([bank.account_name, bank.branch]).toEqual(['Somchai Dee', 'Silom']);
    expectError(
      await call(t.app, 'POST', '/member/v1/me/banks', {
        token: member.token,
        body: bankBody(ZWSP.repeat(4)),
      }),
      422,
      'VALIDATION_ERROR',
    );

    const doc = expectData<MemberDocument>(
      await upload(
        t.app,
        member.token,
        { type: 'other', title: `ID card${RLO}fdp.exe`, note: `${ZWSP}` },
        { name: 'a.pdf', data: pdf() },
      ),
      201,
    );
    expect([doc.title, doc.note]).toEqual(['ID cardfdp.exe', null]);
    expect(await row(t, 'select title, note from documents where id = $1', [doc.id])).toEqual({
      title: 'ID cardfdp.exe',
      note: null,
    });
  });
});

describe('migration 0009 cleans what older versions stored', () => {
  it('when rows hold invisible characters then the migration strips them and leaves every other row as it was', async () => {
    const db = t.database.pool;
    const dirty = await memberWithToken(t);
    const clean = await memberWithToken(t);
    await db.query('update users set first_name = $1, last_name = $2 where id = $3', [
      `${ZWSP}Som${RLO}chai `,
      ZWSP,
      dirty.user.id,
    ]);
    await db.query('update users set first_name = $1 where id = $2', ['  Spaces kept  ', clean.user.id]);
    await db.query('update members set business_title = $1 where id = $2', [`${ZWSP}`, dirty.member.id]);
    const { rows: addr } = await db.query<{ id: number }>(
      `insert into addresses (user_id, type, number, building, street, country_id)
       values ($1, 'shipping', $2, $3, $4, 764) returning id`,
      [dirty.user.id, `12${ZWSP}/3`, `\u2067Tower\u2069`, `Soi 1\tBlock 2`],
    );
    const { rows: bank } = await db.query<{ id: number }>(
      `insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, branch)
       values ($1, 'kbank', '1234567890', $2, 'savings', $3) returning id`,
      [dirty.user.id, `Som\u200echai`, `\u00ad`],
    );
    const { rows: docs } = await db.query<{ id: number }>(
      `insert into documents (user_id, type, title, description, storage_key, file_name, mime_type, size, sha256)
       values ($1, 'other', $2, $3, 'documents/00000000-0000-4000-8000-000000000001', 'a.pdf', 'application/pdf', 1, 'x')
       returning id`,
      [dirty.user.id, `\ufeffID${RLO}`, 'front\nback'],
    );

    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0009_strip_invisible_characters.sql'), 'utf8');
    const client = await db.connect();
    try {
      for (const statement of sql.split('--> statement-breakpoint')) await client.query(statement);
    } finally {
      client.release();
    }

    expect(await row(t, 'select first_name, last_name from users where id = $1', [dirty.user.id])).toEqual({
      first_name: 'Somchai',
      last_name: '',
    });
    expect(await row(t, 'select first_name from users where id = $1', [clean.user.id])).toEqual({
      first_name: '  Spaces kept  ',
    });
    expect(await row(t, 'select business_title from members where id = $1', [dirty.member.id])).toEqual({
      business_title: null,
    });
    expect(
      await row(t, 'select number, building, street from addresses where id = $1', [addr[0]!.id]),
    ).toEqual({ number: '12/3', building: 'Tower', street: 'Soi 1\tBlock 2' });
    expect(
      await row(t, 'select account_name, branch from bank_accounts where id = $1', [bank[0]!.id]),
    ).toEqual({ account_name: 'Somchai', branch: null });
    expect(await row(t, 'select title, description from documents where id = $1', [docs[0]!.id])).toEqual({
      title: 'ID',
      description: 'front\nback',
    });
    const staffView = expectData<KycCase>(
      await call(t.app, 'GET', `/staff/v1/kyc/${dirty.member.id}`, { token: staff.token }),
    );
    expect(staffView.member.first_name).toBe('Somchai');
  });
});
