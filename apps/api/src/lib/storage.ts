import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppError } from './errors';

/**
 * Where uploaded files live (DESIGN 5): documents and avatars, under names the server makes.
 * Keys look like `documents/2f1c…-uuid` or `avatars/2f1c…-uuid-thumbnail.jpg`; nothing a client
 * sent ever becomes part of a key. The local disk is the default; an S3-compatible store fits the
 * same three calls (PUT / GET / DELETE object).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const KEY =
  /^(documents|avatars)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-[a-z]+)?(\.[a-z0-9]{2,5})?$/;

export const isStorageKey = (key: string) => KEY.test(key);

/** A fresh server-made key: `prefix/uuid[suffix]`. */
export function newStorageKey(prefix: 'documents' | 'avatars', suffix = ''): string {
  return `${prefix}/${randomUUID()}${suffix}`;
}

function checked(key: string): string {
  // Keys are made by newStorageKey; anything else is a bug or an attack, never a path to follow.
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under one directory, written to a temporary name and renamed so a reader never sees half a file. */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, ...checked(key).split('/'));
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
}

export function createStorage(config: { storageDir: string }): Storage {
  return new LocalDiskStorage(config.storageDir);
}

/**
 * Writes an upload; a storage failure (disk full, bucket down) answers the catalogue's
 * "failed to upload document" instead of a bare server error. The caller removes partial writes.
 */
export async function putUpload(
  storage: Storage,
  key: string,
  data: Buffer,
  log?: (err: unknown) => void,
): Promise<void> {
  try {
    await storage.put(key, data);
  } catch (err) {
    log?.(err);
    await storage.delete(key).catch(() => {});
    throw new AppError(500, 'UPLOAD_FAILED', 'Failed to upload document');
  }
}

/** Deletes objects without failing the caller: used to clean up after a failed or replaced write. */
export async function discard(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    keys.filter((k): k is string => !!k && isStorageKey(k)).map((k) => storage.delete(k).catch(() => {})),
  );
}
