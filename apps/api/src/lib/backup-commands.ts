import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import { lockDataDir, openDatabase } from '../db/runtime';
import {
  backupFileName,
  backupStatus,
  openArchive,
  pruneBackups,
  recordBackupFailure,
  recordBackupSuccess,
  restoreBackup,
  writeBackup,
  type BackupResult,
  type RestoreReport,
} from './backup';
import { LocalDiskStorage, createStorage, type Storage } from './storage';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, restore.ts) and the nightly job
 * (jobs/backup-job.ts): where the database and the uploads are, for the archive code of backup.ts.
 */

type Log = (line: string) => void;

/**
 * The running portal's embedded PostgreSQL in `dataDir` (its port from postmaster.pid, its password
 * from pg.password), or null when none runs there.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const dir = path.join(dataDir, 'pg');
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!(pid > 0 && port > 0)) return null;
    process.kill(pid, 0);
    const password = fs.readFileSync(`${dir}.password`, 'utf8').trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  } catch {
    return null;
  }
}

const hasEmbeddedDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));

/**
 * The portal's database for a backup: DATABASE_URL; or the embedded one, reached where the running
 * portal serves it, or started here (DATA_DIR locked meanwhile, so no portal starts on it) when the
 * portal is stopped.
 */
async function backupSource(config: Config, log: Log): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    return { pool, close: () => pool.end() };
  }
  if (!hasEmbeddedDatabase(config.dataDir))
    throw new Error(`there is no portal database in ${config.dataDir} (DATA_DIR) to back up`);
  let release: (() => void) | undefined;
  try {
    release = lockDataDir(config.dataDir);
  } catch (err) {
    const url = runningEmbeddedUrl(config.dataDir);
    if (!url) throw err;
    log('the portal is running: backing up its database while it serves');
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return { pool, close: () => pool.end() };
  }
  try {
    const opened = await openDatabase(config, log);
    return {
      pool: opened.database.pool,
      async close() {
        await opened.database.close();
        await opened.embedded?.stop();
        release?.();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * `npm run backup [-- --out FILE]`: one archive of the database and the uploads. Without --out, into
 * BACKUP_DIR under the time's name, keeping the newest BACKUP_KEEP there. Every backup that
 * succeeds or fails is recorded for backupStatus.
 */
export async function backupCommand(
  config: Config,
  opts: { out?: string; log?: Log } = {},
): Promise<BackupResult & { removed: string[] }> {
  const log = opts.log ?? (() => {});
  const out = path.resolve(opts.out ?? path.join(config.backup.dir, backupFileName(new Date())));
  try {
    const source = await backupSource(config, log);
    try {
      const result = await writeBackup({
        pool: source.pool,
        storage: createStorage(config),
        out,
        dataDir: config.dataDir,
      });
      recordBackupSuccess(config.backup.dir, result);
      const removed = opts.out ? [] : pruneBackups(config.backup.dir, config.backup.keep);
      return { ...result, removed };
    } finally {
      await source.close();
    }
  } catch (err) {
    recordBackupFailure(config.backup.dir, err);
    throw err;
  }
}

/** No backup again within this time of the last success (a retried or repeated nightly run). */
const NIGHTLY_GAP_MS = 12 * 3_600_000;

/** The nightly job's work (jobs/backup-job.ts), in the portal's process, on its pool and storage. */
export async function nightlyBackup(
  config: Config,
  pool: pg.Pool,
  storage: Storage,
  now = new Date(),
): Promise<Record<string, unknown>> {
  if (!config.backup.nightly) return { skipped: 'BACKUP_NIGHTLY is off' };
  const last = backupStatus(config, now).lastSuccess;
  if (last && now.getTime() - new Date(last.at).getTime() < NIGHTLY_GAP_MS)
    return { skipped: 'a backup succeeded less than 12 hours ago', last: last.file };
  try {
    const result = await writeBackup({
      pool,
      storage,
      out: path.join(config.backup.dir, backupFileName(now)),
      dataDir: config.dataDir,
    });
    recordBackupSuccess(config.backup.dir, result, now);
    const removed = pruneBackups(config.backup.dir, config.backup.keep);
    return { file: result.file, bytes: result.bytes, seconds: result.seconds, removed: removed.length };
  } catch (err) {
    recordBackupFailure(config.backup.dir, err, now);
    throw err;
  }
}

/**
 * `npm run restore -- FILE [--replace]`: brings a stopped portal back from an archive.
 * - Refused while a portal runs on DATA_DIR (its lock), and while anything is connected to an
 *   external database.
 * - The embedded database is restored into a new cluster beside the old one, and local uploads into
 *   a new folder; only when everything is in do they take the old ones' places, which are kept in
 *   DATA_DIR/before-restore-<time>/ (delete it once the restored portal is checked).
 * - DATABASE_URL: its database must not hold the portal's tables, unless --replace (dropped first).
 * - STORAGE_URL: the archive's files are written into the bucket; files the archive does not have
 *   stay, and the start-up sweep removes the ones no row references.
 */
export async function restoreCommand(
  config: Config,
  opts: { file: string; replace?: boolean; log?: Log },
): Promise<RestoreReport & { setAside: string[] }> {
  const log = opts.log ?? (() => {});
  const { dataDir } = config;
  const release = lockDataDir(dataDir);
  try {
    const archive = await openArchive(path.resolve(opts.file), dataDir);
    try {
      const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
      const localUploads = !config.storageS3;
      const freshUploads = `${config.storageDir}.restoring`;
      if (localUploads) fs.rmSync(freshUploads, { recursive: true, force: true });
      const storage = localUploads ? new LocalDiskStorage(freshUploads) : createStorage(config);
      let report: RestoreReport;
      const freshPg = path.join(dataDir, 'pg.restoring');
      const dropFresh = () => {
        const fresh = [freshPg, `${freshPg}.password`, `${freshPg}.owner`];
        for (const p of localUploads ? [...fresh, freshUploads] : fresh)
          fs.rmSync(p, { recursive: true, force: true });
      };
      try {
        if (config.databaseUrl) {
          const url = config.databaseUrl;
          report = await restoreBackup({ archive, url, storage, replace: opts.replace, log });
        } else {
          dropFresh();
          log(`starting a new embedded PostgreSQL in ${freshPg}`);
          const embedded = await startEmbeddedPostgres({ dir: freshPg, notice: log });
          try {
            report = await restoreBackup({ archive, url: embedded.url, storage, log });
          } finally {
            await embedded.stop();
          }
        }
      } catch (err) {
        dropFresh(); // what was there stays as it was
        throw err;
      }

      // Everything is in: the restored parts take the old ones' places; the old ones are kept aside.
      const aside = path.join(dataDir, `before-restore-${stamp}`);
      const setAside: string[] = [];
      const putAside = (from: string, to: string) => {
        if (!fs.existsSync(from)) return;
        fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
        fs.renameSync(from, to);
        setAside.push(to);
      };
      if (!config.databaseUrl) {
        putAside(path.join(dataDir, 'pg'), path.join(aside, 'pg'));
        putAside(path.join(dataDir, 'pg.password'), path.join(aside, 'pg.password'));
        fs.renameSync(freshPg, path.join(dataDir, 'pg'));
        fs.renameSync(`${freshPg}.password`, path.join(dataDir, 'pg.password'));
      }
      if (localUploads) {
        const inside = path.relative(dataDir, config.storageDir);
        const uploadsAside =
          inside && !inside.startsWith('..') && !path.isAbsolute(inside)
            ? path.join(aside, inside)
            : `${config.storageDir}.before-restore-${stamp}`;
        putAside(config.storageDir, uploadsAside);
        fs.mkdirSync(path.dirname(config.storageDir), { recursive: true });
        if (fs.existsSync(freshUploads)) fs.renameSync(freshUploads, config.storageDir);
      }
      const secret = path.join(archive.dir, 'jwt-secret');
      if (archive.manifest.jwtSecret && fs.existsSync(secret)) {
        putAside(path.join(dataDir, 'jwt-secret'), path.join(aside, 'jwt-secret'));
        fs.copyFileSync(secret, path.join(dataDir, 'jwt-secret'));
        fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o600);
      }
      return { ...report, setAside };
    } finally {
      archive.close();
    }
  } finally {
    release();
  }
}
