import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDocument } from '@portal/contracts/profile';
import type { User } from '@portal/contracts/identity';
import { AppError } from '../../src/lib/errors';
import {
  newStorageKey,
  promoteUpload,
  readUpload,
  stageUpload,
  stagingKey,
  type Storage,
} from '../../src/lib/storage';
import { S3Storage } from '../../src/lib/storage-s3';
import { sweepOrphanUploads, type SweepLog } from '../../src/lib/storage-sweep';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { count, expectData, expectError, row } from '../helpers/expect';
import { memberWithToken, png, tinyPdf, upload } from '../helpers/profile';
import { S3_KEY, startTestS3, type TestS3 } from '../server/s3-server';

/**
 * One contract for every place uploads can live (lib/storage-keys.ts, decision 034): the local disk
 * (STORAGE_DIR, the default) and an S3-compatible bucket (STORAGE_URL) served by a real S3 server
 * that this file starts. The same portal runs on each: the calls of the Storage interface, an upload
 * through the API, and what a crash during an upload leaves and the start-up sweep finishes (the
 * guarantees of issue 12, finding 10, as the local disk has them).
 */
interface Backend {
  name: string;
  /** Settings for the test app. */
  env(): Record<string, string>;
  /** Makes an object `ageMs` old, as a crash long ago would have left it. */
  age(t: TestApp, key: string, ageMs: number): void;
  /** Writes something under the storage that is not the storage's own (a README, another app's file). */
  plantForeign(t: TestApp, name: string): Promise<void>;
  foreignExists(t: TestApp, name: string): Promise<boolean>;
}

let s3: TestS3;
let raw: S3Client;
const s3Prefix = (t: TestApp) => t.config.storageS3!.prefix;

const local: Backend = {
  name: 'the local disk',
  env: () => ({}),
  age(t, key, ageMs) {
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(path.join(t.config.storageDir, ...key.split('/')), at, at);
  },
  async plantForeign(t, name) {
    const file = path.join(t.config.storageDir, ...name.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not ours');
  },
  foreignExists: async (t, name) => fs.existsSync(path.join(t.config.storageDir, ...name.split('/'))),
};

const bucket: Backend = {
  name: 'an S3-compatible bucket',
  env: () => ({ STORAGE_URL: s3.storageUrl(`run-${randomBytes(3).toString('hex')}/uploads`) }),
  age: (t, key, ageMs) => s3.age(`${s3Prefix(t)}${key}`, ageMs),
  async plantForeign(t, name) {
    await raw.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${s3Prefix(t)}${name}`, Body: 'not ours' }),
    );
  },
  async foreignExists(t, name) {
    try {
      await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${s3Prefix(t)}${name}` }));
      return true;
    } catch {
      return false;
    }
  },
};

beforeAll(async () => {
  s3 = await startTestS3();
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY.id, secretAccessKey: S3_KEY.secret },
  });
});
afterAll(async () => {
  raw?.destroy();
  await s3?.close();
});

const HOUR = 3_600_000;
const bytes = (n: number) => randomBytes(n);
async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list()) keys.push(o.key);
  return keys.sort();
}
function quietLog() {
  const errors: unknown[] = [];
  const log: SweepLog = { info: () => {}, error: (obj) => errors.push(obj) };
  return { log, errors };
}

