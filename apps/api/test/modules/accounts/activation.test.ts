import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, row } from '../../helpers/expect';
import { login, register, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let token: string;
let invitation: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_OTP: '1000' });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
  token = await appToken(t.app);
});
afterAll(() => t.close());

const requestLink = (email: string) =>
  call(t.app, 'POST', '/member/v1/activate/request', { token, body: { email } });
const readLink = (linkToken: string) =>
  call(t.app, 'GET', `/member/v1/activate?token=${encodeURIComponent(linkToken)}`, { token });
const activate = (linkToken: string) =>
  call(t.app, 'POST', '/member/v1/activate', { token, body: { token: linkToken } });

async function linkTo(email: string) {
  const mail = (await t.outbox()).find((m) => m.to === email && m.purpose === 'onboarding');
  expect(mail, `no activation e-mail to ${email}`).toBeDefined();
  const url = new URL(mail!.link!);
  return { mail: mail!, url, token: url.searchParams.get('token')! };
}

/** A fresh unverified member and the activation link just sent to them. */
async function memberWithLink() {
  const { user, body } = await register(t.app, invitation);
  expectData(await requestLink(body.email));
  return { user, email: body.email, ...(await linkTo(body.email)) };
}

describe('asking for an activation link', () => {
  it('when an existing and an unknown e-mail ask for a link then both get 200 with data null and only the member gets mail', async () => {
    const { body } = await register(t.app, invitation);
    const sentBefore = (await t.outbox()).length;
    const known = await requestLink(body.email.toUpperCase());
    const unknown = await requestLink('nobody.at.all@test.example');
    expect(expectData(known)).toBeNull();
    expect(expectData(unknown)).toBeNull();
    expect(known.body).toBe(unknown.body);
    const outbox = await t.outbox();
    expect(outbox.length).toBe(sentBefore + 1);
    expect(outbox.some((m) => m.to === 'nobody.at.all@test.example')).toBe(false);
    const { mail, url } = await linkTo(body.email);
    expect(mail.channel).toBe('email');
    expect(url.pathname).toBe('/auth/activate');
    expect(mail.link).toContain('/auth/activate?token=');
    expect(mail.text).toContain(mail.link);
  });

  it('when the e-mail is not an e-mail then the answer is 422', async () => {
    expectError(await requestLink('not-an-email'), 422, 'VALIDATION_ERROR');
  });

  it('when the account is already verified then nothing is sent and the answer is still 200', async () => {
    const { body } = await register(t.app, invitation);
    await t.database.pool.query('update users set is_verifies_email = true where lower(email) = $1', [
      body.email,
    ]);
    const sentBefore = (await t.outbox()).length;
    expect(expectData(await requestLink(body.email))).toBeNull();
    expect((await t.outbox()).length).toBe(sentBefore);
  });
});

