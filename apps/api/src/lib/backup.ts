import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import PgBoss from 'pg-boss';
import * as tar from 'tar';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../db/migrate';
import { isOwnKey, isPartialWrite, type Storage } from './storage-keys';

/**
 * Backups of the portal (README Backups; decision 035): one `.tar.gz` holding
 * - `manifest.json`: the format, when, the migrations the database had, the job queue's schema
 *   version, every table with its columns and row count, every sequence, the uploads;
 * - `db/<schema>.<table>.copy`: each table of the portal's schemas (`public`, and `pgboss`, the job
 *   queue's) in PostgreSQL's COPY text format, all read in one REPEATABLE READ snapshot, so the
 *   archive is the database as it was at one instant, while the portal goes on serving;
 * - `uploads/<key>`: every uploaded file, in place or staged, read through the portal's Storage (the
 *   local disk or the S3 bucket) after the snapshot;
 * - `jwt-secret`: the generated secret of DATA_DIR, when there is one (sessions go on after a restore).
 *
 * Restoring is: a database without the portal's tables, the same migrations as the archive's, then
 * every table's rows with COPY FROM in one transaction (triggers and foreign keys quiet, as
 * pg_restore does, with session_replication_role = replica), every sequence where it was, and the
 * row counts checked against the manifest. An archive made with another set of migrations, or a
 * database something else is connected to, is refused before anything changes.
 *
 * The archive holds members' documents, bank accounts and password hashes: it is written readable
 * by its owner only, and belongs where the database's own files would.
 */
export const BACKUP_FORMAT = 1;
/** The schemas whose tables are the portal's data; drizzle's migration table is remade by the migrations. */
const SCHEMAS = ['public', 'pgboss'];
const JOBS_SCHEMA = 'pgboss';
/** pg-boss's own tables that its construction makes (the version row), not data. */
const NOT_DATA = new Set(['pgboss.version']);

export interface BackupTable {
  schema: string;
  name: string;
  /** The columns written, in order (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
  rows: number;
  file: string;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** The PostgreSQL that was backed up (SHOW server_version). */
  postgres: string;
  /** The migrations applied to the database, oldest first: a restore needs exactly these. */
  migrations: { tag: string | null; createdAt: number; hash: string }[];
  /** pg-boss's schema version, when the job queue had been created. */
  jobQueueVersion: number | null;
  tables: BackupTable[];
  /** last_value of every sequence (null: never used), as text (bigint). */
  sequences: { schema: string; name: string; lastValue: string | null }[];
  uploads: { count: number; bytes: number } | null;
  jwtSecret: boolean;
}

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  manifest: BackupManifest;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

/** The migrations in this portal's code (drizzle's folder and journal), oldest first. */
export function codeMigrations(): BackupManifest['migrations'] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => ({
    tag: tags.get(m.folderMillis) ?? null,
    createdAt: m.folderMillis,
    hash: m.hash,
  }));
}

