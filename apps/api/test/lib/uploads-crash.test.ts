import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/contracts/identity';
import type { MemberDocument } from '@portal/contracts/profile';
import { sweepOrphanUploads, type SweepLog } from '../../src/lib/storage-sweep';
import type { Storage } from '../../src/lib/storage';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { count, expectData, expectError, row } from '../helpers/expect';
import { memberWithToken, pdf, png, storedFiles, tinyPdf, upload } from '../helpers/profile';

/**
 * Issue #12, finding 10: the file of an upload was written in place before its row's transaction,
 * so a crash in between left a file no row knows, and nothing ever removed such files. An upload
 * is now staged under `.tmp/`, moved into place after the commit, and a sweep at start finishes or
 * removes what a crash left.
 */
let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await memberWithToken(t);
  // A failure inside the transaction, after the file was written: rows titled or named "crash-now".
  await t.database.pool.query(`
    create function simulated_crash() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash'; end $$;
    create trigger crash_documents before insert or update on documents
      for each row when (new.title = 'crash-now') execute function simulated_crash();
    create trigger crash_users before update on users
      for each row when (new.first_name = 'crash-now') execute function simulated_crash();`);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const inPlace = () => storedFiles(t).filter((f) => !f.startsWith('.tmp'));
const staged = () => storedFiles(t).filter((f) => f.startsWith('.tmp'));
const file = (key: string) => path.join(t.config.storageDir, ...key.split('/'));
const plant = (key: string, ageMs = 0) => {
  fs.mkdirSync(path.dirname(file(key)), { recursive: true });
  fs.writeFileSync(file(key), 'planted');
  age(key, ageMs);
};
const age = (key: string, ageMs: number) => {
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file(key), at, at);
};
const docRows = () => count(t, 'select count(*) as n from documents where user_id = $1', [member.user.id]);

function quietLog() {
  const errors: unknown[] = [];
  const log: SweepLog = { info: () => {}, error: (obj) => errors.push(obj) };
  return { log, errors };
}

/**
 * The process dies right after the failure: nothing it would have cleaned up is cleaned up.
 * (Every other storage call behaves as the real one.)
 */
async function crashing<T>(overrides: Partial<Storage>, run: () => Promise<T>): Promise<T> {
  const storage = t.app.ctx.storage;
  t.app.ctx.storage = Object.assign(Object.create(storage) as Storage, overrides);
  try {
    return await run();
  } finally {
    t.app.ctx.storage = storage;
  }
}
const noCleanUp = { delete: async () => {} };

describe('a crash during an upload', () => {
  it('when the transaction fails after the document was written and nothing cleans up then no file is in place and no row exists', async () => {
    const rows = await docRows();
    const before = inPlace();
    const res = await crashing(noCleanUp, () =>
      upload(t.app, member.token, { type: 'other', title: 'crash-now' }, { name: 'a.pdf', data: pdf() }),
    );
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(await docRows()).toBe(rows);
    expect(inPlace()).toEqual(before);
    // What the crash left is a staged file only: fresh, the sweep leaves it (an upload in flight looks the same)…
    const left = staged();
    expect(left).toHaveLength(1);
    const key = left[0]!.split(path.sep).join('/');
    await sweepOrphanUploads(t.database.db, t.app.ctx.storage, quietLog().log);
    expect(staged()).toEqual(left);
    // …and once it is older than an upload takes, the sweep removes it.
    age(key, HOUR);
    const result = await sweepOrphanUploads(t.database.db, t.app.ctx.storage, quietLog().log);
    expect(result).toEqual({ promoted: 0, removed: 1 });
    expect(staged()).toEqual([]);
    expect(inPlace()).toEqual(before);
  });

  it('when replacing a document fails in the transaction and nothing cleans up then the old file and row stay as they were', async () => {
    const doc = expectData<MemberDocument>(
      await upload(t.app, member.token, { type: 'other', title: 'Kept' }, { name: 'a.pdf', data: pdf() }),
      201,
    );
    const rowBefore = await row(t, 'select * from documents where id = $1', [doc.id]);
    const replacement = await png();
    const before = inPlace();
    const res = await crashing(noCleanUp, () =>
      upload(
        t.app,
        member.token,
        { _method: 'PUT', title: 'crash-now' },
        { name: 'b.png', data: replacement },
        { url: `/member/v1/me/documents/${doc.id}` },
      ),
    );
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(await row(t, 'select * from documents where id = $1', [doc.id])).toEqual(rowBefore);
    expect(inPlace()).toEqual(before);
    const download = await call(t.app, 'GET', doc.file.url, { token: member.token });
    expect(download.statusCode).toBe(200);
    expect(staged()).toHaveLength(1);
  });

  it('when saving an avatar fails in the transaction and nothing cleans up then no avatar file is in place and the user keeps none', async () => {
    const data = await png(300, 300);
    const res = await crashing(noCleanUp, () =>
      call(t.app, 'PUT', '/member/v1/me', {
        token: member.token,
        body: { first_name: 'crash-now', avatar_base64: data.toString('base64') },
      }),
    );
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(
      await row(t, 'select avatar_original, avatar_thumbnail from users where id = $1', [member.user.id]),
    ).toEqual({ avatar_original: null, avatar_thumbnail: null });
    expect(inPlace().filter((f) => f.startsWith('avatars'))).toEqual([]);
    expect(staged().filter((f) => f.includes('avatars'))).toHaveLength(2);
  });

  it('when the move into place fails after the commit then the upload is saved, downloads, and the sweep moves it into place', async () => {
    const moveFails = { move: () => Promise.reject(new Error('disk gone for a moment')) };
    const late = tinyPdf('Moved late');
    const doc = await crashing(moveFails, async () =>
      expectData<MemberDocument>(
        await upload(t.app, member.token, { type: 'other', title: 'Late' }, { name: 'c.pdf', data: late }),
        201,
      ),
    );
    const { storage_key: key } = (await row<{ storage_key: string }>(
      t,
      'select storage_key from documents where id = $1',
      [doc.id],
    ))!;
    expect(fs.existsSync(file(key))).toBe(false);
    expect(fs.existsSync(file(`.tmp/${key}`))).toBe(true);
    const first = await call(t.app, 'GET', doc.file.url, { token: member.token });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(late)).toBe(true);

    // Fresh or not, a staged file whose row was committed is moved into place.
    const result = await sweepOrphanUploads(t.database.db, t.app.ctx.storage, quietLog().log);
    expect(result.promoted).toBe(1);
    expect(fs.existsSync(file(key))).toBe(true);
    expect(fs.existsSync(file(`.tmp/${key}`))).toBe(false);
    const again = await call(t.app, 'GET', doc.file.url, { token: member.token });
    expect(again.rawPayload.equals(late)).toBe(true);
  });
});

