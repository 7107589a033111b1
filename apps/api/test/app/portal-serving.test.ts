import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The built portal as the server serves it, on a small stand-in for apps/web/dist: a page, a hashed
 * script, each also as .br and .gz as the build writes them, and the build's list of route patterns.
 */
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const ROUTES = [
  '/',
  '/auth/Check',
  '/auth/login',
  '/auth/register/:refererCode',
  '/auth/reset_password/:resetPasswordToken',
  '/dashboard',
  '/staff/kyc/:memberId',
];

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  const write = (file: string, text: string, compressed = true) => {
    const full = path.join(webDist, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    if (!compressed) return;
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/index-Ab12Cd.js', SCRIPT);
  write('.vite/portal-routes.json', JSON.stringify({ routes: ROUTES }), false);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** The body as the browser reads it, after undoing the content encoding. */
function text(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe('hashed assets', () => {
  it('when the browser accepts brotli or gzip then the script comes precompressed that way, cached a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd.js', accept);
      expect(res.statusCode, `Accept-Encoding: ${accept}`).toBe(200);
      expect(res.headers['content-encoding'], `Accept-Encoding: ${accept}`).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(text(res)).toBe(SCRIPT);
    }
    const br = await get('/assets/index-Ab12Cd.js', 'br');
    expect(Number(br.headers['content-length'])).toBeLessThan(SCRIPT.length / 5);
  });
});

describe('the portal page', () => {
  it('when a page is opened then index.html comes compressed and marked no-cache (checked again on every visit)', async () => {
    for (const url of ['/', '/index.html', '/dashboard']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(text(res)).toBe(INDEX);
    }
  });

  it('when a known portal route is asked, dynamic segments and any letter case included, then it answers 200 with the portal', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/dashboard/',
      '/auth/login?next=%2Fdashboard',
      '/auth/check',
      '/auth/register/DEMO2026',
      '/auth/reset_password/abc.def-123?code=123456',
      '/staff/kyc/42',
    ]) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(text(res), url).toBe(INDEX);
    }
  });

  it('when an unknown address is asked then it answers 404 with the portal, which shows its own translated not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/dashboard/extra',
      '/auth/register',
      '/auth/register/CODE/more',
      '/staff',
      '/staff/kyc/42/documents',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(text(res), url).toBe(INDEX);
    }
    // A missing file is not a page: no HTML where a script or an image was expected.
    const missing = await get('/assets/index-Missing.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: { code: 404 } });
  });
});

describe('the APIs', () => {
  it('when an unknown API address is asked, with or without a query, then it is the JSON 404, never the portal', async () => {
    for (const url of [
      '/member',
      '/member?lang=th',
      '/member/v1/no-such-call',
      '/network/api/v1/no-such-call?x=1',
      '/staff/v1/no-such-call',
      '/shop/anything',
      '/dev/outbox',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toMatchObject({ status: { code: 404 } });
    }
  });
});
