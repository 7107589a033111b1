import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/contracts/identity';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, row } from '../../helpers/expect';
import { register, registration, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let sponsor: Awaited<ReturnType<typeof seedSponsor>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  sponsor = await seedSponsor(t.database.db);
  token = await appToken(t.app);
});
afterAll(() => t.close());

const post = (body: unknown, bearer: string | undefined = token) =>
  call(t.app, 'POST', '/member/v1/users', { token: bearer, body });
const usersWithEmail = (email: string) =>
  count(t, 'select count(*) n from users where lower(email) = lower($1)', [email]);
const membersWithEmail = (email: string) =>
  count(
    t,
    'select count(*) n from members m join users u on u.id = m.user_id where lower(u.email) = lower($1)',
    [email],
  );

describe('registration', () => {
  it('when a visitor registers with a valid invitation code then the user and an unplaced member are created together', async () => {
    const body = registration(sponsor.user.invitationCode, { mobile: '+66 81 555 0101' });
    const res = await post(body);
    const user = expectData<User>(res, 201);
    expect(user).toMatchObject({
      email: body.email,
      first_name: 'สมหญิง',
      last_name: 'ทดสอบ',
      mobile: '0815550101',
      gender: 'female',
      type: 'member',
      is_active: true,
      is_verifies_email: false,
      is_verifies_mobile: false,
      is_verifies_identity: false,
      is_verifies_bank: false,
    });
    expect(user.invitation_code).toMatch(/^[A-Z0-9]{6,}$/);
    expect(user.invitation_code).not.toBe(sponsor.user.invitationCode);
    expectIso(user.created_at);
    expect(user.member).toMatchObject({
      memberCode: expect.stringMatching(/^M\d{7}$/),
      member_uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      referrer_member_id: sponsor.member.id,
      is_placed: false,
      suspension: [],
    });
    expect(JSON.stringify(user)).not.toContain(body.password);

    const stored = await row<{ mobile: string; password_hash: string }>(
      t,
      'select mobile, password_hash from users where id = $1',
      [user.id],
    );
    expect(stored?.mobile).toBe('0815550101');
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    const member = await row<{
      referrer_member_id: number;
      placement_parent_id: number | null;
      side: string | null;
    }>(t, 'select referrer_member_id, placement_parent_id, side from members where user_id = $1', [user.id]);
    expect(member).toEqual({ referrer_member_id: sponsor.member.id, placement_parent_id: null, side: null });
  });

  it('when the invitation code is given in lower case or as the sponsor member code then it is accepted', async () => {
    const byLower = await post(registration(sponsor.user.invitationCode.toLowerCase()));
    expect(expectData<User>(byLower, 201).member?.referrer_member_id).toBe(sponsor.member.id);
    const byCode = await post(registration(sponsor.member.memberCode));
    expect(expectData<User>(byCode, 201).member?.referrer_member_id).toBe(sponsor.member.id);
  });

  it('when the invitation code is unknown then the answer is 422 on ref_uuid and no user row exists', async () => {
    const body = registration('NOPE0000');
    const status = expectError(await post(body), 422, 'INVALID_INVITATION_CODE');
    expect(status.errors?.ref_uuid).toEqual(['Invalid invitation code']);
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('when the e-mail is taken in another letter case then the answer is 422 on email and nothing is added', async () => {
    const first = await register(t.app, sponsor.user.invitationCode);
    const before = await count(t, 'select count(*) n from users');
    const status = expectError(
      await post(registration(sponsor.user.invitationCode, { email: first.body.email.toUpperCase() })),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.email).toEqual(['The email has already been taken']);
    expect(status.message).toBe('The email has already been taken');
    expect(await count(t, 'select count(*) n from users')).toBe(before);
  });

  it('when the mobile is taken in another spelling (+66…, 081-234-5678) then the answer is 422 on mobile', async () => {
    await register(t.app, sponsor.user.invitationCode, { mobile: '0812345678' });
    for (const mobile of ['+66812345678', '081-234-5678', '66812345678']) {
      const body = registration(sponsor.user.invitationCode, { mobile });
      const status = expectError(await post(body), 422, 'VALIDATION_ERROR');
      expect(status.errors?.mobile).toEqual(['The mobile number has already been taken']);
      expect(await usersWithEmail(body.email)).toBe(0);
    }
  });

  it('when accept_terms is missing or false then the answer is 422 on accept_terms and nothing is created', async () => {
    const { accept_terms: _omit, ...missing } = registration(sponsor.user.invitationCode);
    const falseBody = registration(sponsor.user.invitationCode, { accept_terms: false });
    for (const body of [missing, falseBody]) {
      const status = expectError(await post(body), 422, 'VALIDATION_ERROR');
      expect(status.errors?.accept_terms).toEqual(['You must accept the terms and conditions']);
      expect(await usersWithEmail(body.email)).toBe(0);
    }
  });

  it('when password_confirmation does not match then the answer is 422 on password_confirmation', async () => {
    const body = registration(sponsor.user.invitationCode, { password_confirmation: 'something-else-1' });
    const status = expectError(await post(body), 422, 'VALIDATION_ERROR');
    expect(status.errors?.password_confirmation).toEqual(['The password confirmation does not match']);
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('when the password is shorter than 8 characters then the answer is 422 on password', async () => {
    const body = registration(sponsor.user.invitationCode, {
      password: 'short',
      password_confirmation: 'short',
    });
    const status = expectError(await post(body), 422, 'VALIDATION_ERROR');
    expect(status.errors?.password).toEqual(['The password must be at least 8 characters']);
  });

  it('when the mobile is not a Thai mobile then the answer is 422 on mobile', async () => {
    const status = expectError(
      await post(registration(sponsor.user.invitationCode, { mobile: '0212345678' })),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.mobile).toEqual(['The mobile must be a valid 10-digit Thai mobile number']);
  });

  it("when the body asks for type 'admin' (or any unknown field) then the answer is 422 and no user is created", async () => {
    for (const extra of [{ type: 'admin' }, { is_verifies_email: true }, { point: '1000.00' }]) {
      const body = registration(sponsor.user.invitationCode, extra);
      const status = expectError(await post(body), 422, 'VALIDATION_ERROR');
      expect(Object.keys(status.errors ?? {})).toEqual(Object.keys(extra));
      expect(await usersWithEmail(body.email)).toBe(0);
    }
  });

  it('when registration is called without a token then the answer is 401 and nothing is created', async () => {
    const body = registration(sponsor.user.invitationCode);
    expectError(await post(body, ''), 401, 'UNAUTHENTICATED');
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('when the same registration is sent twice then the second is told both the e-mail and the mobile are taken', async () => {
    const body = registration(sponsor.user.invitationCode);
    expectData(await post(body), 201);
    const status = expectError(await post(body), 422, 'VALIDATION_ERROR');
    expect(status.errors).toEqual({
      email: ['The email has already been taken'],
      mobile: ['The mobile number has already been taken'],
    });
    expect(status.message).toBe('The email has already been taken');
  });

  it('when identical registrations race then exactly one wins and the others get the same answer as a late duplicate', async () => {
    for (let round = 0; round < 3; round++) {
      const body = registration(sponsor.user.invitationCode);
      const results = await Promise.all(Array.from({ length: 5 }, () => post(body)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 422, 422, 422, 422]);
      for (const res of results.filter((r) => r.statusCode === 422)) {
        const status = expectError(res, 422, 'VALIDATION_ERROR');
        expect(status.message).toBe('The email has already been taken');
        expect(status.errors).toEqual({
          email: ['The email has already been taken'],
          mobile: ['The mobile number has already been taken'],
        });
      }
      expect(await usersWithEmail(body.email)).toBe(1);
      expect(await membersWithEmail(body.email)).toBe(1);
    }
  });

  it('when the e-mail belonged to a deleted account then it is still taken', async () => {
    const gone = await register(t.app, sponsor.user.invitationCode);
    await t.database.pool.query('update users set deleted_at = now(), is_active = false where id = $1', [
      gone.user.id,
    ]);
    const status = expectError(
      await post(registration(sponsor.user.invitationCode, { email: gone.body.email })),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors).toEqual({ email: ['The email has already been taken'] });
  });

  it('when many members register at once then every member code is distinct', async () => {
    const bodies = Array.from({ length: 4 }, () => registration(sponsor.user.invitationCode));
    const results = await Promise.all(bodies.map((b) => post(b)));
    const codes = results.map((r) => expectData<User>(r, 201).member?.memberCode);
    expect(new Set(codes).size).toBe(4);
  });
});

describe('who invited me', () => {
  it('when the invitation code is known then the answer names the referrer and their member code', async () => {
    const res = await call(t.app, 'GET', `/member/v1/user-by-ref/${sponsor.user.invitationCode}`, { token });
    expect(expectData(res)).toMatchObject({
      invitation_code: sponsor.user.invitationCode,
      first_name: 'Sponsor',
      last_name: 'Top',
      member_code: sponsor.member.memberCode,
    });
    expect(res.body).not.toContain(sponsor.user.email);
    expect(res.body).not.toContain(sponsor.user.mobile);
  });

  it('when the invitation code is unknown then the answer is 404 INVALID_INVITATION_CODE', async () => {
    const res = await call(t.app, 'GET', '/member/v1/user-by-ref/NOPE0000', { token });
    expectError(res, 404, 'INVALID_INVITATION_CODE');
  });

  it('when the referrer is inactive then their code is not valid any more', async () => {
    const other = await seedSponsor(t.database.db);
    await t.database.pool.query('update users set is_active = false where id = $1', [other.user.id]);
    expectError(
      await call(t.app, 'GET', `/member/v1/user-by-ref/${other.user.invitationCode}`, { token }),
      404,
      'INVALID_INVITATION_CODE',
    );
    const status = expectError(
      await post(registration(other.user.invitationCode)),
      422,
      'INVALID_INVITATION_CODE',
    );
    expect(status.errors?.ref_uuid).toEqual(['Invalid invitation code']);
  });
});