describe('following the link', () => {
  it('when the link is opened then the answer shows the masked e-mail and the first name', async () => {
    const { email, token: linkToken } = await memberWithLink();
    const data = expectData(await readLink(linkToken));
    const [local, domain] = email.split('@');
    expect(data.email).not.toBe(email);
    expect(data.email).toContain('*');
    expect(data.email.endsWith(`@${domain}`)).toBe(true);
    expect(data.email).not.toContain(local);
    expect(data.first_name).toBe('สมหญิง');
  });

  it('when the link is confirmed then the e-mail is verified, a welcome notification exists, and a second try is 409', async () => {
    const { user, token: linkToken } = await memberWithLink();
    expect(expectData(await activate(linkToken))).toEqual({ activated: true });
    const stored = await row<{ is_verifies_email: boolean; email_verified_at: Date | null }>(
      t,
      'select is_verifies_email, email_verified_at from users where id = $1',
      [user.id],
    );
    expect(stored?.is_verifies_email).toBe(true);
    expect(stored?.email_verified_at).not.toBeNull();
    expect(
      await count(t, `select count(*) n from notifications where user_id = $1 and kind = 'welcome'`, [
        user.id,
      ]),
    ).toBe(1);

    expectError(await activate(linkToken), 409, 'ALREADY_ACTIVATED');
    expectError(await readLink(linkToken), 409, 'ALREADY_ACTIVATED');
  });

  it('when the member signs in after activating then /me shows the e-mail verified with an ISO timestamp', async () => {
    const { email, token: linkToken } = await memberWithLink();
    expectData(await activate(linkToken));
    const session = await login(t.app, email);
    const me = expectData(await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }));
    expect(me.is_verifies_email).toBe(true);
    expectIso(me.email_verified_at);
  });

  it('when the token is garbage then reading and confirming both answer 422 ACTIVATE_CODE_INVALID', async () => {
    const garbage = 'g'.repeat(43);
    expectError(await readLink(garbage), 422, 'ACTIVATE_CODE_INVALID');
    expectError(await activate(garbage), 422, 'ACTIVATE_CODE_INVALID');
    // a cut-off link (a short token) gets the same answer from both calls
    expectError(await readLink('abc'), 422, 'ACTIVATE_CODE_INVALID');
    expectError(await activate('abc'), 422, 'ACTIVATE_CODE_INVALID');
    expectError(await readLink('abc'), 422, 'ACTIVATE_CODE_INVALID');
  });

  it('when the link has expired then it answers 422 ACTIVATE_CODE_INVALID and the e-mail stays unverified', async () => {
    const { user, token: linkToken } = await memberWithLink();
    await t.database.pool.query(
      `update verifications set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    expectError(await activate(linkToken), 422, 'ACTIVATE_CODE_INVALID');
    const stored = await row<{ is_verifies_email: boolean }>(
      t,
      'select is_verifies_email from users where id = $1',
      [user.id],
    );
    expect(stored?.is_verifies_email).toBe(false);
  });

  it('when a password-reset token is used as an activation link then it is refused', async () => {
    const { body, user } = await register(t.app, invitation);
    const ticket = expectData(
      await call(t.app, 'POST', '/member/v1/password-reset/request', { token, body: { email: body.email } }),
    );
    expectError(await activate(ticket.token), 422, 'ACTIVATE_CODE_INVALID');
    const stored = await row<{ is_verifies_email: boolean }>(
      t,
      'select is_verifies_email from users where id = $1',
      [user.id],
    );
    expect(stored?.is_verifies_email).toBe(false);
  });
});

describe('sending the link again', () => {
  it('when a signed-in member asks POST /v1/emails then a new link is sent and the previous one stops working', async () => {
    const { email, token: oldToken } = await memberWithLink();
    const session = await login(t.app, email);
    const res = await call(t.app, 'POST', '/member/v1/emails', {
      token: session.access_token,
      body: { type: 'activation' },
    });
    expect(expectData(res)).toBeNull();
    const { token: newToken } = await linkTo(email);
    expect(newToken).not.toBe(oldToken);
    expectError(await activate(oldToken), 422, 'ACTIVATE_CODE_INVALID');
    expect(expectData(await activate(newToken))).toEqual({ activated: true });
  });

  it('when an application token calls POST /v1/emails then the answer is 401', async () => {
    expectError(
      await call(t.app, 'POST', '/member/v1/emails', { token, body: { type: 'activation' } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('when an already verified member asks POST /v1/emails then the answer is 409 ALREADY_ACTIVATED and nothing is sent', async () => {
    const { email, token: linkToken } = await memberWithLink();
    expectData(await activate(linkToken));
    const session = await login(t.app, email);
    const sentBefore = (await t.outbox()).length;
    const res = await call(t.app, 'POST', '/member/v1/emails', {
      token: session.access_token,
      body: { type: 'activation' },
    });
    expectError(res, 409, 'ALREADY_ACTIVATED');
    expect((await t.outbox()).length).toBe(sentBefore);
  });

  it('when POST /v1/emails names an unknown type then the answer is 422', async () => {
    const { body } = await register(t.app, invitation);
    const session = await login(t.app, body.email);
    expectError(
      await call(t.app, 'POST', '/member/v1/emails', {
        token: session.access_token,
        body: { type: 'marketing' },
      }),
      422,
      'VALIDATION_ERROR',
    );
  });
});
