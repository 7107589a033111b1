import { randomUUID } from 'node:crypto';

/** An object in storage and when it was last written (for the start-up sweep). */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live (README, Conventions: uploads): documents, avatars, product pictures and
 * transfer slips, under names the server makes. Keys look like `documents/2f1c…-uuid` or
 * `avatars/2f1c…-uuid-thumbnail.jpg`; nothing a client sent ever becomes part of a key. The local disk is
 * the default (lib/storage.ts); an S3-compatible bucket with STORAGE_URL (lib/storage-s3.ts), where
 * `move` is a copy and a delete and `list` pages through ListObjectsV2.
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
  /** Moves an object to another key, replacing what is there; a missing source is an error. */
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
/** Any key this storage makes: in place, staged, or a partial write. */
export const isOwnKey = (key: string) => isStorageKey(key) || isStagingKey(key) || isPartialWrite(key);

/** What is stored: members' documents and avatars, product pictures (public), transfer slips. */
export type StoragePrefix = 'documents' | 'avatars' | 'products' | 'slips';
export const STORAGE_PREFIXES: readonly StoragePrefix[] = ['documents', 'avatars', 'products', 'slips'];

/** A fresh server-made key: `prefix/uuid[suffix]`. */
export function newStorageKey(prefix: StoragePrefix, suffix = ''): string {
  return `${prefix}/${randomUUID()}${suffix}`;
}

/** The key, if this storage could have made it; anything else is a bug or an attack, never a path to follow. */
export function checkedKey(key: string): string {
  if (!isOwnKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