/** The version of pg-boss's schema that the installed pg-boss makes (its package's version.json). */
const installedJobQueueVersion = (): number =>
  (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;

const migrationName = (m: BackupManifest['migrations'][number] | undefined) =>
  m ? (m.tag ?? `made ${new Date(m.createdAt).toISOString()}`) : 'none';

/**
 * Why this portal cannot restore an archive made by a portal with other migrations, or null when it
 * can: a restore runs this portal's migrations, and the archive's rows fit only the same ones.
 */
export function migrationMismatch(archive: BackupManifest['migrations']): string | null {
  const code = codeMigrations();
  const same = archive.length === code.length && archive.every((m, i) => m.createdAt === code[i]!.createdAt);
  if (same) return null;
  return (
    `the archive was made by a portal whose database had ${archive.length} migrations (the last: ` +
    `${migrationName(archive.at(-1))}); this portal has ${code.length} (the last: ${migrationName(code.at(-1))}). ` +
    'Restore it with the portal version that made it, then start this version to migrate.'
  );
}

/** Writes an archive of the database behind `pool` and of `storage` to `out` (see the top of this file). */
export async function writeBackup(opts: {
  pool: pg.Pool;
  storage: Storage | null;
  out: string;
  /** DATA_DIR, for its generated jwt-secret (none with JWT_SECRET set). */
  dataDir?: string;
}): Promise<BackupResult> {
  const started = Date.now();
  const out = path.resolve(opts.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const work = `${out}.partial-${tag}`;
  const partial = `${out}.partial-${tag}.tar.gz`;
  fs.mkdirSync(path.join(work, 'db'), { recursive: true, mode: 0o700 });
  try {
    const manifest = await dumpDatabase(opts.pool, work);
    manifest.uploads = opts.storage ? await dumpUploads(opts.storage, path.join(work, 'uploads')) : null;
    const secret = opts.dataDir ? path.join(opts.dataDir, 'jwt-secret') : null;
    if (secret && fs.existsSync(secret)) {
      fs.copyFileSync(secret, path.join(work, 'jwt-secret'));
      manifest.jwtSecret = true;
    }
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    const entries = ['manifest.json', 'db', ...(manifest.uploads ? ['uploads'] : [])];
    if (manifest.jwtSecret) entries.push('jwt-secret');
    await pipeline(
      tar.c({ gzip: true, cwd: work, portable: true }, entries),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    fs.renameSync(partial, out); // only a finished archive has the name asked for
    return { file: out, bytes: fs.statSync(out).size, seconds: (Date.now() - started) / 1000, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

async function dumpDatabase(pool: pg.Pool, work: string): Promise<BackupManifest> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const migrated = await client.query<{ exists: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
    );
    if (!migrated.rows[0]?.exists)
      throw new Error('this database has no portal migrations: nothing to back up');
    const migrations = await client.query<{ hash: string; created_at: string }>(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
    );
    const tags = new Map(codeMigrations().map((m) => [m.createdAt, m.tag]));
    const { rows: version } = await client.query<{ server_version: string }>('show server_version');
    const jobQueue = await client.query<{ exists: boolean }>(
      `select to_regclass('${JOBS_SCHEMA}.version') is not null as exists`,
    );
    const jobQueueVersion = jobQueue.rows[0]?.exists
      ? ((await client.query<{ version: number }>(`select version from ${JOBS_SCHEMA}.version`)).rows[0]
          ?.version ?? null)
      : null;
    const tables = await listTables(client);
    const written: BackupTable[] = [];
    for (const t of tables) {
      const file = `db/${t.schema}.${t.name}.copy`;
      const columns = t.columns.map(ident).join(', ');
      // A partitioned table (pg-boss's jobs) is read through its parent, whose rows are its partitions'.
      const source = t.partitioned
        ? `(select ${columns} from ${qualified(t)})`
        : `${qualified(t)} (${columns})`;
      const stream = client.query(copyTo(`copy ${source} to stdout`));
      await pipeline(stream, fs.createWriteStream(path.join(work, file), { mode: 0o600 }));
      written.push({ schema: t.schema, name: t.name, columns: t.columns, rows: stream.rowCount, file });
    }
    const sequences = await client.query<{ schema: string; name: string; last_value: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text as last_value
       from pg_sequences where schemaname = any($1) order by 1, 2`,
      [SCHEMAS],
    );
    await client.query('commit');
    return {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      postgres: version[0]!.server_version,
      migrations: migrations.rows.map((m) => ({
        tag: tags.get(Number(m.created_at)) ?? null,
        createdAt: Number(m.created_at),
        hash: m.hash,
      })),
      jobQueueVersion,
      tables: written,
      sequences: sequences.rows.map((s) => ({ schema: s.schema, name: s.name, lastValue: s.last_value })),
      uploads: null,
      jwtSecret: false,
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

interface TableInfo {
  schema: string;
  name: string;
  columns: string[];
  partitioned: boolean;
}

/** The portal's tables: ordinary and partitioned ones of its schemas, not partitions (read through their parent). */
async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ schema: string; name: string; kind: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name, c.relkind as kind,
            array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
     group by 1, 2, 3
     order by array_position($1, n.nspname::text), 2`,
    [SCHEMAS],
  );
  return rows
    .filter((r) => !NOT_DATA.has(`${r.schema}.${r.name}`))
    .map((r) => ({ schema: r.schema, name: r.name, columns: r.columns, partitioned: r.kind === 'p' }));
}

async function dumpUploads(storage: Storage, dir: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  for await (const o of storage.list()) {
    if (isPartialWrite(o.key)) continue; // half a file a crash left: nothing to keep
    const data = await storage.get(o.key);
    if (!data) continue; // removed since it was listed (a replaced document, the sweep)
    const file = path.join(dir, ...o.key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, data, { mode: 0o600 });
    count++;
    bytes += data.length;
  }
  return { count, bytes };
}

/** An archive unpacked into a work folder, with its manifest read and checked against this portal. */
export interface OpenedArchive {
  dir: string;
  manifest: BackupManifest;
  close(): void;
}

/**
 * Unpacks an archive into a folder of its own under `workRoot` (only regular files and folders, only
 * the names an archive has), reads its manifest and checks that this portal can restore it.
 */
export async function openArchive(file: string, workRoot: string): Promise<OpenedArchive> {
  if (!fs.existsSync(file)) throw new Error(`no such archive: ${file}`);
  fs.mkdirSync(workRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(workRoot, '.restore-'));
  fs.chmodSync(dir, 0o700);
  const close = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await tar.x({
      file,
      cwd: dir,
      strict: true,
      filter: (p, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        if (type !== 'File' && type !== 'Directory') return false;
        return p === 'manifest.json' || p === 'jwt-secret' || /^(db|uploads)(\/|$)/.test(p);
      },
    });
  } catch (err) {
    close();
    throw new Error(`${file} is not a portal backup (${(err as Error).message})`);
  }
  const manifestFile = path.join(dir, 'manifest.json');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  } catch {
    close();
    throw new Error(`${file} is not a portal backup (it has no manifest.json)`);
  }
  const refuse = (why: string): never => {
    close();
    throw new Error(`Cannot restore ${file}: ${why}`);
  };
  if (manifest.format !== BACKUP_FORMAT)
    refuse(`its format is ${manifest.format}; this portal reads format ${BACKUP_FORMAT}`);
  const mismatch = migrationMismatch(manifest.migrations);
  if (mismatch) refuse(mismatch);
  if (manifest.jobQueueVersion !== null && manifest.jobQueueVersion !== installedJobQueueVersion())
    refuse(
      `its job queue (pg-boss) has schema version ${manifest.jobQueueVersion}; this portal's pg-boss makes ` +
        `${installedJobQueueVersion()}. Restore it with the portal version that made it.`,
    );
  for (const t of manifest.tables) {
    if (
      !SCHEMAS.includes(t.schema) ||
      !/^db\/[a-z0-9_.]+\.copy$/i.test(t.file) ||
      !fs.existsSync(path.join(dir, t.file))
    )
      refuse(`its table ${t.schema}.${t.name} has no data file`);
  }
  return { dir, manifest, close };
}

export interface RestoreReport {
  tables: number;
  rows: number;
  uploads: number;
  seconds: number;
}

/**
 * Restores an opened archive into the database of `url`, which must not hold the portal's tables
 * (unless `replace`: they are dropped first, in the same transaction as everything else that is
 * not a migration) and to which nothing else may be connected, then its uploads into `storage`.
 */
export async function restoreBackup(opts: {
  archive: OpenedArchive;
  url: string;
  storage: Storage | null;
  replace?: boolean;
  log?: (line: string) => void;
}): Promise<RestoreReport> {
  const started = Date.now();
  const { manifest, dir } = opts.archive;
  const log = opts.log ?? (() => {});
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    const { rows: others } = await client.query<{ n: number; who: string | null }>(
      `select count(*)::int as n,
              string_agg(distinct coalesce(nullif(application_name, ''), host(client_addr), 'a local process'), ', ') as who
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    if (others[0]!.n > 0)
      throw new Error(
        `the database is in use by ${others[0]!.n} other connection(s) (${others[0]!.who}): ` +
          'stop every portal process (and anything else using it) first',
      );
    const { rows: existing } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and c.relkind in ('r', 'p')`,
      [[...SCHEMAS, 'drizzle']],
    );
    if (existing[0]!.n > 0) {
      if (!opts.replace)
        throw new Error(
          'the database already holds the portal’s tables: restore into an empty database, ' +
            'or pass --replace to drop them (and everything in them) first',
        );
      log('dropping the portal’s tables of the database (--replace)');
      await client.query(
        `drop schema if exists ${JOBS_SCHEMA} cascade; drop schema if exists drizzle cascade;
         drop schema if exists public cascade; create schema public`,
      );
    }

    log(`migrating (${manifest.migrations.length} migrations)`);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    if (manifest.jobQueueVersion !== null) await client.query(PgBoss.getConstructionPlans(JOBS_SCHEMA));

    log(`loading ${manifest.tables.length} tables`);
    let rows = 0;
    await client.query('begin');
    try {
      // Rows go in as they were: no trigger runs and no foreign key is checked row by row (the
      // archive is one consistent snapshot). This needs a superuser, or a role granted SET on it.
      await client.query('set local session_replication_role = replica').catch((err: Error) => {
        throw new Error(
          `${err.message}: restoring needs a role that may set session_replication_role ` +
            '(a superuser, or GRANT SET ON PARAMETER session_replication_role TO <role>)',
        );
      });
      await createJobQueuePartitions(client, manifest, dir);
      // Whatever the migrations or pg-boss wrote (a default row) gives way to the archive's rows.
      await client.query(`truncate ${manifest.tables.map(qualified).join(', ')}`);
      for (const t of manifest.tables) {
        const stream = client.query(
          copyFrom(`copy ${qualified(t)} (${t.columns.map(ident).join(', ')}) from stdin`),
        );
        await pipeline(fs.createReadStream(path.join(dir, t.file)), stream);
        if (stream.rowCount !== t.rows)
          throw new Error(`${t.schema}.${t.name}: ${stream.rowCount} rows loaded, the archive has ${t.rows}`);
        rows += t.rows;
      }
      for (const s of manifest.sequences) {
        if (s.lastValue === null) continue;
        await client.query('select setval($1::regclass, $2::bigint, true)', [qualified(s), s.lastValue]);
      }
      // Every sequence that feeds a column ends at least at the column's largest value.
      await raiseOwnedSequences(client);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
    for (const t of manifest.tables) {
      const { rows: counted } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${qualified(t)}`,
      );
      if (counted[0]!.n !== t.rows)
        throw new Error(
          `${t.schema}.${t.name} has ${counted[0]!.n} rows after the restore, the archive ${t.rows}`,
        );
    }
    const uploads = opts.storage ? await restoreUploads(opts.storage, path.join(dir, 'uploads'), log) : 0;
    return { tables: manifest.tables.length, rows, uploads, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg-boss keeps each queue's jobs in a partition of `pgboss.job` that its create_queue makes with
 * the queue's row: made here for every queue of the archive (the rows themselves are then replaced
 * by the archive's with the other tables).
 */
async function createJobQueuePartitions(client: pg.ClientBase, manifest: BackupManifest, dir: string) {
  const queue = manifest.tables.find((t) => t.schema === JOBS_SCHEMA && t.name === 'queue');
  if (!queue) return;
  await client.query(`create temporary table restore_queue (like ${JOBS_SCHEMA}.queue) on commit drop`);
  const stream = client.query(
    copyFrom(`copy restore_queue (${queue.columns.map(ident).join(', ')}) from stdin`),
  );
  await pipeline(fs.createReadStream(path.join(dir, queue.file)), stream);
  await client.query(`select ${JOBS_SCHEMA}.create_queue(name, '{}'::json) from restore_queue order by name`);
}

async function raiseOwnedSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
     from pg_class s
     join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     join pg_namespace n on n.oid = s.relnamespace
     where s.relkind = 'S' and n.nspname = any($1)`,
    [SCHEMAS],
  );
  for (const r of rows) {
    await client.query(
      `select setval($1::regclass, greatest((select max(${ident(r.col)}) from ${r.tbl})::bigint, last_value), true)
       from ${r.seq} where (select max(${ident(r.col)}) from ${r.tbl}) is not null`,
      [r.seq],
    );
  }
}

async function restoreUploads(storage: Storage, dir: string, log: (line: string) => void): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  let count = 0;
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) =>
    f.split(path.sep).join('/'),
  );
  for (const key of files) {
    const file = path.join(dir, ...key.split('/'));
    if (!isOwnKey(key) || !fs.statSync(file).isFile()) continue;
    await storage.put(key, fs.readFileSync(file));
    count++;
  }
  log(`restored ${count} uploaded files`);
  return count;
}

// ── The nightly backups' folder and status ──────────────────────────────────────────────────────

const NAME = /^portal-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.tar\.gz$/;
const STATUS_FILE = 'status.json';
/** Older than this, the last successful backup is a warning (issue 21). */
export const BACKUP_STALE_MS = 2 * 24 * 3_600_000;

/** `portal-2026-11-26T02-30-00Z.tar.gz`: sorts by time, safe in any file system. */
export const backupFileName = (at: Date) =>
  `portal-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;

interface StatusFile {
  lastSuccess?: { at: string; file: string; bytes: number; seconds: number };
  lastFailure?: { at: string; message: string };
}

function readStatus(dir: string): StatusFile {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, STATUS_FILE), 'utf8')) as StatusFile;
  } catch {
    return {};
  }
}

function writeStatus(dir: string, status: StatusFile) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(dir, `${STATUS_FILE}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(status, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, path.join(dir, STATUS_FILE));
}

