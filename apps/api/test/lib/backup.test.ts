import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { MemberDocument } from '@portal/contracts/profile';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/client';
import { startScheduler } from '../../src/jobs/scheduler';
import {
  openArchive,
  restoreBackup,
  writeBackup,
  type BackupManifest,
  type BackupResult,
} from '../../src/lib/backup';
import { LocalDiskStorage, createStorage } from '../../src/lib/storage';
import { JWT_SECRET, call, createTestApp, type TestApp } from '../helpers/app';
import { expectData } from '../helpers/expect';
import { withDatabase } from '../helpers/global-setup';
import { memberWithToken, png, tinyPdf, upload } from '../helpers/profile';
import { buildHistory } from '../helpers/report-history';
import { startTestS3 } from '../server/s3-server';

/**
 * Issue 21, item 3: a portal with history (members placed, orders paid and canceled through the
 * engine, every day of a month closed, a KYC document and an avatar uploaded, jobs in pg-boss) is
 * backed up, wiped (its database dropped, its DATA_DIR removed), and restored into an empty database
 * and an empty folder: every table has the same rows, every member the same ledger totals, the
 * document the same bytes, and the member's session still works.
 */
const adminUrl = () => inject('adminUrl');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
const created: string[] = [];

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}
/** An empty database on the test server, as `createdb` makes one. */
async function emptyDatabase(): Promise<string> {
  const name = `restore_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  created.push(name);
  return withDatabase(adminUrl(), name);
}

type Counts = Record<string, number>;
async function tableCounts(url: string): Promise<Counts> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ t: string }>(
      `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    );
    const counts: Counts = {};
    for (const { t } of rows)
      counts[t] = Number((await c.query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0]!.n);
    return counts;
  } finally {
    await c.end();
  }
}

/** Each member's ledger, summed: income, points, LVP, volume, payouts (numeric as text, exact). */
async function ledgerTotals(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(`
      select m.id, m.member_code,
        (select coalesce(sum(amount), 0)::text from income_lines where member_id = m.id) as income,
        (select coalesce(sum(points), 0)::text from point_postings where member_id = m.id) as points,
        (select coalesce(sum(points), 0)::text from lvp_postings where member_id = m.id) as lvp,
        (select coalesce(sum(pv), 0)::text from volume_postings where member_id = m.id) as pv,
        (select count(*)::text from payouts where member_id = m.id) as payouts
      from members m order by m.id`);
    return rows;
  } finally {
    await c.end();
  }
}

let t: TestApp;
let result: BackupResult;
let counts: Counts;
let totals: Awaited<ReturnType<typeof ledgerTotals>>;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let doc: MemberDocument;
let avatarUrl: string;
const document = tinyPdf('Bank book, first page');
let file: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  await buildHistory(t);
  member = await memberWithToken(t);
  doc = expectData<MemberDocument>(
    await upload(
      t.app,
      member.token,
      { type: 'books_bank', title: 'Bank book' },
      { name: 'b.pdf', data: document },
    ),
    201,
  );
  const me = expectData<{ images: { avatar: { thumbnail: string } } }>(
    await call(t.app, 'PUT', '/member/v1/me', {
      token: member.token,
      body: { avatar_base64: (await png(120, 120)).toString('base64') },
    }),
  );
  avatarUrl = me.images.avatar.thumbnail;
  // The job queue as a running portal has it: pg-boss's schema, a queue with its partition, a schedule, a job.
  const scheduler = await startScheduler({
    pool: t.database.pool,
    ctx: t.app.ctx,
    log: t.app.log,
    jobs: [{ name: 'backup-test', cron: '0 3 * * *', handler: async () => ({}) }],
    pollingIntervalSeconds: 3600,
  });
  await scheduler.send('backup-test', { note: 'waiting' }, { startAfter: 3600 });
  await scheduler.stop();

  fs.writeFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'a-generated-secret-of-this-portal');
  file = path.join(work, 'portal.tar.gz');
  result = await writeBackup({
    pool: t.database.pool,
    storage: t.app.ctx.storage,
    out: file,
    dataDir: t.config.dataDir,
  });
  counts = await tableCounts(t.dbUrl);
  totals = await ledgerTotals(t.dbUrl);
  await t.close(); // the wipe: the database is dropped and DATA_DIR removed
}, 180_000);

afterAll(async () => {
  for (const name of created) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a backup', () => {
  it('when it is written then it is one archive, readable by its owner only, with every table of the portal and the uploads', () => {
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.readdirSync(work)).toEqual(['portal.tar.gz']); // no work folder or partial file left
    const m = result.manifest;
    expect(m.tables.map((x) => `${x.schema}.${x.name}`)).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.income_lines',
        'public.documents',
        'pgboss.job',
        'pgboss.queue',
      ]),
    );
    expect(Object.fromEntries(m.tables.map((x) => [`${x.schema}.${x.name}`, x.rows]))).toEqual(
      Object.fromEntries(Object.entries(counts).filter(([name]) => name !== 'pgboss.version')),
    );
    expect(m.tables.find((x) => x.name === 'income_lines')!.rows).toBeGreaterThan(0);
    expect(m.tables.find((x) => x.name === 'job')!.rows).toBeGreaterThan(0);
    expect(m.uploads!.count).toBeGreaterThanOrEqual(3); // the document, the avatar and its thumbnail
    expect(m.jwtSecret).toBe(true);
    expect(m.migrations.length).toBeGreaterThan(20);
    // Generated columns are computed again, never written.
    expect(m.tables.find((x) => x.name === 'users')!.columns).not.toContain('search_text');
  });
});

