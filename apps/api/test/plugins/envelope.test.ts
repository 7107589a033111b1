import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { expectData, expectError } from '../helpers/expect';
import { seedSponsor } from '../helpers/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app key', () => {
  it('when a request to the member API has no X-App-Key then it gets 401 INVALID_APP_KEY', async () => {
    const res = await call(t.app, 'GET', '/member/v1/countries', { appKey: null });
    expectError(res, 401, 'INVALID_APP_KEY');
  });

  it('when a request carries an unknown X-App-Key then it gets 401 INVALID_APP_KEY', async () => {
    const res = await call(t.app, 'GET', '/member/v1/countries', { appKey: 'someone-else' });
    expectError(res, 401, 'INVALID_APP_KEY');
  });

  it('when the token endpoint is called without an app key then it gets 401 INVALID_APP_KEY and no token', async () => {
    const res = await call(t.app, 'POST', '/member/oauth/token', {
      appKey: null,
      body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
    });
    expectError(res, 401, 'INVALID_APP_KEY');
    expect(res.body).not.toContain('access_token');
  });

  it('when login is called with a wrong app key then no session is created', async () => {
    const sponsor = await seedSponsor(t.database.db);
    const res = await call(t.app, 'POST', '/member/v1/login', {
      appKey: 'wrong',
      body: { username: sponsor.user.email, password: 'secret-pass-123' },
    });
    expectError(res, 401, 'INVALID_APP_KEY');
    const { rows } = await t.database.pool.query('select 1 from refresh_tokens where user_id = $1', [
      sponsor.user.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('malformed and oversized bodies', () => {
  it('when the JSON body is malformed then the answer is a 400 MALFORMED_JSON envelope without a stack trace', async () => {
    const res = await call(t.app, 'POST', '/member/v1/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"username": "a@b.example", "password": ',
    });
    expectError(res, 400, 'MALFORMED_JSON');
    expect(res.body).not.toMatch(/stack|at .*\.(js|ts):\d+|SyntaxError/);
  });

  it('when a JSON content type comes with an empty body then the answer is 400 MALFORMED_JSON', async () => {
    const res = await call(t.app, 'POST', '/member/v1/login', {
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expectError(res, 400, 'MALFORMED_JSON');
  });

  it('when the body is larger than BODY_LIMIT_BYTES then the answer is 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ username: 'a@b.example', password: 'x'.repeat(t.config.bodyLimit + 10) });
    const res = await call(t.app, 'POST', '/member/v1/login', {
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('when a form-encoded body is larger than BODY_LIMIT_BYTES then the token endpoint answers 413 as well', async () => {
    const res = await call(t.app, 'POST', '/member/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=portal-web&client_secret=${'x'.repeat(t.config.bodyLimit + 10)}`,
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('routes', () => {
  it('when an unknown route under /member is called then the answer is a 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/member/v1/no-such-thing');
    expectError(res, 404, 'NOT_FOUND');
  });

  it('when an unknown method is used on a known path then the answer is a 404 envelope, not HTML', async () => {
    const res = await call(t.app, 'DELETE', '/member/v1/countries');
    expectError(res, 404, 'NOT_FOUND');
  });

  it('when a browser opens a portal page under /staff then it gets the portal, while /staff/v1 stays the API', async () => {
    // The staff pages (/staff/kyc) share the /staff prefix with the staff API (/staff/v1/...).
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>portal</title>');
    const w = await createTestApp({ WEB_DIST: web });
    try {
      for (const page of ['/staff/kyc', '/staff/kyc/42', '/profile']) {
        const res = await call(w.app, 'GET', page, { appKey: null });
        expect(res.statusCode, page).toBe(200);
        expect(res.body, page).toContain('<title>portal</title>');
      }
      expectError(await call(w.app, 'GET', '/staff/v1/no-such-thing'), 404, 'NOT_FOUND');
      expectError(await call(w.app, 'GET', '/member/no-such-thing'), 404, 'NOT_FOUND');
    } finally {
      await w.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });

  it('when /health is asked then it answers 200', async () => {
    const res = await call(t.app, 'GET', '/health', { appKey: null });
    expect(expectData(res)).toEqual({ status: 'ok' });
  });

  it('when /ready is asked with the database up then it answers 200', async () => {
    const res = await call(t.app, 'GET', '/ready', { appKey: null });
    expect(expectData(res)).toEqual({
      status: 'ready',
      // With DATABASE_URL no nightly backup is taken here, and none has been (/staff/v1/backups has more).
      backup: { nightly: false, last_success_at: null, warning: false },
    });
  });

  it('when the database does not answer then /ready is 503 SERVICE_UNAVAILABLE while /health stays 200', async () => {
    const pool = t.database.pool;
    const query = pool.query.bind(pool);
    pool.query = (() => Promise.reject(new Error('connection refused'))) as unknown as typeof pool.query;
    try {
      const status = expectError(
        await call(t.app, 'GET', '/ready', { appKey: null }),
        503,
        'SERVICE_UNAVAILABLE',
      );
      expect(JSON.stringify(status)).not.toContain('connection refused');
      expectData(await call(t.app, 'GET', '/health', { appKey: null }));
    } finally {
      pool.query = query;
    }
  });

  it('when an API answer is sent then it carries helmet headers (nosniff, no framing)', async () => {
    const res = await call(t.app, 'GET', '/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
