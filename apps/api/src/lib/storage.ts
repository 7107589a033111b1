import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import type { Config } from '../config';
import { AppError } from './errors';
import { S3Storage } from './storage-s3';
import {
  STORAGE_PREFIXES,
  checkedKey,
  isOwnKey,
  isStagingKey,
  isStorageKey,
  stagingKey,
  type Storage,
  type StoredObject,
} from './storage-keys';

export {
  STAGING_PREFIX,
  isPartialWrite,
  isStagingKey,
  isStorageKey,
  newStorageKey,
  stagingKey,
  type Storage,
  type StoragePrefix,
  type StoredObject,
} from './storage-keys';

/** The directories objects live in, relative to the root. */
const DIRECTORIES = [...STORAGE_PREFIXES, ...STORAGE_PREFIXES.map((p) => `.tmp/${p}`)];

/** Files under one directory, written to a temporary name and renamed so a reader never sees half a file. */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, ...checkedKey(key).split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(tmp, data, { mode: 0o600, flag: 'wx' });
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.rename(this.file(from), target);
  }

  async *list(): AsyncIterable<StoredObject> {
    for (const dir of DIRECTORIES) {
      let names: string[];
      try {
        names = await fs.readdir(path.join(this.root, ...dir.split('/')));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      for (const name of names) {
        const key = `${dir}/${name}`;
        if (!isOwnKey(key)) continue;
        const stat = await fs.stat(this.file(key)).catch(() => null);
        if (stat?.isFile()) yield { key, modifiedAt: stat.mtime };
      }
    }
  }
}

/** The bucket of STORAGE_URL when it is set, else the local disk under STORAGE_DIR (DATA_DIR/uploads). */
export function createStorage(config: Pick<Config, 'storageDir' | 'storageS3'>): Storage {
  return config.storageS3 ? new S3Storage(config.storageS3) : new LocalDiskStorage(config.storageDir);
}

/**
 * Writes an upload under its staging key, before its row: nothing reads it there, and a crash
 * before the row is committed leaves only a staged file for the sweep. A storage failure (disk
 * full, bucket down) answers the catalogue's "failed to upload document", not a bare server error.
 */
export async function stageUpload(
  storage: Storage,
  key: string,
  data: Buffer,
  log?: (err: unknown) => void,
): Promise<void> {
  try {
    await storage.put(stagingKey(key), data);
  } catch (err) {
    log?.(err);
    await storage.delete(stagingKey(key)).catch(() => {});
    throw new AppError(500, 'UPLOAD_FAILED', MSG.uploadFailed);
  }
}

/**
 * After the row is committed: moves the staged upload to its key. A failure here is logged, not
 * answered: the row is saved, the file stays readable under its staging key (readUpload), and the
 * next start-up sweep moves it into place.
 */
export async function promoteUpload(storage: Storage, key: string, log?: (err: unknown) => void) {
  try {
    await storage.move(stagingKey(key), key);
  } catch (err) {
    log?.(err);
  }
}

/** An upload's bytes: in place, or still staged when the move after its commit failed. */
export async function readUpload(storage: Storage, key: string): Promise<Buffer | null> {
  return (await storage.get(key)) ?? (await storage.get(stagingKey(key)));
}

/** Deletes objects without failing the caller: used to clean up after a failed or replaced write. */
export async function discard(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    keys
      .filter((k): k is string => !!k && (isStorageKey(k) || isStagingKey(k)))
      .map((k) => storage.delete(k).catch(() => {})),
  );
}
