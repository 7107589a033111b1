import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OtpTransaction } from '@portal/contracts/identity';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, row } from '../../helpers/expect';
import { login, register, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let token: string;
let invitation: string;
// The OTP limiter counts per IP; every request here comes from 127.0.0.1.
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_OTP: '1000' });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
  token = await appToken(t.app);
});
afterAll(() => t.close());

const ask = (username: string, bearer = token) =>
  call(t.app, 'POST', '/member/v1/otp-transactions', { token: bearer, body: { username } });
const verify = (id: string, body: Record<string, unknown>, bearer = token) =>
  call(t.app, 'PUT', `/member/v1/otp-transactions/${id}`, { token: bearer, body });

async function lastCodeTo(to: string) {
  const msg = (await t.outbox()).find((m) => m.to === to);
  return msg;
}

/** A fresh registered (unverified) member and a code sent to their mobile. */
async function memberWithOtp() {
  const { user } = await register(t.app, invitation);
  const res = await ask(user.mobile);
  const tx = expectData<OtpTransaction>(res, 201);
  const code = (await lastCodeTo(user.mobile))!.code!;
  return { user, tx, code };
}

describe('asking for a code', () => {
  it('when a code is asked for a mobile in any spelling then it answers 201 and an SMS with 6 digits goes to the normalised number', async () => {
    const { user } = await register(t.app, invitation, { mobile: '0861112233' });
    const before = Date.now();
    const tx = expectData<OtpTransaction>(await ask('+66 86-111-2233'), 201);
    expect(tx).toMatchObject({
      id: expect.any(String),
      ref_code: expect.stringMatching(/^[A-Z0-9]{4,}$/),
      username: '0861112233',
      channel: 'sms',
    });
    expectIso(tx.expires_at);
    expectIso(tx.resend_after);
    const ttl = Date.parse(tx.expires_at) - before;
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThan(610_000);
    const wait = Date.parse(tx.resend_after) - before;
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThan(65_000);

    const [sms] = await t.outbox();
    expect(sms).toMatchObject({
      channel: 'sms',
      to: '0861112233',
      purpose: 'onboarding',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(sms!.text).toContain(sms!.code!);
    expect(sms!.text).toContain(tx.ref_code);
    expect(user.is_verifies_mobile).toBe(false);
  });

  it('when a code is asked again within the resend wait then it answers 429 OTP_RESEND_TOO_SOON and sends nothing', async () => {
    const { user } = await memberWithOtp();
    const sent = (await t.outbox()).length;
    const status = expectError(await ask(user.mobile), 429, 'OTP_RESEND_TOO_SOON');
    expectIso(status.errors?.resend_after?.[0]);
    expect((await t.outbox()).length).toBe(sent);
  });

  it('when the resend wait has passed then a new code is sent and the previous one no longer verifies', async () => {
    const { user, tx: old, code: oldCode } = await memberWithOtp();
    await t.database.pool.query(
      `update verifications set created_at = created_at - interval '61 seconds' where id = $1`,
      [old.id],
    );
    const fresh = expectData<OtpTransaction>(await ask(user.mobile), 201);
    expect(fresh.id).not.toBe(old.id);
    expectError(
      await verify(old.id, { mobile: user.mobile, code: oldCode, ref_code: old.ref_code }),
      410,
      'OTP_TRANSACTION_WAS_EXPIRED',
    );
    const newCode = (await lastCodeTo(user.mobile))!.code!;
    expect(
      expectData(await verify(fresh.id, { mobile: user.mobile, code: newCode, ref_code: fresh.ref_code }))
        .verified,
    ).toBe(true);
  });

  it('when the mobile belongs to nobody then it still answers 201 with the same shape but sends nothing', async () => {
    const sent = (await t.outbox()).length;
    const tx = expectData<OtpTransaction>(await ask('0899000111'), 201);
    expect(Object.keys(tx).sort()).toEqual([
      'channel',
      'delivery',
      'expires_at',
      'id',
      'ref_code',
      'resend_after',
      'username',
    ]);
    expect((await t.outbox()).length).toBe(sent);
    expect((await t.outbox()).some((m) => m.to === '0899000111')).toBe(false);
  });

  it('when the username is neither a mobile nor an e-mail then the answer is 422 on username', async () => {
    const status = expectError(await ask('hello'), 422, 'VALIDATION_ERROR');
    expect(status.errors?.username).toEqual(['Must be either a valid phone number or e-mail']);
  });

  it("when a signed-in member asks a code for someone else's mobile then the answer is 422 and nothing is sent", async () => {
    const me = await register(t.app, invitation);
    const other = await register(t.app, invitation);
    const session = await login(t.app, me.body.email);
    const status = expectError(await ask(other.user.mobile, session.access_token), 422, 'VALIDATION_ERROR');
    expect(status.errors?.username).toBeDefined();
    expect((await t.outbox()).some((m) => m.to === other.user.mobile)).toBe(false);
    expect(
      await count(t, 'select count(*) n from verifications where target = $1', [other.user.mobile]),
    ).toBe(0);
    // their own mobile is fine
    expectData(await ask(me.user.mobile, session.access_token), 201);
  });

  it('when no token is sent then asking for a code is 401', async () => {
    expectError(
      await call(t.app, 'POST', '/member/v1/otp-transactions', { body: { username: '0812345678' } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('when the code is stored then no verification row contains the plain code', async () => {
    const { tx, code } = await memberWithOtp();
    const stored = await row<Record<string, unknown>>(t, 'select * from verifications where id = $1', [
      tx.id,
    ]);
    expect(stored).toBeDefined();
    for (const [column, value] of Object.entries(stored!)) {
      if (typeof value === 'string') expect(value, column).not.toContain(code);
    }
    expect(String(stored!.code_hash).length).toBeGreaterThanOrEqual(32);
  });
});

describe('verifying a code', () => {
  it('when the right code is given then the mobile is verified and a welcome notification exists', async () => {
    const { user, tx, code } = await memberWithOtp();
    const data = expectData(
      await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code.toLowerCase() }),
    );
    expect(data.verified).toBe(true);
    expect(data.user).toMatchObject({ id: user.id, is_verifies_mobile: true, is_verifies_email: false });
    expectIso(data.user.mobile_verified_at);
    const stored = await row<{ is_verifies_mobile: boolean }>(
      t,
      'select is_verifies_mobile from users where id = $1',
      [user.id],
    );
    expect(stored?.is_verifies_mobile).toBe(true);
    expect(
      await count(t, `select count(*) n from notifications where user_id = $1 and kind = 'welcome'`, [
        user.id,
      ]),
    ).toBe(1);
  });

  it('when the mobile is given in another spelling (+66…) at verification then it still matches', async () => {
    const { user, tx, code } = await memberWithOtp();
    const international = `+66${user.mobile.slice(1)}`;
    expect(
      expectData(await verify(tx.id, { mobile: international, code, ref_code: tx.ref_code })).verified,
    ).toBe(true);
  });

  it('when a member verifies a second channel then no second welcome is written', async () => {
    const { user, tx, code } = await memberWithOtp();
    expectData(await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }));
    const byMail = expectData<OtpTransaction>(await ask(user.email), 201);
    const mailCode = (await lastCodeTo(user.email))!.code!;
    const data = expectData(
      await verify(byMail.id, { email: user.email, code: mailCode, ref_code: byMail.ref_code }),
    );
    expect(data.user).toMatchObject({ is_verifies_mobile: true, is_verifies_email: true });
    expect(
      await count(t, `select count(*) n from notifications where user_id = $1 and kind = 'welcome'`, [
        user.id,
      ]),
    ).toBe(1);
  });

  it('when a used code is given again then the answer is 404 OTP_TRANSACTION_NOT_FOUND', async () => {
    const { user, tx, code } = await memberWithOtp();
    expectData(await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }));
    expectError(
      await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }),
      404,
      'OTP_TRANSACTION_NOT_FOUND',
    );
  });

  it('when the transaction id is unknown or not a uuid then the answer is 404 OTP_TRANSACTION_NOT_FOUND', async () => {
    const body = { mobile: '0812345678', code: '123456', ref_code: 'ABCD' };
    expectError(await verify(randomUUID(), body), 404, 'OTP_TRANSACTION_NOT_FOUND');
    expectError(await verify('not-a-uuid', body), 404, 'OTP_TRANSACTION_NOT_FOUND');
  });

  it('when the mobile or ref code does not match the transaction then the answer is 404 and the code stays usable', async () => {
    const { user, tx, code } = await memberWithOtp();
    expectError(
      await verify(tx.id, { mobile: '0899999998', code, ref_code: tx.ref_code }),
      404,
      'OTP_TRANSACTION_NOT_FOUND',
    );
    expectError(
      await verify(tx.id, { mobile: user.mobile, code, ref_code: 'ZZZZ' }),
      404,
      'OTP_TRANSACTION_NOT_FOUND',
    );
    expectData(await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }));
  });

  it('when 5 wrong codes are given then each is 422 INVALID_VERIFY_CODE and then even the right code is 410', async () => {
    const { user, tx, code } = await memberWithOtp();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const status = expectError(
        await verify(tx.id, { mobile: user.mobile, code: wrong, ref_code: tx.ref_code }),
        422,
        'INVALID_VERIFY_CODE',
      );
      expect(status.errors?.code).toEqual(['Invalid verify code']);
    }
    expectError(
      await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }),
      410,
      'OTP_TRANSACTION_WAS_EXPIRED',
    );
    const stored = await row<{ is_verifies_mobile: boolean }>(
      t,
      'select is_verifies_mobile from users where id = $1',
      [user.id],
    );
    expect(stored?.is_verifies_mobile).toBe(false);
  });

  it('when guesses race each other then no more than 5 are judged and the right code is dead afterwards', async () => {
    const { user, tx, code } = await memberWithOtp();
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        verify(tx.id, { mobile: user.mobile, code: wrong, ref_code: tx.ref_code }),
      ),
    );
    const judged = results.filter((r) => r.statusCode === 422).length;
    expect(judged).toBeLessThanOrEqual(5);
    expect(results.every((r) => r.statusCode === 422 || r.statusCode === 410)).toBe(true);
    expectError(
      await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }),
      410,
      'OTP_TRANSACTION_WAS_EXPIRED',
    );
  });

  it('when the right code is sent several times at once then exactly one succeeds and one welcome is written', async () => {
    const { user, tx, code } = await memberWithOtp();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      await count(t, `select count(*) n from notifications where user_id = $1 and kind = 'welcome'`, [
        user.id,
      ]),
    ).toBe(1);
  });

  it('when the code has expired then the answer is 410 OTP_TRANSACTION_WAS_EXPIRED', async () => {
    const { user, tx, code } = await memberWithOtp();
    await t.database.pool.query(
      `update verifications set expires_at = now() - interval '1 second' where id = $1`,
      [tx.id],
    );
    expectError(
      await verify(tx.id, { mobile: user.mobile, code, ref_code: tx.ref_code }),
      410,
      'OTP_TRANSACTION_WAS_EXPIRED',
    );
    const stored = await row<{ is_verifies_mobile: boolean }>(
      t,
      'select is_verifies_mobile from users where id = $1',
      [user.id],
    );
    expect(stored?.is_verifies_mobile).toBe(false);
  });

  it('when the code is not 6 digits then the answer is 422 on code', async () => {
    const { user, tx } = await memberWithOtp();
    const status = expectError(
      await verify(tx.id, { mobile: user.mobile, code: '12ab', ref_code: tx.ref_code }),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.code).toEqual(['Invalid verify code']);
  });

  it('when a code was asked for an unknown mobile then no code verifies it, not even one whose hash matches', async () => {
    const known = await memberWithOtp();
    const ghost = expectData<OtpTransaction>(await ask('0899000222'), 201);
    // Give the unknown-mobile transaction the known member's code: it must still never verify.
    await t.database.pool.query(
      'update verifications set code_hash = (select code_hash from verifications where id = $1) where id = $2',
      [known.tx.id, ghost.id],
    );
    const status = expectError(
      await verify(ghost.id, { mobile: '0899000222', code: known.code, ref_code: ghost.ref_code }),
      422,
      'INVALID_VERIFY_CODE',
    );
    expect(status.errors?.code).toEqual(['Invalid verify code']);
    expect(await count(t, `select count(*) n from users where mobile = '0899000222'`)).toBe(0);
  });
});

