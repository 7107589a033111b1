import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '../../src/lib/backup';
import { freePort } from '../../src/db/embedded';
import { post, startServer, tempDataDir, waitReady, type Running } from './process';

/**
 * Issue 21, item 3, as an operator does it: `npm run backup` of a portal on its embedded database in
 * DATA_DIR (while it runs, and once it is stopped), a DATA_DIR wiped, `npm run restore` into it, and
 * the portal started again on what was restored. The commands are the real ones (scripts/backup.ts,
 * restore.ts) in processes of their own.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = tempDataDir('portal-backup-cli-');
const archives = tempDataDir('portal-backup-archives-');
let server: Running | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(archives, { recursive: true, force: true });
});

/** `npm run <script> -- args` as the operator types it (npm's own output aside). */
function command(script: 'backup' | 'restore', args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

async function manifestOf(file: string): Promise<BackupManifest> {
  let text = '';
  await tar.t({
    file,
    filter: (p) => p === 'manifest.json',
    onReadEntry: (entry) => entry.on('data', (c: Buffer) => (text += c.toString('utf8'))),
  });
  return JSON.parse(text) as BackupManifest;
}
const rowsOf = (m: BackupManifest) =>
  Object.fromEntries(m.tables.map((t) => [`${t.schema}.${t.name}`, t.rows]));

/** Every uploaded file in DATA_DIR/uploads with a hash of its bytes. */
function uploads(): Record<string, string> {
  const dir = path.join(dataDir, 'uploads');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(dir, f)).isFile(),
  );
  return Object.fromEntries(
    files.map((f) => [
      f,
      createHash('sha256')
        .update(fs.readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );
}

const signIn = (port: number) =>
  post(port, '/member/v1/login', { username: 'demo@portal.test', password: 'demo-pass-1234' });

describe('npm run backup and npm run restore on the embedded database', () => {
  const whileRunning = path.join(archives, 'while-running.tar.gz');
  const afterStop = path.join(archives, 'after-stop.tar.gz');
  let before: Record<string, string>;

  it('when the portal runs then a backup is taken of its database while it serves, and a restore is refused', async () => {
    server = startServer(dataDir, await freePort());
    await waitReady(server, 240_000);
    const backup = await command('backup', ['--out', whileRunning]);
    expect(backup.output).toMatch(/the portal is running: backing up its database while it serves/);
    expect(backup.output).toMatch(/Backup written: .*while-running\.tar\.gz/);
    expect(backup.code, backup.output).toBe(0);
    const m = await manifestOf(whileRunning);
    expect(rowsOf(m)['public.users']).toBeGreaterThan(10); // the demo's members
    expect(m.uploads!.count).toBeGreaterThan(0); // the demo's KYC documents and product pictures

    const pgBefore = fs.readdirSync(path.join(dataDir, 'pg')).sort();
    const restore = await command('restore', [whileRunning]);
    expect(restore.code, restore.output).toBe(1);
    expect(restore.output).toMatch(/The restore failed: Another portal \(process \d+\) is already running/);
    expect(fs.readdirSync(path.join(dataDir, 'pg')).sort()).toEqual(pgBefore);
    expect((await signIn(server.port)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 360_000);

  it('when the portal is stopped, backed up and its DATA_DIR wiped then restore brings back every row and file, and the portal starts on them', async () => {
    const backup = await command('backup', ['--out', afterStop]);
    expect(backup.code, backup.output).toBe(0);
    before = uploads();
    const manifest = await manifestOf(afterStop);

    for (const entry of fs.readdirSync(dataDir))
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const restore = await command('restore', [afterStop]);
    expect(restore.output).toMatch(/Restored \d+ tables \(\d+ rows\) and \d+ uploaded files/);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).not.toMatch(/kept/); // nothing was there to set aside
    expect(uploads()).toEqual(before);

    // The restored database, backed up again, has every table's rows.
    const again = path.join(archives, 'restored.tar.gz');
    const third = await command('backup', ['--out', again]);
    expect(third.code, third.output).toBe(0);
    expect(rowsOf(await manifestOf(again))).toEqual(rowsOf(manifest));

    server = startServer(dataDir, await freePort());
    await waitReady(server, 240_000);
    expect((await signIn(server.port)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 480_000);

  it('when DATA_DIR already holds a portal then restore replaces it and keeps the old one aside', async () => {
    const restore = await command('restore', [whileRunning]);
    expect(restore.code, restore.output).toBe(0);
    const aside = fs.readdirSync(dataDir).filter((f) => f.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(fs.readdirSync(path.join(dataDir, aside[0]!)).sort()).toEqual(
      expect.arrayContaining(['pg', 'pg.password', 'uploads']),
    );
    expect(restore.output).toMatch(/What was there before is kept: .*before-restore-/);
    const back = path.join(archives, 'back.tar.gz');
    const fourth = await command('backup', ['--out', back]);
    expect(fourth.code, fourth.output).toBe(0);
    expect(rowsOf(await manifestOf(back))).toEqual(rowsOf(await manifestOf(whileRunning)));
  }, 240_000);

  it('when a restore fails half-way then DATA_DIR is left as it was, with nothing of the attempt', async () => {
    // An archive whose manifest promises one row more than its users file holds: found after the load.
    const unpacked = fs.mkdtempSync(path.join(archives, 'broken-'));
    await tar.x({ file: whileRunning, cwd: unpacked });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    manifest.tables.find((t) => t.name === 'users')!.rows += 1;
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const broken = path.join(archives, 'broken.tar.gz');
    await tar.c({ gzip: true, file: broken, cwd: unpacked }, fs.readdirSync(unpacked));
    const entries = fs.readdirSync(dataDir).sort();
    const files = uploads();

    const restore = await command('restore', [broken]);
    expect(restore.code, restore.output).toBe(1);
    expect(restore.output).toMatch(/The restore failed: public\.users: \d+ rows loaded, the archive has \d+/);
    expect(fs.readdirSync(dataDir).sort()).toEqual(entries);
    expect(uploads()).toEqual(files);
    const after = path.join(archives, 'after-failure.tar.gz');
    const backup = await command('backup', ['--out', after]);
    expect(backup.code, backup.output).toBe(0);
    expect(rowsOf(await manifestOf(after))).toEqual(rowsOf(await manifestOf(whileRunning)));
  }, 240_000);
});
