import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFileName, backupStatus, pruneBackups } from '../../src/lib/backup';
import { nightlyBackup } from '../../src/lib/backup-commands';
import type { Storage } from '../../src/lib/storage';
import { registeredJobs } from '../../src/jobs/registry';
import '../../src/jobs/portal-jobs';
import { businessNow } from '../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../helpers/app';
import { expectData, expectError, makeStaff } from '../helpers/expect';
import { login, seedSponsor } from '../helpers/fixtures';

/**
 * Issue 21, item 3: the embedded default takes a backup every night into BACKUP_DIR, keeps the last
 * BACKUP_KEEP, records when the last one succeeded, and warns when that is more than two days ago.
 */
const DAY = 24 * 3_600_000;
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nightly-'));
  t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_NIGHTLY: 'true' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const archives = () =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.tar.gz'))
    .sort();
const pool = () => t.database.pool;
const job = () => registeredJobs().find((j) => j.name === 'nightly-backup')!;
const runJob = async () =>
  job().handler({
    ctx: t.app.ctx,
    log: t.app.log,
    now: await businessNow(t.database.db, t.config),
    trigger: 'schedule',
    jobId: 'test',
    data: {},
  });

describe('the nightly backup', () => {
  it('is a job of the portal at 02:30 Bangkok time', () => {
    expect(job()).toMatchObject({ name: 'nightly-backup', cron: '30 2 * * *' });
  });

  it('when it has run on several nights then the newest BACKUP_KEEP archives are kept and the last success is recorded', async () => {
    const now = Date.now();
    const nights = [new Date(now - 3 * DAY), new Date(now - 2 * DAY)];
    for (const night of nights) await nightlyBackup(t.config, pool(), t.app.ctx.storage, night);
    expect(archives()).toEqual(nights.map(backupFileName));
    expect(backupStatus(t.config).warning).toMatch(/more than two days ago/);

    const tonight = (await runJob()) as { file: string; removed: number };
    expect(tonight.removed).toBe(1);
    expect(archives()).toEqual([backupFileName(nights[1]!), path.basename(tonight.file)]);
    const status = backupStatus(t.config);
    expect(status).toMatchObject({ nightly: true, keep: 2, warning: null, lastFailure: null });
    expect(status.lastSuccess!.file).toBe(tonight.file);
    expect(status.archives).toEqual([...archives()].reverse());
    expect(fs.statSync(tonight.file).size).toBe(status.lastSuccess!.bytes);

    // A second run the same night (a retry, another process) changes nothing.
    expect(await runJob()).toMatchObject({ skipped: expect.stringMatching(/less than 12 hours ago/) });
    expect(archives()).toHaveLength(2);
  });

  it('when staff ask for the backups then they get the last success and the archives; /ready tells anyone only when and whether to worry', async () => {
    const last = backupStatus(t.config).lastSuccess!;
    const member = await seedSponsor(t.database.db);
    const memberToken = (await login(t.app, member.user.email)).access_token;
    expectError(await call(t.app, 'GET', '/staff/v1/backups', { token: memberToken }), 403, 'FORBIDDEN');
    const staff = await seedSponsor(t.database.db);
    await makeStaff(t, staff.user.id);
    const staffToken = (await login(t.app, staff.user.email)).access_token;
    const answer = expectData(await call(t.app, 'GET', '/staff/v1/backups', { token: staffToken }));
    expect(answer).toEqual({
      nightly: true,
      keep: 2,
      last_success: last,
      last_failure: null,
      archives: [...archives()].reverse(),
      warning: null,
    });
    const ready = expectData(await call(t.app, 'GET', '/ready', { appKey: null }));
    expect(ready).toEqual({
      status: 'ready',
      backup: { nightly: true, last_success_at: last.at, warning: false },
    });
  });

  it('when the last success is more than two days old then the status warns, naming it', () => {
    const last = backupStatus(t.config).lastSuccess!;
    const later = new Date(new Date(last.at).getTime() + 2 * DAY + 60_000);
    expect(backupStatus(t.config, later).warning).toBe(
      `the last backup that succeeded is from ${last.at}, more than two days ago`,
    );
    expect(backupStatus(t.config, new Date(new Date(last.at).getTime() + DAY)).warning).toBeNull();
  });

  it('when a backup fails then nothing is left behind, the failure is recorded and the status says so once the last success is old', async () => {
    const before = fs.readdirSync(dir).sort();
    const broken = Object.assign(Object.create(t.app.ctx.storage) as Storage, {
      // eslint-disable-next-line require-yield
      list: async function* () {
        throw new Error('bucket unreachable');
      },
    });
    const at = new Date(Date.now() + 3 * DAY);
    await expect(nightlyBackup(t.config, pool(), broken, at)).rejects.toThrow('bucket unreachable');
    expect(fs.readdirSync(dir).sort()).toEqual(before);
    const status = backupStatus(t.config, at);
    expect(status.lastFailure).toEqual({ at: at.toISOString(), message: 'bucket unreachable' });
    expect(status.warning).toMatch(/more than two days ago; the last attempt failed: bucket unreachable$/);
  });

  it('when a backup was killed half-way then what it left is removed once it is a day old, and nothing else', () => {
    const archivesBefore = archives();
    const stale = `${backupFileName(new Date(Date.now() - 3 * DAY))}.partial-4242-deadbeef`;
    const fresh = `${backupFileName(new Date())}.partial-4243-cafebabe`;
    for (const name of [stale, fresh]) fs.mkdirSync(path.join(dir, name, 'db'), { recursive: true });
    fs.writeFileSync(path.join(dir, `${stale}.tar.gz`), 'half an archive');
    const old = new Date(Date.now() - 2 * DAY);
    for (const name of [stale, `${stale}.tar.gz`]) fs.utimesSync(path.join(dir, name), old, old);
    expect(pruneBackups(dir, 2)).toEqual([]);
    expect(fs.existsSync(path.join(dir, stale))).toBe(false);
    expect(fs.existsSync(path.join(dir, `${stale}.tar.gz`))).toBe(false);
    expect(fs.existsSync(path.join(dir, fresh))).toBe(true); // a backup may be writing it now
    expect(archives()).toEqual(archivesBefore);
    fs.rmSync(path.join(dir, fresh), { recursive: true });
  });

  it('when BACKUP_NIGHTLY is off (the default with DATABASE_URL) then the job takes none', async () => {
    const off = { ...t.config, backup: { ...t.config.backup, nightly: false } };
    const before = archives();
    expect(await nightlyBackup(off, pool(), t.app.ctx.storage, new Date(Date.now() + 10 * DAY))).toEqual({
      skipped: 'BACKUP_NIGHTLY is off',
    });
    expect(archives()).toEqual(before);
    expect(t.config.backup.nightly).toBe(true);
    const external = await createTestApp({ BACKUP_DIR: dir });
    try {
      expect(external.config.backup).toMatchObject({ nightly: false, keep: 7 });
    } finally {
      await external.close();
    }
  });
});