describe('the sweep at start', () => {
  it('when storage holds orphans, staged files and partial writes then it removes the old ones and keeps referenced and fresh files', async () => {
    // Referenced files, made old: a document and an avatar.
    const doc = expectData<MemberDocument>(
      await upload(
        t.app,
        member.token,
        { type: 'other', title: 'Referenced' },
        { name: 'd.pdf', data: pdf() },
      ),
      201,
    );
    const { storage_key: docKey } = (await row<{ storage_key: string }>(
      t,
      'select storage_key from documents where id = $1',
      [doc.id],
    ))!;
    const user = expectData<User>(
      await call(t.app, 'PUT', '/member/v1/me', {
        token: member.token,
        body: { avatar_base64: (await png(200, 200)).toString('base64') },
      }),
    );
    const avatarKeys = [user.images.avatar.original!, user.images.avatar.thumbnail!].map(
      (url) => `avatars/${url.split('/').pop()}`,
    );
    for (const key of [docKey, ...avatarKeys]) age(key, HOUR);

    const orphan = `documents/${randomUUID()}`;
    const orphanAvatar = `avatars/${randomUUID()}-original.jpg`;
    const orphanStaged = `.tmp/documents/${randomUUID()}`;
    const partial = `documents/${randomUUID()}.4242.${randomUUID()}.tmp`;
    const stagedPartial = `.tmp/avatars/${randomUUID()}-thumbnail.png.4242.${randomUUID()}.tmp`;
    const fresh = `documents/${randomUUID()}`;
    const freshStaged = `.tmp/documents/${randomUUID()}`;
    const notOurs = 'documents/README';
    for (const key of [orphan, orphanAvatar, orphanStaged, partial, stagedPartial]) plant(key, HOUR);
    for (const key of [fresh, freshStaged]) plant(key, 60_000);
    plant(notOurs, HOUR);

    const { log, errors } = quietLog();
    const result = await sweepOrphanUploads(t.database.db, t.app.ctx.storage, log);
    expect(errors).toEqual([]);
    expect(result.removed).toBeGreaterThanOrEqual(5);
    for (const key of [orphan, orphanAvatar, orphanStaged, partial, stagedPartial])
      expect(fs.existsSync(file(key)), key).toBe(false);
    for (const key of [docKey, ...avatarKeys, fresh, freshStaged, notOurs])
      expect(fs.existsSync(file(key)), key).toBe(true);
    // What is referenced still answers.
    expect((await call(t.app, 'GET', doc.file.url, { token: member.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', user.images.avatar.thumbnail!, { appKey: null })).statusCode).toBe(200);
  });

  it('when the storage cannot be listed then the sweep logs the failure and returns, removing nothing', async () => {
    const broken = Object.assign(Object.create(t.app.ctx.storage) as Storage, {
      // eslint-disable-next-line require-yield
      list: async function* () {
        throw new Error('bucket unreachable');
      },
    });
    const before = storedFiles(t);
    const { log, errors } = quietLog();
    await expect(sweepOrphanUploads(t.database.db, broken, log)).resolves.toEqual({
      promoted: 0,
      removed: 0,
    });
    expect(errors).toHaveLength(1);
    expect(storedFiles(t)).toEqual(before);
  });
});
