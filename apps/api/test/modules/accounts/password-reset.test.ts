import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordResetTicket } from '@portal/contracts/identity';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, refresh } from '../../helpers/expect';
import { PASSWORD, login, register, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let token: string;
let invitation: string;
const NEW_PASSWORD = 'brand-new-pass-456';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_OTP: '1000', RATE_LIMIT_LOGIN: '1000' });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
  token = await appToken(t.app);
});
afterAll(() => t.close());

const ask = (email: string) =>
  call(t.app, 'POST', '/member/v1/password-reset/request', { token, body: { email } });
const read = (ticket: string, query = '') =>
  call(t.app, 'GET', `/member/v1/password-reset/${encodeURIComponent(ticket)}${query}`, { token });
const reset = (ticket: string, code: string, password = NEW_PASSWORD, confirmation = password) =>
  call(t.app, 'POST', '/member/v1/password-reset', {
    token,
    body: { token: ticket, code, password, password_confirmation: confirmation },
  });
const signIn = (username: string, password: string) =>
  call(t.app, 'POST', '/member/v1/login', { body: { username, password } });

async function memberWithTicket() {
  const { user, body } = await register(t.app, invitation);
  const ticket = expectData<PasswordResetTicket>(await ask(body.email));
  const mail = (await t.outbox()).find((m) => m.to === body.email && m.purpose === 'reset-password')!;
  return { user, email: body.email, ticket, code: mail.code!, mail };
}

