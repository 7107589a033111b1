import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import { AppError } from './errors';

/** An object in storage and when it was last written (for the start-up sweep). */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live (README, Conventions: uploads): documents, avatars, product pictures and
 * transfer slips, under names the server makes. Keys look like `documents/2f1c…-uuid` or
 * `avatars/2f1c…-uuid-thumbnail.jpg`; nothing a client sent ever becomes part of a key. The local disk is
 * the default; an S3-compatible store fits the same calls (PUT / GET / DELETE object, copy-and-delete for
 * `move`, LIST).
 *
 * An upload is first written under its staging key (`.tmp/<key>`), its row is committed, and only
 * then is it moved to its key: a crash at any point leaves no file in place without a row. What a
 * crash leaves under `.tmp/` is finished or removed by the start-up sweep (lib/storage-sweep).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Moves an object to another key, replacing what is there. */
  move(from: string, to: string): Promise<void>;
  /** Every object this storage made: in place, staged, and the partial writes a crash left. */
  list(): AsyncIterable<StoredObject>;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^(documents|avatars|products|slips)/${UUID}(-[a-z]+)?(\\.[a-z0-9]{2,5})?$`);
export const STAGING_PREFIX = '.tmp/';
/** A partial write of `put` (`<key>.<pid>.<uuid>.tmp`), left behind only when the process died mid-write. */
const PARTIAL = new RegExp(
  `^(\\.tmp/)?(documents|avatars|products|slips)/${UUID}[a-z0-9.-]*\\.\\d+\\.${UUID}\\.tmp$`,
);

/** A key in place (what rows reference). */
export const isStorageKey = (key: string) => KEY.test(key);
/** Where an upload waits for its row to be committed. */
export const stagingKey = (key: string) => `${STAGING_PREFIX}${key}`;
export const isStagingKey = (key: string) =>
  key.startsWith(STAGING_PREFIX) && isStorageKey(key.slice(STAGING_PREFIX.length));
export const isPartialWrite = (key: string) => PARTIAL.test(key);

/** What is stored: members' documents and avatars, product pictures (public), transfer slips. */
export type StoragePrefix = 'documents' | 'avatars' | 'products' | 'slips';

/** A fresh server-made key: `prefix/uuid[suffix]`. */
export function newStorageKey(prefix: StoragePrefix, suffix = ''): string {
  return `${prefix}/${randomUUID()}${suffix}`;
}

function checked(key: string): string {
  // Keys are made by newStorageKey; anything else is a bug or an attack, never a path to follow.
  if (!isStorageKey(key) && !isStagingKey(key) && !isPartialWrite(key))
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The directories objects live in, relative to the root. */
const PREFIXES: StoragePrefix[] = ['documents', 'avatars', 'products', 'slips'];
const DIRECTORIES = [...PREFIXES, ...PREFIXES.map((p) => `.tmp/${p}`)];

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
        if (!isStorageKey(key) && !isStagingKey(key) && !isPartialWrite(key)) continue;
        const stat = await fs.stat(this.file(key)).catch(() => null);
        if (stat?.isFile()) yield { key, modifiedAt: stat.mtime };
      }
    }
  }
}

export function createStorage(config: { storageDir: string }): Storage {
  return new LocalDiskStorage(config.storageDir);
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