/** Records a finished backup in the backups' folder (what backupStatus reads). */
export function recordBackupSuccess(dir: string, result: BackupResult, at = new Date()) {
  writeStatus(dir, {
    ...readStatus(dir),
    lastSuccess: { at: at.toISOString(), file: result.file, bytes: result.bytes, seconds: result.seconds },
  });
}

export function recordBackupFailure(dir: string, err: unknown, at = new Date()) {
  const message = err instanceof Error ? err.message : String(err);
  writeStatus(dir, { ...readStatus(dir), lastFailure: { at: at.toISOString(), message } });
}

/** What a backup killed half-way leaves (its work folder, its unfinished archive). */
const LEFT_BY_A_CRASH = /^portal-.*\.tar\.gz\.partial-/;
const CRASH_AGE_MS = 24 * 3_600_000;

/**
 * Keeps the newest `keep` archives of the folder (only the ones named as backupFileName names them),
 * and removes what a backup killed half-way left there more than a day ago.
 */
export function pruneBackups(dir: string, keep: number, now = Date.now()): string[] {
  if (!fs.existsSync(dir)) return [];
  for (const f of fs.readdirSync(dir).filter((name) => LEFT_BY_A_CRASH.test(name))) {
    const p = path.join(dir, f);
    if (now - fs.statSync(p).mtimeMs > CRASH_AGE_MS) fs.rmSync(p, { recursive: true, force: true });
  }
  const archives = fs
    .readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort()
    .reverse();
  const removed = archives.slice(keep);
  for (const f of removed) fs.rmSync(path.join(dir, f), { force: true });
  return removed;
}

