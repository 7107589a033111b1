import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { thaiId, tinyPdf } from '../../src/lib/sample-files';
import { call, type TestApp } from './app';
import { login, seedSponsor } from './fixtures';

export { thaiId, tinyPdf };

export interface FilePart {
  name: string;
  data: Buffer;
  /** What the client claims; the server ignores it. */
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, file?: FilePart, fileField = 'file') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file?: FilePart,
  opts: { method?: 'POST' | 'PUT'; url?: string } = {},
) {
  const { body, headers } = multipart(fields, file);
  return call(app, opts.method ?? 'POST', opts.url ?? '/member/v1/me/documents', { token, body, headers });
}

export const png = (width = 40, height = 30, colour = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
export const jpeg = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
export const gif = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#33cc66' } })
    .gif()
    .toBuffer();
export const pdf = () => tinyPdf('Test document');

/** Every file under the storage directory, relative to it. */
export function storedFiles(t: TestApp): string[] {
  const root = t.config.storageDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

/** A member (user + member row, verified contact) with an access token. */
export async function memberWithToken(t: TestApp) {
  const m = await seedSponsor(t.database.db);
  const session = await login(t.app, m.user.email);
  return { ...m, token: session.access_token };
}

/** A real Thai place: a sub-district with its district, province and post code. */
export async function thaiPlace(t: TestApp, offset = 0) {
  const { rows } = await t.database.pool.query<{ sub: number; dist: number; prov: number; post: string }>(
    `select s.id as sub, d.id as dist, d.province_id as prov, s.post_code as post
     from subdistricts s join districts d on d.id = s.district_id order by s.id offset $1 limit 1`,
    [offset],
  );
  return rows[0]!;
}

export const homeAddress = (p: { sub: number; dist: number; prov: number }) => ({
  type: 'home',
  number: '99/1',
  building: 'หมู่บ้านทดสอบ',
  street: 'ถนนสุขุมวิท',
  province_id: p.prov,
  district_id: p.dist,
  subdistrict_id: p.sub,
  telephone: '02-123-4567',
});

export const bankBody = (name: string, overrides: Record<string, unknown> = {}) => ({
  code: 'kbank',
  account_name: name,
  account_no: '123-4-56789-0',
  type: 'savings',
  branch: 'สีลม',
  ...overrides,
});

/** Everything KYC asks for, given through the API: the member can submit afterwards. */
export async function completeKyc(
  t: TestApp,
  member: { token: string; user: { firstName: string; lastName: string } },
) {
  const token = member.token;
  const place = await thaiPlace(t);
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.body}`);
  };
  ok(
    await call(t.app, 'PUT', '/member/v1/me', {
      token,
      body: { birthday: '1990-05-01', identity_type: 'id_card', identity_value: thaiId('110170001234') },
    }),
    'profile',
  );
  ok(await call(t.app, 'POST', '/member/v1/me/addresses', { token, body: homeAddress(place) }), 'address');
  ok(
    await call(t.app, 'POST', '/member/v1/me/banks', {
      token,
      body: bankBody(`${member.user.firstName} ${member.user.lastName}`),
    }),
    'bank',
  );
  ok(
    await upload(
      t.app,
      token,
      { type: 'government_id', title: 'ID card' },
      { name: 'id.png', data: await png() },
    ),
    'id card',
  );
  ok(
    await upload(t.app, token, { type: 'books_bank', title: 'Bank book' }, { name: 'book.pdf', data: pdf() }),
    'bank book',
  );
}