describe.each([local, bucket])('uploads on $name', (backend) => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof memberWithToken>>;
  const storage = () => t.app.ctx.storage;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', ...backend.env() });
    member = await memberWithToken(t);
    // A failure inside the transaction, after the file was written: rows titled "crash-now".
    await t.database.pool.query(`
      create function simulated_crash() returns trigger language plpgsql as $$
        begin raise exception 'simulated crash'; end $$;
      create trigger crash_documents before insert or update on documents
        for each row when (new.title = 'crash-now') execute function simulated_crash();`);
  });
  afterAll(() => t?.close());

  /** The process dies right after the failure: nothing it would have cleaned up is cleaned up. */
  async function crashing<T>(overrides: Partial<Storage>, run: () => Promise<T>): Promise<T> {
    const real = t.app.ctx.storage;
    t.app.ctx.storage = Object.assign(Object.create(real) as Storage, overrides);
    try {
      return await run();
    } finally {
      t.app.ctx.storage = real;
    }
  }
  const inPlace = async () => (await keysOf(storage())).filter((k) => !k.startsWith('.tmp/'));
  const staged = async () => (await keysOf(storage())).filter((k) => k.startsWith('.tmp/'));
  const storageKeyOf = async (documentId: number) =>
    (await row<{ storage_key: string }>(t, 'select storage_key from documents where id = $1', [documentId]))!
      .storage_key;

  describe('the storage calls', () => {
    it('when an object is put then get answers the same bytes, and a second put replaces them', async () => {
      const key = newStorageKey('documents');
      const first = bytes(300_000);
      first[0] = 0x00;
      first[1] = 0xff;
      await storage().put(key, first);
      expect((await storage().get(key))!.equals(first)).toBe(true);
      const second = bytes(10);
      await storage().put(key, second);
      expect((await storage().get(key))!.equals(second)).toBe(true);
      await storage().delete(key);
      expect(await storage().get(key)).toBeNull();
    });

    it('when a key was never written then get answers null and delete succeeds', async () => {
      const key = newStorageKey('slips', '.jpg');
      expect(await storage().get(key)).toBeNull();
      await expect(storage().delete(key)).resolves.toBeUndefined();
    });

    it('when an object is moved then it is under the new key, replacing what was there, and gone from the old', async () => {
      const key = newStorageKey('avatars', '-original.jpg');
      const data = bytes(2048);
      await storage().put(stagingKey(key), data);
      await storage().put(key, Buffer.from('older'));
      await storage().move(stagingKey(key), key);
      expect((await storage().get(key))!.equals(data)).toBe(true);
      expect(await storage().get(stagingKey(key))).toBeNull();
    });

    it('when the object to move does not exist then move fails and creates nothing', async () => {
      const key = newStorageKey('documents');
      await expect(storage().move(stagingKey(key), key)).rejects.toThrow();
      expect(await storage().get(key)).toBeNull();
    });

    it('when objects are in place, staged and half-written then list yields each with its write time, and nothing that is not the storage’s own', async () => {
      const before = Date.now() - 5_000; // S3 keeps whole seconds
      const keys = [
        newStorageKey('documents'),
        stagingKey(newStorageKey('avatars', '-thumbnail.png')),
        `products/${randomUUID()}.4242.${randomUUID()}.tmp`,
      ];
      for (const key of keys) await storage().put(key, Buffer.from(key));
      await backend.plantForeign(t, 'documents/README');
      await backend.plantForeign(t, 'notes.txt');
      const listed = new Map<string, Date>();
      for await (const o of storage().list()) listed.set(o.key, o.modifiedAt);
      for (const key of keys) {
        expect(listed.get(key), key).toBeInstanceOf(Date);
        expect(listed.get(key)!.getTime()).toBeGreaterThanOrEqual(before);
        expect(listed.get(key)!.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      }
      expect(listed.has('documents/README')).toBe(false);
      expect(listed.has('notes.txt')).toBe(false);
      for (const key of keys) await storage().delete(key);
    });

    it('when a key was not made by the server then every call refuses it before touching the storage', async () => {
      const before = await keysOf(storage());
      const bad = [
        '../outside',
        'documents/../../etc/passwd',
        '/documents/abc',
        'documents/not-a-uuid',
        `documents/${randomUUID()}/../x`,
        '',
      ];
      for (const key of bad) {
        await expect(storage().put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage().get(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage().delete(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage().move(key, newStorageKey('documents')), key).rejects.toThrow(
          /Invalid storage key/,
        );
      }
      expect(await keysOf(storage())).toEqual(before);
    });

    it('when an upload is staged then it reads staged, and once promoted it reads in place', async () => {
      const key = newStorageKey('slips', '.png');
      const data = bytes(1000);
      await stageUpload(storage(), key, data);
      expect(await storage().get(key)).toBeNull();
      expect((await readUpload(storage(), key))!.equals(data)).toBe(true);
      await promoteUpload(storage(), key);
      expect((await storage().get(key))!.equals(data)).toBe(true);
      expect(await storage().get(stagingKey(key))).toBeNull();
      await storage().delete(key);
    });

    it('when the storage fails a write then staging answers UPLOAD_FAILED and leaves nothing staged', async () => {
      const key = newStorageKey('documents');
      const failing = Object.assign(Object.create(storage()) as Storage, {
        put: () => Promise.reject(new Error('bucket full')),
      });
      const logged: unknown[] = [];
      const err = await stageUpload(failing, key, bytes(10), (e) => logged.push(e)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).errorCode).toBe('UPLOAD_FAILED');
      expect(logged).toHaveLength(1);
      expect(await storage().get(stagingKey(key))).toBeNull();
    });
  });

  describe('an upload through the API', () => {
    it('when a member uploads a KYC document then it downloads with the same bytes, from this storage', async () => {
      const data = tinyPdf('National ID card, both sides');
      const doc = expectData<MemberDocument>(
        await upload(
          t.app,
          member.token,
          { type: 'government_id', title: 'ID card' },
          { name: 'id.pdf', data },
        ),
        201,
      );
      const download = await call(t.app, 'GET', doc.file.url, { token: member.token });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(data)).toBe(true);
      const key = await storageKeyOf(doc.id);
      expect((await storage().get(key))!.equals(data)).toBe(true);
      if (t.config.storageS3) {
        // In the bucket under the URL's prefix, and nothing on this host's disk.
        const object = await raw.send(
          new GetObjectCommand({ Bucket: s3.bucket, Key: `${s3Prefix(t)}${key}` }),
        );
        expect(Buffer.from(await object.Body!.transformToByteArray()).equals(data)).toBe(true);
        expect(fs.existsSync(t.config.storageDir)).toBe(false);
      }
    });
  });

  describe('a crash during an upload, and the sweep at start', () => {
    it('when the transaction fails after the document was written and nothing cleans up then no row and no object in place exist, and the sweep removes the staged one once it is old', async () => {
      const rows = await count(t, 'select count(*) as n from documents where user_id = $1', [member.user.id]);
      const before = await inPlace();
      const stagedBefore = await staged();
      const res = await crashing({ delete: async () => {} }, () =>
        upload(
          t.app,
          member.token,
          { type: 'other', title: 'crash-now' },
          { name: 'a.pdf', data: tinyPdf('x') },
        ),
      );
      expectError(res, 500, 'INTERNAL_ERROR');
      expect(await count(t, 'select count(*) as n from documents where user_id = $1', [member.user.id])).toBe(
        rows,
      );
      expect(await inPlace()).toEqual(before);
      const left = (await staged()).filter((k) => !stagedBefore.includes(k));
      expect(left).toHaveLength(1);
      // Fresh, it may be an upload in flight: the sweep leaves it…
      await sweepOrphanUploads(t.database.db, storage(), quietLog().log);
      expect(await staged()).toContain(left[0]);
      // …and once older than an upload takes, removes it.
      backend.age(t, left[0]!, HOUR);
      const result = await sweepOrphanUploads(t.database.db, storage(), quietLog().log);
      expect(result.removed).toBeGreaterThanOrEqual(1);
      expect(await staged()).not.toContain(left[0]);
      expect(await inPlace()).toEqual(before);
    });

    it('when the move into place fails after the commit then the upload is saved and downloads, and the sweep moves it into place', async () => {
      const late = tinyPdf('Moved late');
      const doc = await crashing(
        { move: () => Promise.reject(new Error('store gone for a moment')) },
        async () =>
          expectData<MemberDocument>(
            await upload(
              t.app,
              member.token,
              { type: 'other', title: 'Late' },
              { name: 'c.pdf', data: late },
            ),
            201,
          ),
      );
      const key = await storageKeyOf(doc.id);
      expect(await storage().get(key)).toBeNull();
      expect((await storage().get(stagingKey(key)))!.equals(late)).toBe(true);
      const first = await call(t.app, 'GET', doc.file.url, { token: member.token });
      expect(first.statusCode).toBe(200);
      expect(first.rawPayload.equals(late)).toBe(true);

      // Fresh or not, a staged object whose row was committed is moved into place.
      const result = await sweepOrphanUploads(t.database.db, storage(), quietLog().log);
      expect(result.promoted).toBe(1);
      expect((await storage().get(key))!.equals(late)).toBe(true);
      expect(await storage().get(stagingKey(key))).toBeNull();
      const again = await call(t.app, 'GET', doc.file.url, { token: member.token });
      expect(again.rawPayload.equals(late)).toBe(true);
    });

    it('when the storage holds orphans, staged objects and partial writes then the sweep removes the old ones and keeps referenced, fresh and foreign objects', async () => {
      const doc = expectData<MemberDocument>(
        await upload(
          t.app,
          member.token,
          { type: 'other', title: 'Kept' },
          { name: 'd.pdf', data: tinyPdf('d') },
        ),
        201,
      );
      const docKey = await storageKeyOf(doc.id);
      const user = expectData<User>(
        await call(t.app, 'PUT', '/member/v1/me', {
          token: member.token,
          body: { avatar_base64: (await png(200, 200)).toString('base64') },
        }),
      );
      const avatarKeys = [user.images.avatar.original!, user.images.avatar.thumbnail!].map(
        (url) => `avatars/${url.split('/').pop()}`,
      );
      for (const key of [docKey, ...avatarKeys]) backend.age(t, key, HOUR);

      const old = [
        `documents/${randomUUID()}`,
        `avatars/${randomUUID()}-original.jpg`,
        `.tmp/documents/${randomUUID()}`,
        `documents/${randomUUID()}.4242.${randomUUID()}.tmp`,
        `.tmp/avatars/${randomUUID()}-thumbnail.png.4242.${randomUUID()}.tmp`,
      ];
      const fresh = [`documents/${randomUUID()}`, `.tmp/documents/${randomUUID()}`];
      for (const key of [...old, ...fresh]) await storage().put(key, Buffer.from('planted'));
      for (const key of old) backend.age(t, key, HOUR);
      for (const key of fresh) backend.age(t, key, 60_000);
      await backend.plantForeign(t, 'documents/README');

      const { log, errors } = quietLog();
      const result = await sweepOrphanUploads(t.database.db, storage(), log);
      expect(errors).toEqual([]);
      expect(result.removed).toBeGreaterThanOrEqual(old.length);
      const left = new Set(await keysOf(storage()));
      for (const key of old) expect(left.has(key), key).toBe(false);
      for (const key of [docKey, ...avatarKeys, ...fresh]) expect(left.has(key), key).toBe(true);
      expect(await backend.foreignExists(t, 'documents/README')).toBe(true);
      // What is referenced still answers.
      expect((await call(t.app, 'GET', doc.file.url, { token: member.token })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', user.images.avatar.thumbnail!, { appKey: null })).statusCode).toBe(
        200,
      );
    });

    it('when the storage cannot be listed then the sweep logs the failure and returns, removing nothing', async () => {
      const broken = Object.assign(Object.create(storage()) as Storage, {
        // eslint-disable-next-line require-yield
        list: async function* () {
          throw new Error('bucket unreachable');
        },
      });
      const before = await keysOf(storage());
      const { log, errors } = quietLog();
      await expect(sweepOrphanUploads(t.database.db, broken, log)).resolves.toEqual({
        promoted: 0,
        removed: 0,
      });
      expect(errors).toHaveLength(1);
      expect(await keysOf(storage())).toEqual(before);
    });
  });
});