export interface BackupStatus {
  /** Whether the nightly job takes backups (BACKUP_NIGHTLY; on with the embedded database). */
  nightly: boolean;
  dir: string;
  keep: number;
  lastSuccess: { at: string; file: string; bytes: number } | null;
  lastFailure: { at: string; message: string } | null;
  /** The archives in the folder, newest first. */
  archives: string[];
  /**
   * Something an operator must look at: the last success is older than two days, or a backup
   * failed and none has succeeded since. Null when all is well (or backups are not taken here).
   */
  warning: string | null;
}

/** What the staff page and /ready show about backups. */
export function backupStatus(
  config: { backup: { dir: string; keep: number; nightly: boolean } },
  now = new Date(),
): BackupStatus {
  const { dir, keep, nightly } = config.backup;
  const status = readStatus(dir);
  let archives: string[] = [];
  try {
    archives = fs
      .readdirSync(dir)
      .filter((f) => NAME.test(f))
      .sort()
      .reverse();
  } catch {
    // no folder yet (no backup taken), or not readable: the status file says the rest
  }
  const success = status.lastSuccess ?? null;
  const failure = status.lastFailure ?? null;
  let warning: string | null = null;
  const failedSince = failure && (!success || failure.at > success.at);
  if (success && now.getTime() - new Date(success.at).getTime() > BACKUP_STALE_MS)
    warning = `the last backup that succeeded is from ${success.at}, more than two days ago`;
  else if (failedSince && !success)
    warning = `no backup has succeeded yet; the last one failed: ${failure.message}`;
  if (warning && failedSince && success) warning += `; the last attempt failed: ${failure.message}`;
  return {
    nightly,
    dir,
    keep,
    lastSuccess: success && { at: success.at, file: success.file, bytes: success.bytes },
    lastFailure: failure,
    archives,
    warning,
  };
}
