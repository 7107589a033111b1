import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData } from '../../helpers/expect';
import { login, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await createTestApp({
    APP_KEYS: 'portal-web,partner-app',
    OAUTH_CLIENTS: JSON.stringify([
      { id: 'portal-web', secret: 'public', kind: 'public', scopes: ['public'] },
      { id: 'partner-app', secret: 'partner-secret', kind: 'confidential', scopes: ['public'] },
    ]),
  });
  email = (await seedSponsor(t.database.db)).user.email;
});
afterAll(() => t.close());

describe('a refresh token belongs to the client it was issued to', () => {
  it('when another client presents it then it is refused and the owner can still use it once', async () => {
    const session = await login(t.app, email);
    const stolen = await call(t.app, 'POST', '/member/oauth/token', {
      appKey: 'partner-app',
      body: {
        grant_type: 'refresh_token',
        client_id: 'partner-app',
        client_secret: 'partner-secret',
        refresh_token: session.refresh_token,
      },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ error: 'invalid_grant' });

    const own = await call(t.app, 'POST', '/member/oauth/token', {
      body: { grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: session.refresh_token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().refresh_token).not.toBe(session.refresh_token);
  });

  it('when a confidential client sends a wrong secret then it is invalid_client', async () => {
    const res = await call(t.app, 'POST', '/member/oauth/token', {
      appKey: 'partner-app',
      body: { grant_type: 'client_credentials', client_id: 'partner-app', client_secret: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client' });
    expectData(
      await call(t.app, 'GET', '/member/v1/countries?only=th', {
        token: (
          await call(t.app, 'POST', '/member/oauth/token', {
            appKey: 'partner-app',
            body: {
              grant_type: 'client_credentials',
              client_id: 'partner-app',
              client_secret: 'partner-secret',
            },
          })
        ).json().access_token,
      }),
    );
  });
});
