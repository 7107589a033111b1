import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { addFailure, clearFailures, failuresOf, rememberDevice, usersOfDevice } from './ceiling-repository';

/**
 * The per-account ceiling on failed sign-ins (issue 19, item 6; NIST 800-63B 5.2.2; decision 013).
 * Failures of an account are counted in a row from every address, in PostgreSQL (so every process
 * counts alike and a restart forgets nothing). Once `loginCeiling` have failed in a row, a password
 * is taken only from a browser that signed in to the account before (its `portal_device` cookie);
 * a success there or a new password (reset or change) starts the count again. An identifier no
 * account has is counted and answered the same way, so the ceiling tells nobody who is a member.
 */
export const DEVICE_COOKIE = 'portal_device';
/** How long a browser stays known without signing in (the cookie's life too). */
export const DEVICE_DAYS = 400;
const DEVICES_PER_USER = 20;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The account a sign-in names: the user, or the unknown identifier (hashed, never stored as typed). */
export const ceilingAccount = (userId: number | null, identifier: string) =>
  userId !== null ? `user:${userId}` : `id:${sha256(identifier)}`;

/**
 * Refuses a sign-in past the ceiling unless the browser is known to the account. Asked the same way
 * for every account, known or not: one read of the count and, with a cookie, one of the device.
 */
export async function checkCeiling(
  ctx: AppContext,
  account: string,
  userId: number | null,
  deviceToken: string | undefined,
): Promise<void> {
  const failures = await failuresOf(ctx.db, account);
  if (failures < ctx.config.rateLimit.loginCeiling) return;
  if (deviceToken && TOKEN.test(deviceToken)) {
    const users = await usersOfDevice(ctx.db, sha256(deviceToken), DEVICE_DAYS);
    if (userId !== null && users.includes(userId)) return;
  }
  throw new AppError(429, 'SIGN_IN_LOCKED', MSG.signInLocked);
}

/** A new password (reset or change) starts the count again: whoever failed no longer knows it. */
export const liftCeiling = (tx: Tx, userId: number) => clearFailures(tx, ceilingAccount(userId, ''));

export const countFailedSignIn = (ctx: AppContext, account: string) => addFailure(ctx.db, account);

/**
 * After a sign-in succeeded: the count starts again and the browser is known to the account (its
 * token kept, or a new one). Returns the token for the cookie.
 */
export async function signedIn(
  ctx: AppContext,
  account: string,
  userId: number,
  deviceToken: string | undefined,
): Promise<string> {
  await clearFailures(ctx.db, account);
  const token = deviceToken && TOKEN.test(deviceToken) ? deviceToken : randomBytes(32).toString('base64url');
  await rememberDevice(ctx.db, userId, sha256(token), DEVICES_PER_USER);
  return token;
}
