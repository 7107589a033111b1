import { inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/identity';
import { documents } from '../db/schema/profile';
import { paymentSlips, productImages } from '../db/schema/shop';
import { AVATAR_PATH } from './avatar-urls';
import {
  STAGING_PREFIX,
  isPartialWrite,
  isStagingKey,
  isStorageKey,
  type Storage,
  type StoredObject,
} from './storage';

/** Younger files may belong to an upload still in flight (written, its row not yet committed). */
export const SWEEP_MIN_AGE_MS = 10 * 60_000;
const BATCH = 500;

export interface SweepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SweepResult {
  /** Staged uploads whose row was committed but that were not yet in place: moved there. */
  promoted: number;
  /** Files no row references (in place or staged) and partial writes, older than the minimum age. */
  removed: number;
}

/** Of these keys in place, the ones a row references: documents, avatars, product pictures, slips. */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const docKeys = keys.filter((k) => k.startsWith('documents/'));
  if (docKeys.length) {
    const rows = await db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(inArray(documents.storageKey, docKeys));
    for (const r of rows) found.add(r.key);
  }
  const urls = keys
    .filter((k) => k.startsWith('avatars/'))
    .map((k) => `${AVATAR_PATH}${k.slice('avatars/'.length)}`);
  if (urls.length) {
    const rows = await db
      .select({ original: users.avatarOriginal, thumbnail: users.avatarThumbnail })
      .from(users)
      .where(or(inArray(users.avatarOriginal, urls), inArray(users.avatarThumbnail, urls)));
    for (const r of rows) {
      for (const url of [r.original, r.thumbnail]) {
        if (url?.startsWith(AVATAR_PATH)) found.add(`avatars/${url.slice(AVATAR_PATH.length)}`);
      }
    }
  }
  const productKeys = keys.filter((k) => k.startsWith('products/'));
  if (productKeys.length) {
    const rows = await db
      .select({ original: productImages.storageKey, thumbnail: productImages.thumbnailKey })
      .from(productImages)
      .where(
        or(inArray(productImages.storageKey, productKeys), inArray(productImages.thumbnailKey, productKeys)),
      );
    for (const r of rows) found.add(r.original).add(r.thumbnail);
  }
  const slipKeys = keys.filter((k) => k.startsWith('slips/'));
  if (slipKeys.length) {
    const rows = await db
      .select({ key: paymentSlips.storageKey })
      .from(paymentSlips)
      .where(inArray(paymentSlips.storageKey, slipKeys));
    for (const r of rows) found.add(r.key);
  }
  return found;
}

async function sweepBatch(
  db: Db,
  storage: Storage,
  batch: StoredObject[],
  oldBefore: number,
  result: SweepResult,
) {
  const target = (o: StoredObject) => (isStagingKey(o.key) ? o.key.slice(STAGING_PREFIX.length) : o.key);
  const keep = await referenced(db, batch.filter((o) => isStorageKey(target(o))).map(target));
  for (const o of batch) {
    const old = o.modifiedAt.getTime() < oldBefore;
    if (isStagingKey(o.key) && keep.has(target(o))) {
      // The row was committed and the process stopped before the move: finish it, whatever its age.
      await storage.move(o.key, target(o));
      result.promoted++;
    } else if (old && (isPartialWrite(o.key) || !keep.has(target(o)))) {
      await storage.delete(o.key);
      result.removed++;
    }
  }
}

/**
 * Run at start: finishes or removes what a crash during an upload left in storage.
 * - A staged upload (`.tmp/<key>`) whose row exists is moved into place.
 * - Staged uploads without a row, files in place that no row references, and partial writes are
 *   removed once older than `minAgeMs`, so an upload in flight is never swept.
 * Files are listed before their rows are read: a file in place always had its row committed first.
 * Never throws: a failed sweep is logged and tried again at the next start.
 */
export async function sweepOrphanUploads(
  db: Db,
  storage: Storage,
  log: SweepLog,
  opts: { minAgeMs?: number; now?: Date } = {},
): Promise<SweepResult> {
  const oldBefore = (opts.now ?? new Date()).getTime() - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const result: SweepResult = { promoted: 0, removed: 0 };
  try {
    let batch: StoredObject[] = [];
    for await (const o of storage.list()) {
      batch.push(o);
      if (batch.length >= BATCH) {
        await sweepBatch(db, storage, batch, oldBefore, result);
        batch = [];
      }
    }
    if (batch.length) await sweepBatch(db, storage, batch, oldBefore, result);
    if (result.promoted || result.removed) log.info({ job: 'upload-sweep', ...result }, 'uploads swept');
  } catch (err) {
    log.error({ err, job: 'upload-sweep', ...result }, 'upload sweep failed');
  }
  return result;
}