describe('an S3 bucket with more objects than one page', () => {
  it('when the bucket lists in pages then list follows the continuation tokens to the last object', async () => {
    const settings = {
      bucket: s3.bucket,
      prefix: `paging-${randomBytes(3).toString('hex')}/`,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3_KEY.id, secretAccessKey: S3_KEY.secret },
    };
    const paged = new S3Storage(settings, 2);
    const keys = Array.from({ length: 7 }, (_, i) =>
      i % 2 ? stagingKey(newStorageKey('documents')) : newStorageKey('products', '.webp'),
    );
    for (const key of keys) await paged.put(key, Buffer.from(key));
    expect(await keysOf(paged)).toEqual([...keys].sort());
    expect(await keysOf(new S3Storage(settings))).toEqual([...keys].sort());
    for (const key of keys)
      await raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: settings.prefix + key }));
    expect(await keysOf(paged)).toEqual([]);
  });

  it('when the server is unreachable then a call fails instead of waiting for ever', async () => {
    const gone = new S3Storage({
      bucket: s3.bucket,
      prefix: '',
      endpoint: 'http://127.0.0.1:9', // discard port: nothing listens
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3_KEY.id, secretAccessKey: S3_KEY.secret },
    });
    await expect(gone.get(newStorageKey('documents'))).rejects.toThrow();
  });
});
