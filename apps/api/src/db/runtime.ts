import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { connect, type Database } from './client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

/** Guards a data directory against a second portal process: `wx` creation is atomic. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      let alive = false;
      try {
        if (pid > 0) process.kill(pid, 0);
        alive = pid > 0;
      } catch (e) {
        alive = (e as NodeJS.ErrnoException).code === 'EPERM';
      }
      if (alive) {
        throw new Error(
          `Another portal (process ${pid}) is already running on the data directory ${dataDir}. ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true }); // left behind by a crash
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

/** JWT_SECRET, or one generated once and kept in the data directory. */
export function jwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export interface OpenDatabase {
  database: Database;
  embedded: EmbeddedPostgres | null;
  url: string;
}

/**
 * The embedded server in DATA_DIR/pg, or DATABASE_URL when set. `notice` gets the lines worth an
 * operator's eye: a server left by a crashed portal stopped, the database lost, restarted.
 */
export async function openDatabase(
  config: Config,
  notice: (line: string) => void = (line) => console.error(line),
): Promise<OpenDatabase> {
  if (config.databaseUrl)
    return { database: connect(config.databaseUrl, 10, notice), embedded: null, url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), notice });
  return { database: connect(embedded.localUrl, 10, notice), embedded, url: embedded.url };
}
