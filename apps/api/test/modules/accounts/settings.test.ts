import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, refresh } from '../../helpers/expect';
import { login, seedSponsor } from '../../helpers/fixtures';
import { NOTICES, notify } from '../../../src/modules/accounts/notifications/notify';
import { dispatchNotifications } from '../../../src/modules/accounts/notifications/dispatch';

let t: TestApp;
let member: Awaited<ReturnType<typeof seedSponsor>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await seedSponsor(t.database.db);
});
afterAll(() => t.close());

describe('signed-in devices', () => {
  it('when a member signs in on two devices then both are listed, the current one marked', async () => {
    const phone = await login(t.app, member.user.email);
    const laptop = await login(t.app, member.user.email);
    const list = expectData(
      await call(t.app, 'GET', '/member/v1/me/sessions', { token: laptop.access_token }),
    );
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.find((s: { current: boolean }) => s.current).id).not.toBe(undefined);
    // rotating a refresh token keeps it one session
    const rotated = await refresh(t.app, phone.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const after = expectData(
      await call(t.app, 'GET', '/member/v1/me/sessions', { token: laptop.access_token }),
    );
    expect(after).toHaveLength(list.length);
  });

  it('when a member signs one device out then its refresh token stops working and the other keeps going', async () => {
    const phone = await login(t.app, member.user.email);
    const laptop = await login(t.app, member.user.email);
    const list = expectData(
      await call(t.app, 'GET', '/member/v1/me/sessions', { token: laptop.access_token }),
    );
    const phoneSession = list.find((s: { id: string; current: boolean }) => !s.current && s.id);
    // find the phone's family: the newest non-current one
    expectData(
      await call(t.app, 'DELETE', `/member/v1/me/sessions/${phoneSession.id}`, {
        token: laptop.access_token,
      }),
    );
    const phoneRefresh = await refresh(t.app, phone.refresh_token);
    const laptopRefresh = await refresh(t.app, laptop.refresh_token);
    expect(laptopRefresh.statusCode).toBe(200);
    expect(phoneRefresh.statusCode).toBe(400);
  });

  it("when a member names another member's session or a malformed id then the answer is 404", async () => {
    const other = await seedSponsor(t.database.db);
    const theirs = await login(t.app, other.user.email);
    const mine = await login(t.app, member.user.email);
    const theirList = expectData(
      await call(t.app, 'GET', '/member/v1/me/sessions', { token: theirs.access_token }),
    );
    expectError(
      await call(t.app, 'DELETE', `/member/v1/me/sessions/${theirList[0].id}`, { token: mine.access_token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(t.app, 'DELETE', `/member/v1/me/sessions/not-a-uuid`, { token: mine.access_token }),
      404,
      'NOT_FOUND',
    );
    expect((await refresh(t.app, theirs.refresh_token)).statusCode).toBe(200);
  });
});

describe('notification preferences', () => {
  it('when a member turns SMS on and e-mail off then new notifications go by SMS only, in their language, once', async () => {
    const session = await login(t.app, member.user.email);
    const me = expectData(
      await call(t.app, 'PUT', '/member/v1/me', {
        token: session.access_token,
        body: { notify_email: false, notify_sms: true, language: 'en' },
      }),
    );
    expect(me.notification_preferences).toEqual({ email: false, sms: true });
    await dispatchNotifications(t.app.ctx); // earlier notifications out of the way
    const before = (await t.outbox()).length;
    await notify(t.database.db, member.user.id, NOTICES.passwordChanged());
    expect(await dispatchNotifications(t.app.ctx)).toBe(1);
    expect(await dispatchNotifications(t.app.ctx)).toBe(0);
    const sent = (await t.outbox()).slice(0, (await t.outbox()).length - before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', to: member.user.mobile, purpose: 'notification' });
    expect(sent[0]!.text).toContain('Your password was changed');
  });

  it('when e-mail is on and the language is Thai then the e-mail copy is Thai', async () => {
    const session = await login(t.app, member.user.email);
    expectData(
      await call(t.app, 'PUT', '/member/v1/me', {
        token: session.access_token,
        body: { notify_email: true, notify_sms: false, language: 'th' },
      }),
    );
    await dispatchNotifications(t.app.ctx);
    await notify(t.database.db, member.user.id, NOTICES.passwordChanged());
    await dispatchNotifications(t.app.ctx);
    const [mail] = await t.outbox();
    expect(mail).toMatchObject({ channel: 'email', to: member.user.email, subject: 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว' });
  });

  it('when the preference is not a boolean then the answer is 422 and nothing changes', async () => {
    const session = await login(t.app, member.user.email);
    expectError(
      await call(t.app, 'PUT', '/member/v1/me', { token: session.access_token, body: { notify_sms: 'yes' } }),
      422,
      'VALIDATION_ERROR',
    );
    const me = expectData(await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }));
    expect(me.notification_preferences).toEqual({ email: true, sms: false });
  });
});
