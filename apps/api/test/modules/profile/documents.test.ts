import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { MemberDocument } from '@portal/contracts/profile';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, row } from '../../helpers/expect';
import { gif, jpeg, memberWithToken, pdf, png, storedFiles, upload } from '../../helpers/profile';

const LIMIT = 64 * 1024;
let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', UPLOAD_MAX_BYTES: String(LIMIT) });
  member = await memberWithToken(t);
});
afterAll(() => t.close());

const docRows = () => count(t, 'select count(*) as n from documents where user_id = $1', [member.user.id]);
const SERVER_NAME = /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('uploading documents', () => {
  it('when a member uploads a PNG, JPEG, GIF and PDF then each is stored with its type found from its bytes', async () => {
    const files = [
      { type: 'government_id', name: 'card.png', data: await png(), mime: 'image/png' },
      { type: 'passport', name: 'passport.jpeg', data: await jpeg(), mime: 'image/jpeg' },
      { type: 'other', name: 'anim.gif', data: await gif(), mime: 'image/gif' },
      { type: 'books_bank', name: 'book.pdf', data: pdf(), mime: 'application/pdf' },
    ];
    for (const f of files) {
      const doc = expectData<MemberDocument>(
        await upload(
          t.app,
          member.token,
          { type: f.type, title: `My ${f.type}`, note: 'note' },
          { name: f.name, data: f.data, type: 'text/plain' },
        ),
        201,
      );
      expect(doc).toMatchObject({
        type: f.type,
        title: `My ${f.type}`,
        note: 'note',
        description: null,
        status: 'draft',
        reason: null,
      });
      expect(doc.file).toMatchObject({
        name: f.name,
        mime_type: f.mime,
        size: f.data.length,
        url: `/member/v1/me/documents/${doc.id}/file`,
      });
    }
    const list = expectData<Page<MemberDocument>>(
      await call(t.app, 'GET', '/member/v1/me/documents?per_page=100', { token: member.token }),
    );
    expect(list.pagination.total).toBe(4);
    const onlyPassports = expectData<Page<MemberDocument>>(
      await call(t.app, 'GET', '/member/v1/me/documents?type=passport', { token: member.token }),
    );
    expect(onlyPassports.items.map((d) => d.type)).toEqual(['passport']);
  });

  it('when a file is exactly the limit then it is accepted', async () => {
    const base = await png();
    const data = Buffer.concat([base, Buffer.alloc(LIMIT - base.length)]);
    expectData(await upload(t.app, member.token, { type: 'other' }, { name: 'exact.png', data }), 201);
  });

  describe('hostile files leave no row and no file behind', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, string, string][] = [
      [
        'an HTML page renamed .png',
        () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        'photo.png',
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a Windows executable renamed .pdf',
        () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]),
        'statement.pdf',
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an SVG image',
        () =>
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
          ),
        'logo.svg',
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a PNG one byte over the limit',
        async () => {
          const b = await png();
          return Buffer.concat([b, Buffer.alloc(LIMIT + 1 - b.length)]);
        },
        'big.png',
        'PAYLOAD_TOO_LARGE',
      ],
      ['an empty file', () => Buffer.alloc(0), 'empty.png', 'VALIDATION_ERROR'],
    ];
    it.each(cases)(
      'when the file is %s then the answer is 422 with a file message',
      async (_what, make, name, code) => {
        const rowsBefore = await docRows();
        const filesBefore = storedFiles(t);
        const status = expectError(
          await upload(
            t.app,
            member.token,
            { type: 'government_id' },
            { name, data: await make(), type: 'image/png' },
          ),
          422,
          code as 'UNSUPPORTED_MEDIA_TYPE',
        );
        expect(status.errors?.file?.[0]).toBeTruthy();
        expect(await docRows()).toBe(rowsBefore);
        expect(storedFiles(t)).toEqual(filesBefore);
      },
    );
  });

  it('when the file is named in Thai or with a path then it is stored under a server-made name and shown by its last segment', async () => {
    for (const [name, shown] of [
      ['บัตรประชาชน ด้านหน้า.png', 'บัตรประชาชน ด้านหน้า.png'],
      ['../../etc/passwd', 'passwd.png'],
      ['..\\..\\windows\\win.ini', 'win.png'],
    ]) {
      const before = storedFiles(t);
      const doc = expectData<MemberDocument>(
        await upload(t.app, member.token, { type: 'other' }, { name: name!, data: await png() }),
        201,
      );
      expect(doc.file.name).toBe(shown);
      const added = storedFiles(t).filter((f) => !before.includes(f));
      expect(added).toHaveLength(1);
      const stored = await row<{ storage_key: string; file_name: string }>(
        t,
        'select storage_key, file_name from documents where id = $1',
        [doc.id],
      );
      expect(stored!.storage_key).toMatch(SERVER_NAME);
      expect(added[0]!.split(path.sep).join('/')).toBe(stored!.storage_key);
      expect(stored!.file_name).toBe(shown);
    }
    expect(fs.existsSync(path.join(t.config.storageDir, '..', '..', 'etc'))).toBe(false);
  });

  it('when the form carries fields a member may not set then the answer is 422 and nothing is stored', async () => {
    const rowsBefore = await docRows();
    const filesBefore = storedFiles(t);
    for (const extra of [{ status: 'success' }, { user_id: '1' }, { reason: 'x' }] as Record<
      string,
      string
    >[]) {
      const status = expectError(
        await upload(t.app, member.token, { type: 'other', ...extra }, { name: 'a.png', data: await png() }),
        422,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(status.errors ?? {})).toEqual(Object.keys(extra));
    }
    expectError(
      await upload(t.app, member.token, { type: 'selfie' }, { name: 'a.png', data: await png() }),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await upload(t.app, member.token, { type: 'other' }), 422, 'VALIDATION_ERROR');
    expect(await docRows()).toBe(rowsBefore);
    expect(storedFiles(t)).toEqual(filesBefore);
  });

  it('when the storage fails to write then the answer is 500 UPLOAD_FAILED and no row is left', async () => {
    const storage = t.app.ctx.storage;
    t.app.ctx.storage = {
      ...storage,
      put: async () => Promise.reject(new Error('disk full')),
      get: storage.get.bind(storage),
      delete: storage.delete.bind(storage),
    };
    try {
      const rowsBefore = await docRows();
      const status = expectError(
        await upload(t.app, member.token, { type: 'other' }, { name: 'a.png', data: await png() }),
        500,
        'UPLOAD_FAILED',
      );
      expect(status.message).toBe('Failed to upload document');
      expect(await docRows()).toBe(rowsBefore);
    } finally {
      t.app.ctx.storage = storage;
    }
  });

  it('when the body is JSON instead of multipart then the answer is 415', async () => {
    expectError(
      await call(t.app, 'POST', '/member/v1/me/documents', { token: member.token, body: { type: 'other' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('when no token is sent then uploading is 401', async () => {
    expectError(
      await upload(t.app, '', { type: 'other' }, { name: 'a.png', data: await png() }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('updating, downloading and deleting documents', () => {
  let doc: MemberDocument;
  beforeAll(async () => {
    doc = expectData<MemberDocument>(
      await upload(
        t.app,
        member.token,
        { type: 'government_id', title: 'Old' },
        { name: 'old.png', data: await png() },
      ),
      201,
    );
  });

  it('when the file is downloaded then it comes as an attachment with its type and nosniff', async () => {
    const res = await call(t.app, 'GET', doc.file.url, { token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="old.png"; filename\*=UTF-8''old.png$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('when a Thai-named file is downloaded then the header carries an ASCII fallback and the UTF-8 name', async () => {
    const thai = expectData<MemberDocument>(
      await upload(t.app, member.token, { type: 'other' }, { name: 'สมุดบัญชี.pdf', data: pdf() }),
      201,
    );
    const res = await call(t.app, 'GET', thai.file.url, { token: member.token });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_____${'_'.repeat(4)}.pdf"; filename*=UTF-8''${encodeURIComponent('สมุดบัญชี.pdf')}`,
    );
  });

  it('when the member posts _method=PUT with fields only then the fields change and the file stays', async () => {
    const updated = expectData<MemberDocument>(
      await upload(
        t.app,
        member.token,
        { _method: 'PUT', title: 'New title', description: 'front side' },
        undefined,
        { url: `/member/v1/me/documents/${doc.id}` },
      ),
    );
    expect(updated).toMatchObject({
      id: doc.id,
      title: 'New title',
      description: 'front side',
      note: null,
      file: doc.file,
    });
  });

  it('when the member posts a new file then it replaces the old one, whose stored file is removed', async () => {
    const oldKey = (await row<{ storage_key: string }>(t, 'select storage_key from documents where id = $1', [
      doc.id,
    ]))!.storage_key;
    const updated = expectData<MemberDocument>(
      await upload(
        t.app,
        member.token,
        { _method: 'PUT' },
        { name: 'new.pdf', data: pdf() },
        { url: `/member/v1/me/documents/${doc.id}` },
      ),
    );
    expect(updated.file).toMatchObject({ name: 'new.pdf', mime_type: 'application/pdf' });
    expect(storedFiles(t).map((f) => f.split(path.sep).join('/'))).not.toContain(oldKey);
  });

  it('when PUT is used directly then it updates the same way', async () => {
    const updated = expectData<MemberDocument>(
      await upload(t.app, member.token, { note: 'via PUT' }, undefined, {
        method: 'PUT',
        url: `/member/v1/me/documents/${doc.id}`,
      }),
    );
    expect(updated.note).toBe('via PUT');
  });

  it('when POST to a document lacks _method=PUT then the answer is 422 and nothing changes', async () => {
    const before = await row(t, 'select * from documents where id = $1', [doc.id]);
    const status = expectError(
      await upload(t.app, member.token, { title: 'x' }, undefined, {
        url: `/member/v1/me/documents/${doc.id}`,
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?._method).toBeDefined();
    expect(await row(t, 'select * from documents where id = $1', [doc.id])).toEqual(before);
  });

  it('when an update sends a hostile file then nothing changes and no file is left', async () => {
    const before = await row(t, 'select * from documents where id = $1', [doc.id]);
    const files = storedFiles(t);
    expectError(
      await upload(
        t.app,
        member.token,
        { _method: 'PUT', title: 'hacked' },
        { name: 'x.png', data: Buffer.from('<html></html>') },
        { url: `/member/v1/me/documents/${doc.id}` },
      ),
      422,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(await row(t, 'select * from documents where id = $1', [doc.id])).toEqual(before);
    expect(storedFiles(t)).toEqual(files);
  });

  it('when the member deletes a document then its row and its file are gone', async () => {
    const target = expectData<MemberDocument>(
      await upload(t.app, member.token, { type: 'other' }, { name: 'bye.png', data: await png() }),
      201,
    );
    const key = (await row<{ storage_key: string }>(t, 'select storage_key from documents where id = $1', [
      target.id,
    ]))!.storage_key;
    expectData(await call(t.app, 'DELETE', `/member/v1/me/documents/${target.id}`, { token: member.token }));
    expect(await count(t, 'select count(*) as n from documents where id = $1', [target.id])).toBe(0);
    expect(storedFiles(t).map((f) => f.split(path.sep).join('/'))).not.toContain(key);
    expectError(
      await call(t.app, 'GET', `/member/v1/me/documents/${target.id}`, { token: member.token }),
      404,
      'NOT_FOUND_DOCUMENT',
    );
  });
});
