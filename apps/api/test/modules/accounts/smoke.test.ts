import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { login, register, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration then sign-in', () => {
  it('when a member registers with a valid invitation code then they can sign in and read /me', async () => {
    const sponsor = await seedSponsor(t.database.db);
    const { user, body } = await register(t.app, sponsor.user.invitationCode);
    expect(user.member?.referrer_member_id).toBe(sponsor.member.id);
    const session = await login(t.app, body.email);
    const me = await call(t.app, 'GET', '/member/v1/me', { token: session.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(body.email);
  });
});
