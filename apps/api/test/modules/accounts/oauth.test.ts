import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET, appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, refresh } from '../../helpers/expect';
import { PASSWORD, login, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let email: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const sponsor = await seedSponsor(t.database.db);
  email = sponsor.user.email;
  userId = sponsor.user.id;
});
afterAll(() => t.close());

const tokenUrl = '/member/oauth/token';
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('client credentials', () => {
  it('when the portal asks with JSON then it gets a Bearer application token, not an envelope', async () => {
    const res = await call(t.app, 'POST', tokenUrl, {
      body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBeUndefined();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: t.config.appTokenTtl,
    });
    expect(body.refresh_token).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when the portal asks form-encoded then it gets the same kind of answer', async () => {
    const res = await call(
      t.app,
      'POST',
      tokenUrl,
      form({ grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: expect.any(Number),
    });
  });

  it('when the application token is used on a public call then it works', async () => {
    const res = await call(t.app, 'GET', '/member/v1/countries?only=th', { token: await appToken(t.app) });
    expectData(res);
  });

  it('when the client secret is wrong then the answer is 401 invalid_client', async () => {
    const res = await call(t.app, 'POST', tokenUrl, {
      body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'guess' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client' });
  });

  it('when the client id is unknown then the answer is 401 invalid_client', async () => {
    const res = await call(
      t.app,
      'POST',
      tokenUrl,
      form({ grant_type: 'client_credentials', client_id: 'intruder', client_secret: 'public' }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client' });
  });

  it('when the grant type is not supported then the answer is 400 unsupported_grant_type', async () => {
    const res = await call(t.app, 'POST', tokenUrl, {
      body: { grant_type: 'password', client_id: 'portal-web', username: email, password: 'secret-pass-123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'unsupported_grant_type' });
  });

  it('when the grant type is missing then the answer is 400 invalid_request', async () => {
    const res = await call(t.app, 'POST', tokenUrl, { body: { client_id: 'portal-web' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('when a scope the client does not have is asked then the answer is 400 invalid_scope', async () => {
    const res = await call(t.app, 'POST', tokenUrl, {
      body: {
        grant_type: 'client_credentials',
        client_id: 'portal-web',
        client_secret: 'public',
        scope: 'staff',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_scope');
  });

  it('when an application token calls /v1/me then the answer is 401', async () => {
    const res = await call(t.app, 'GET', '/member/v1/me', { token: await appToken(t.app) });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  it('when a forged bearer token is sent then the answer is 401', async () => {
    const res = await call(t.app, 'GET', '/member/v1/countries', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad',
    });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});

describe('refresh tokens', () => {
  it('when a member signs in then the refresh token is set as an HttpOnly SameSite=Strict cookie on /member', async () => {
    const session = await login(t.app, email);
    expect(session.cookie).toMatchObject({
      value: session.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/member',
    });
    expect(session.cookie?.maxAge).toBe(t.config.refreshTokenTtl);
  });

  it('when a member signs in, refreshes or signs out then the readable session hint follows the refresh cookie', async () => {
    const res = await call(t.app, 'POST', '/member/v1/login', {
      body: { username: email, password: PASSWORD },
    });
    const hint = res.cookies.find((c) => c.name === 'portal_signed_in');
    // Readable by the portal's pages (any path), holding no secret, living as long as the token.
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.maxAge).toBe(t.config.refreshTokenTtl);
    const session = res.json().data as { access_token: string; refresh_token: string };

    const rotated = await refresh(t.app, session.refresh_token, 'cookie');
    expect(rotated.cookies.find((c) => c.name === 'portal_signed_in')?.value).toBe('1');

    const out = await call(t.app, 'POST', '/member/v1/logout', { token: rotated.json().access_token });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'portal_signed_in')).toMatchObject({ value: '', path: '/' });
  });

  it('when a refresh fails or comes without a token then the session hint is cleared with it', async () => {
    const unknown = await refresh(t.app, 'x'.repeat(43), 'cookie');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.cookies.find((c) => c.name === 'portal_signed_in')?.value).toBe('');

    const without = await call(t.app, 'POST', tokenUrl, {
      body: { grant_type: 'refresh_token', client_id: 'portal-web' },
      cookies: { portal_signed_in: '1' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toBe('invalid_request');
    expect(without.cookies.find((c) => c.name === 'portal_signed_in')?.value).toBe('');
  });

  it('when the cookie is used to refresh then the token rotates, a new cookie is set and the old token stops working', async () => {
    const session = await login(t.app, email);
    const res = await refresh(t.app, session.refresh_token, 'cookie');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect(body.refresh_token).not.toBe(session.refresh_token);
    expect(res.cookies.find((c) => c.name === 'portal_rt')).toMatchObject({
      value: body.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
    });

    const me = await call(t.app, 'GET', '/member/v1/me', { token: body.access_token });
    expect(expectData(me).id).toBe(userId);

    const again = await refresh(t.app, session.refresh_token, 'cookie');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('when the body carries refresh_token (form-encoded) then it rotates as well', async () => {
    const session = await login(t.app, email);
    const res = await call(
      t.app,
      'POST',
      tokenUrl,
      form({ grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: session.refresh_token }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).not.toBe(session.refresh_token);
  });

  it('when a used refresh token is replayed then it fails with invalid_grant and the whole family is revoked', async () => {
    const session = await login(t.app, email);
    const first = await refresh(t.app, session.refresh_token);
    expect(first.statusCode).toBe(200);
    const second = await refresh(t.app, first.json().refresh_token);
    expect(second.statusCode).toBe(200);
    const newest = second.json().refresh_token as string;

    const replay = await refresh(t.app, session.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // the cookie is cleared so the browser stops presenting it
    expect(replay.cookies.find((c) => c.name === 'portal_rt')?.value).toBe('');

    const afterReplay = await refresh(t.app, newest);
    expect(afterReplay.statusCode).toBe(400);
    expect(afterReplay.json().error).toBe('invalid_grant');
  });

  it('when one session replays a token then another session of the same member keeps working', async () => {
    const victim = await login(t.app, email);
    const other = await login(t.app, email);
    expect((await refresh(t.app, victim.refresh_token)).statusCode).toBe(200);
    expect((await refresh(t.app, victim.refresh_token)).statusCode).toBe(400);
    const res = await refresh(t.app, other.refresh_token);
    expect(res.statusCode).toBe(200);
  });

  it('when an unknown refresh token is presented then the answer is 400 invalid_grant', async () => {
    const res = await refresh(t.app, 'x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('when no refresh token is presented at all then the answer is 400 invalid_request', async () => {
    const res = await call(t.app, 'POST', tokenUrl, {
      body: { grant_type: 'refresh_token', client_id: 'portal-web' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('when an expired refresh token is presented then the answer is 400 invalid_grant', async () => {
    const session = await login(t.app, email);
    await t.database.pool.query(
      `update refresh_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [userId],
    );
    const res = await refresh(t.app, session.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('user tokens', () => {
  it('when a user access token is used on a public call then it works', async () => {
    const session = await login(t.app, email);
    const res = await call(t.app, 'GET', '/member/v1/provinces', { token: session.access_token });
    expect(expectData(res).pagination.total).toBe(77);
  });

  it('when the access token has expired then the answer is 401 TOKEN_EXPIRED', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = await new SignJWT({ typ: 'user', ut: 'member', cid: 'portal-web', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer('member-portal')
      .setIssuedAt(past)
      .setExpirationTime(past + 900)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await call(t.app, 'GET', '/member/v1/me', { token });
    expectError(res, 401, 'TOKEN_EXPIRED');
  });

  it('when a token is signed with another secret then the answer is 401 UNAUTHENTICATED', async () => {
    const token = await new SignJWT({ typ: 'user', ut: 'staff', cid: 'portal-web', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer('member-portal')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-'.padEnd(48, 'y')));
    const res = await call(t.app, 'GET', '/member/v1/me', { token });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});
