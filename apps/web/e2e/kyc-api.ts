import { deflateSync } from 'node:zlib';
import { baseUrl } from './browser';
import { thaiId, tinyPdf } from '../../api/src/lib/sample-files';

export { thaiId, tinyPdf };

/**
 * Files and API shortcuts for the profile and KYC tests: a small real PNG and PDF made here, and a
 * member brought to "submitted for review" through the API (the screens have their own test).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width × height PNG of an ID-card-like picture: a coloured card with a darker photo box. */
export function cardPng(width = 172, height = 108): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const photo = x > 12 && x < 60 && y > 20 && y < 88;
      const stripe = y > 8 && y < 16;
      const [r, g, b] = photo ? [70, 90, 120] : stripe ? [0, 138, 115] : [214, 236, 228];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Thai ID nobody else in this run has. */
export function freshThaiId(): string {
  return thaiId(`1${String(Date.now()).slice(-8)}${String(process.pid % 1000).padStart(3, '0')}`);
}

async function call<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Key': 'portal-web' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${baseUrl()}${path}`, { method: init.method ?? 'GET', headers, body });
  const json = (await res.json()) as { data?: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

export async function signInApi(username: string, password: string): Promise<string> {
  const data = await call<{ access_token: string }>('/member/v1/login', {
    method: 'POST',
    body: { username, password },
  });
  return data.access_token;
}

/**
 * Gives a fresh member everything KYC needs (birthday, ID number, a Bangkok home address, a bank
 * account, an ID card picture and a bank book PDF) and submits it for review. Answers the member id.
 */
export async function submitKycByApi(email: string, password: string, accountName: string): Promise<number> {
  const token = await signInApi(email, password);
  await call('/member/v1/me', {
    method: 'PUT',
    token,
    body: { birthday: '1990-05-17', identity_type: 'id_card', identity_value: freshThaiId() },
  });
  const provinces = await call<{ items: { id: number; name_en: string }[] }>(
    '/member/v1/provinces?per_page=300',
    { token },
  );
  const bangkok = provinces.items.find((p) => p.name_en === 'Bangkok')!;
  const districts = await call<{ items: { id: number }[] }>(
    `/member/v1/districts?province_id=${bangkok.id}&per_page=300`,
    { token },
  );
  const subs = await call<{ items: { id: number }[] }>(
    `/member/v1/subdistricts?district_id=${districts.items[0]!.id}&per_page=300`,
    { token },
  );
  await call('/member/v1/me/addresses', {
    method: 'POST',
    token,
    body: {
      type: 'home',
      number: '99/1',
      street: 'ราชดำเนิน',
      province_id: bangkok.id,
      district_id: districts.items[0]!.id,
      subdistrict_id: subs.items[0]!.id,
    },
  });
  await call('/member/v1/me/banks', {
    method: 'POST',
    token,
    body: { code: 'scb', account_name: accountName, account_no: '4021234567', type: 'savings' },
  });
  for (const [type, name, data, mime] of [
    ['government_id', 'id-card.png', cardPng(), 'image/png'],
    ['books_bank', 'bank-book.pdf', tinyPdf('Bank book'), 'application/pdf'],
  ] as const) {
    const form = new FormData();
    form.append('type', type);
    form.append('file', new Blob([new Uint8Array(data)], { type: mime }), name);
    await call('/member/v1/me/documents', { method: 'POST', token, form });
  }
  const kyc = await call<{ member_id: number }>('/member/v1/me/kyc/submit', {
    method: 'POST',
    token,
    body: {},
  });
  return kyc.member_id;
}