describe('restoring it into an empty database and an empty DATA_DIR', () => {
  let url: string;
  let dataDir: string;
  beforeAll(async () => {
    url = await emptyDatabase();
    dataDir = fs.mkdtempSync(path.join(work, 'data-'));
    const archive = await openArchive(file, dataDir);
    try {
      await restoreBackup({ archive, url, storage: new LocalDiskStorage(path.join(dataDir, 'uploads')) });
    } finally {
      archive.close();
    }
  }, 120_000);

  it('when it is done then every table has as many rows as before the wipe', async () => {
    expect(await tableCounts(url)).toEqual(counts);
  });

  it('when it is done then every member’s ledger totals are the same', async () => {
    expect(await ledgerTotals(url)).toEqual(totals);
    expect(totals.some((r) => r.income !== '0.00')).toBe(true);
  });

  it('when the portal runs on it then the member’s session still works and the document and avatar download with the same bytes', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const database = connect(url, 2);
    const app = await buildApp({ config, database, jwtSecret: JWT_SECRET, logger: false });
    try {
      const download = await call(app, 'GET', doc.file.url, { token: member.token });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(document)).toBe(true);
      expect((await call(app, 'GET', avatarUrl, { appKey: null })).statusCode).toBe(200);
      // New rows take new ids: every sequence is past the rows it numbered.
      const { rows } = await database.pool.query<{ ok: boolean }>(
        `select nextval('users_id_seq') > (select max(id) from users) as ok`,
      );
      expect(rows[0]!.ok).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('when the database already holds the portal then a second restore is refused and changes nothing, and --replace restores it again', async () => {
    const archive = await openArchive(file, dataDir);
    try {
      await expect(restoreBackup({ archive, url, storage: null })).rejects.toThrow(
        /already holds the portal’s tables.*--replace/,
      );
      expect(await tableCounts(url)).toEqual(counts);
      await restoreBackup({ archive, url, storage: null, replace: true });
      expect(await tableCounts(url)).toEqual(counts);
      expect(await ledgerTotals(url)).toEqual(totals);
    } finally {
      archive.close();
    }
  }, 120_000);
});

describe('a restore that must not happen', () => {
  it('when something is connected to the database then the restore is refused and nothing is created', async () => {
    const url = await emptyDatabase();
    const portal = new pg.Client({ connectionString: url, application_name: 'portal-api' });
    await portal.connect();
    const archive = await openArchive(file, work);
    try {
      await expect(restoreBackup({ archive, url, storage: null })).rejects.toThrow(
        /in use by 1 other connection\(s\) \(portal-api\).*stop every portal process/,
      );
      expect(await tableCounts(url)).toEqual({});
    } finally {
      archive.close();
      await portal.end();
    }
  });

  it('when the archive was made with other migrations then it is refused before anything is touched', async () => {
    const unpacked = fs.mkdtempSync(path.join(work, 'tampered-'));
    await tar.x({ file, cwd: unpacked });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    manifest.migrations = manifest.migrations.slice(0, -1);
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const older = path.join(work, 'older.tar.gz');
    await tar.c({ gzip: true, file: older, cwd: unpacked }, fs.readdirSync(unpacked));
    const before = fs.readdirSync(work).sort();
    await expect(openArchive(older, work)).rejects.toThrow(
      /Cannot restore .*older\.tar\.gz: the archive was made by a portal whose database had \d+ migrations \(the last: 00\d\d_\w+\); this portal has \d+/,
    );
    expect(fs.readdirSync(work).sort()).toEqual(before); // its work folder is gone again
  });

  it('when the file is not a backup then it says so', async () => {
    const bogus = path.join(work, 'notes.tar.gz');
    fs.writeFileSync(bogus, 'just text');
    await expect(openArchive(bogus, work)).rejects.toThrow(/is not a portal backup/);
  });
});

describe('a portal whose uploads are in an S3-compatible bucket', () => {
  it('when it is backed up and restored into an empty database and another bucket prefix then the document downloads with the same bytes from the bucket', async () => {
    const s3 = await startTestS3();
    const source = await createTestApp({ STORAGE_URL: s3.storageUrl('before') });
    try {
      const owner = await memberWithToken(source);
      const data = tinyPdf('Passport, photo page');
      const passport = expectData<MemberDocument>(
        await upload(
          source.app,
          owner.token,
          { type: 'passport', title: 'Passport' },
          { name: 'p.pdf', data },
        ),
        201,
      );
      const archiveFile = path.join(work, 'bucket.tar.gz');
      const written = await writeBackup({
        pool: source.database.pool,
        storage: source.app.ctx.storage,
        out: archiveFile,
      });
      expect(written.manifest.uploads!.count).toBe(1);

      const url = await emptyDatabase();
      const dataDir = fs.mkdtempSync(path.join(work, 'bucket-data-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        STORAGE_URL: s3.storageUrl('after'),
      });
      const archive = await openArchive(archiveFile, dataDir);
      try {
        expect((await restoreBackup({ archive, url, storage: createStorage(config) })).uploads).toBe(1);
      } finally {
        archive.close();
      }
      const database = connect(url, 2);
      const app = await buildApp({ config, database, jwtSecret: JWT_SECRET, logger: false });
      try {
        const download = await call(app, 'GET', passport.file.url, { token: owner.token });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(data)).toBe(true);
        expect(fs.existsSync(config.storageDir)).toBe(false); // from the bucket, not this disk
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await source.close();
      await s3.close();
    }
  }, 120_000);
});
