import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    APP_KEYS: 'portal-web,partner-app',
    OAUTH_CLIENTS: JSON.stringify([
      { id: 'portal-web', secret: 'public', kind: 'public', scopes: ['public'] },
      { id: 'partner-app', secret: 'partner-secret', kind: 'confidential', scopes: ['public', 'reports'] },
    ]),
  });
});
afterAll(() => t.close());

const ask = (url: string, scope: string) =>
  call(t.app, 'POST', url, {
    appKey: 'partner-app',
    body: {
      grant_type: 'client_credentials',
      client_id: 'partner-app',
      client_secret: 'partner-secret',
      scope,
    },
  });

describe.each(['/member/oauth/token', '/network/api/v1/oauth/token'])('scope=* on %s', (url) => {
  it('when a client asks for scope * then it gets every scope it may have, named in the answer and the token', async () => {
    const res = await ask(url, '*');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.scope).toBe('public reports');
    expect(decodeJwt(body.access_token).scope).toBe('public reports');
  });

  it('when the public portal client asks for scope * then it gets its one scope', async () => {
    const res = await call(t.app, 'POST', url, {
      body: {
        grant_type: 'client_credentials',
        client_id: 'portal-web',
        client_secret: 'public',
        scope: '*',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scope).toBe('public');
  });

  it("when * comes with named scopes then everything is granted, as long as each named one is the client's", async () => {
    const res = await ask(url, '* reports');
    expect(res.statusCode).toBe(200);
    expect(res.json().scope).toBe('public reports');
    const refused = await ask(url, '* staff');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_scope' });
  });
});