describe('asking for a reset', () => {
  it('when an existing and an unknown e-mail ask then both get a ticket of the same shape and only the member gets mail', async () => {
    const { body } = await register(t.app, invitation);
    const sentBefore = (await t.outbox()).length;
    const known = expectData<PasswordResetTicket>(await ask(body.email));
    const unknown = expectData<PasswordResetTicket>(await ask('nobody.reset@test.example'));
    for (const ticket of [known, unknown]) {
      expect(Object.keys(ticket).sort()).toEqual(['expires_at', 'token']);
      expect(ticket.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expectIso(ticket.expires_at);
    }
    expect(known.token.length).toBe(unknown.token.length);
    const outbox = await t.outbox();
    expect(outbox.length).toBe(sentBefore + 1);
    expect(outbox.some((m) => m.to === 'nobody.reset@test.example')).toBe(false);
    const mail = outbox[0]!;
    expect(mail).toMatchObject({
      channel: 'email',
      to: body.email,
      purpose: 'reset-password',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(new URL(mail.link!).pathname).toBe(`/auth/reset_password/${known.token}`);
    expect(mail.text).toContain(mail.code!);
    expect(mail.text).toContain(mail.link!);
  });

  it('when the e-mail is malformed then the answer is 422 on email', async () => {
    const status = expectError(await ask('nope'), 422, 'VALIDATION_ERROR');
    expect(status.errors?.email).toEqual(['The email must be a valid email address']);
  });
});

describe('checking the ticket', () => {
  it('when the ticket is read then the answer shows the masked e-mail', async () => {
    const { email, ticket } = await memberWithTicket();
    const data = expectData(await read(ticket.token));
    expect(data).toMatchObject({ token: ticket.token, expires_at: ticket.expires_at });
    expect(data.email).toContain('*');
    expect(data.email).not.toBe(email);
    expect(data.email.endsWith(`@${email.split('@')[1]}`)).toBe(true);
  });

  it('when appends=code carries a wrong code then the answer is 422 INVALID_RESET_CODE; the right one gives code_valid', async () => {
    const { ticket, code } = await memberWithTicket();
    const wrong = code === '000000' ? '111111' : '000000';
    const status = expectError(
      await read(ticket.token, '?appends=code&code=wrong'),
      422,
      'INVALID_RESET_CODE',
    );
    expect(status.errors?.code).toEqual(['Invalid reset code']);
    expectError(await read(ticket.token, `?appends=code&code=${wrong}`), 422, 'INVALID_RESET_CODE');
    expect(expectData(await read(ticket.token, `?appends=code&code=${code}`)).code_valid).toBe(true);
  });

  it('when the ticket token is bogus then reading and resetting both answer 404 RESET_TOKEN_INVALID', async () => {
    const bogus = 'b'.repeat(43);
    expectError(await read(bogus), 404, 'RESET_TOKEN_INVALID');
    expectError(await reset(bogus, '123456'), 404, 'RESET_TOKEN_INVALID');
  });

  it('when the ticket has expired then it answers 404 RESET_TOKEN_INVALID and the password is unchanged', async () => {
    const { email, ticket, code, user } = await memberWithTicket();
    await t.database.pool.query(
      `update verifications set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    expectError(await read(ticket.token), 404, 'RESET_TOKEN_INVALID');
    expectError(await reset(ticket.token, code), 404, 'RESET_TOKEN_INVALID');
    expectData(await signIn(email, PASSWORD));
  });

  it('when 5 wrong codes are tried then the ticket is dead even for the right code', async () => {
    const { email, ticket, code } = await memberWithTicket();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expectError(await reset(ticket.token, wrong), 422, 'INVALID_RESET_CODE');
    expectError(await reset(ticket.token, code), 404, 'RESET_TOKEN_INVALID');
    expectData(await signIn(email, PASSWORD));
  });

  it('when a new reset is asked then the previous ticket stops working', async () => {
    const first = await memberWithTicket();
    expectData(await ask(first.email));
    expectError(await reset(first.ticket.token, first.code), 404, 'RESET_TOKEN_INVALID');
  });
});

describe('resetting the password', () => {
  it('when the right code and a new password are sent then only the new password works and every refresh token is revoked', async () => {
    const { user, email, ticket, code } = await memberWithTicket();
    const before = await login(t.app, email);

    expect(expectData(await reset(ticket.token, code))).toBeNull();

    expectError(await signIn(email, PASSWORD), 401, 'INVALID_CREDENTIALS');
    expectData(await signIn(email, NEW_PASSWORD));
    const res = await refresh(t.app, before.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    expect(
      await count(
        t,
        `select count(*) n from notifications where user_id = $1 and kind = 'password_changed'`,
        [user.id],
      ),
    ).toBe(1);
  });

  it('when the same reset is replayed then the answer is 404 RESET_TOKEN_INVALID and the password stays as set', async () => {
    const { email, ticket, code } = await memberWithTicket();
    expectData(await reset(ticket.token, code));
    expectError(await reset(ticket.token, code, 'attacker-pass-789'), 404, 'RESET_TOKEN_INVALID');
    expectError(await signIn(email, 'attacker-pass-789'), 401, 'INVALID_CREDENTIALS');
    expectData(await signIn(email, NEW_PASSWORD));
  });

  it('when the same reset is sent twice at once then exactly one succeeds', async () => {
    const { ticket, code } = await memberWithTicket();
    const results = await Promise.all([
      reset(ticket.token, code),
      reset(ticket.token, code, 'second-pass-0001'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('when the confirmation does not match then the answer is 422 on password_confirmation and the ticket still works', async () => {
    const { email, ticket, code } = await memberWithTicket();
    const status = expectError(
      await reset(ticket.token, code, NEW_PASSWORD, 'other-pass-000'),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.password_confirmation).toEqual(['The password confirmation does not match']);
    expectData(await signIn(email, PASSWORD));
    expectData(await reset(ticket.token, code));
  });

  it('when the ticket was made for an unknown e-mail then no code is ever accepted, not even one whose hash matches', async () => {
    const known = await memberWithTicket();
    const ghost = expectData<PasswordResetTicket>(await ask('ghost.reset@test.example'));
    await t.database.pool.query(
      `update verifications set code_hash = (select code_hash from verifications where user_id = $1 and purpose = 'reset-password' and used_at is null and killed_at is null)
       where target = 'ghost.reset@test.example'`,
      [known.user.id],
    );
    expectError(await read(ghost.token, `?appends=code&code=${known.code}`), 422, 'INVALID_RESET_CODE');
    expectError(await reset(ghost.token, known.code), 422, 'INVALID_RESET_CODE');
    for (const code of ['000000', '123456', '999999'])
      expectError(await reset(ghost.token, code), 422, 'INVALID_RESET_CODE');
  });
});