describe('codes by e-mail', () => {
  it('when a code is asked for an e-mail then it goes by e-mail and verifies the e-mail', async () => {
    const { user, body } = await register(t.app, invitation);
    const tx = expectData<OtpTransaction>(await ask(body.email.toUpperCase()), 201);
    expect(tx).toMatchObject({ channel: 'email', username: body.email });
    const mail = await lastCodeTo(body.email);
    expect(mail).toMatchObject({ channel: 'email', code: expect.stringMatching(/^\d{6}$/) });
    const data = expectData(
      await verify(tx.id, { email: body.email, code: mail!.code, ref_code: tx.ref_code }),
    );
    expect(data.user).toMatchObject({ id: user.id, is_verifies_email: true, is_verifies_mobile: false });
  });
});

describe('resend with no wait', () => {
  it('when OTP_RESEND_SECONDS is 0 then a resend is allowed at once and kills the previous code', async () => {
    const quick = await createTestApp({ OTP_RESEND_SECONDS: '0', RATE_LIMIT_OTP: '1000' });
    try {
      const sponsor = await seedSponsor(quick.database.db);
      const { user } = await register(quick.app, sponsor.user.invitationCode);
      const bearer = await appToken(quick.app);
      const askQuick = () =>
        call(quick.app, 'POST', '/member/v1/otp-transactions', {
          token: bearer,
          body: { username: user.mobile },
        });
      const first = expectData<OtpTransaction>(await askQuick(), 201);
      const firstCode = (await quick.outbox())[0]!.code!;
      const second = expectData<OtpTransaction>(await askQuick(), 201);
      const secondCode = (await quick.outbox())[0]!.code!;
      const res = await call(quick.app, 'PUT', `/member/v1/otp-transactions/${first.id}`, {
        token: bearer,
        body: { mobile: user.mobile, code: firstCode, ref_code: first.ref_code },
      });
      expectError(res, 410, 'OTP_TRANSACTION_WAS_EXPIRED');
      // the old code does not work on the new transaction either (unless the two codes happen to be equal)
      if (firstCode !== secondCode) {
        const cross = await call(quick.app, 'PUT', `/member/v1/otp-transactions/${second.id}`, {
          token: bearer,
          body: { mobile: user.mobile, code: firstCode, ref_code: second.ref_code },
        });
        expectError(cross, 422, 'INVALID_VERIFY_CODE');
      }
      const ok = await call(quick.app, 'PUT', `/member/v1/otp-transactions/${second.id}`, {
        token: bearer,
        body: { mobile: user.mobile, code: secondCode, ref_code: second.ref_code },
      });
      expect(expectData(ok).verified).toBe(true);
    } finally {
      await quick.close();
    }
  });
});

describe('a signed-in member and other numbers', () => {
  it("when a code was just sent to someone else's mobile then asking for it still answers 422, not 'too soon'", async () => {
    const { user: victim } = await memberWithOtp();
    const { body } = await register(t.app, invitation);
    const session = await login(t.app, body.email);
    expectError(await ask(victim.mobile, session.access_token), 422, 'VALIDATION_ERROR');
  });
});
