import { SHOP_LOGIN_CODE_TTL } from '@portal/contracts/shop';
import type { LoginResult } from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { sha256, urlToken } from '../../../lib/random';
import { sessionForUser, type ClientMeta } from '../../identity/session/service';
import { consumeLoginCode, insertLoginCode } from './repository';

/**
 * The Online Shopping link carries a one-time code, not the long-lived access token (which would
 * sit in the shop's address bar, history and logs): random, stored hashed, 60 s, used once.
 */
export async function issueLoginCode(ctx: AppContext, userId: number) {
  const code = urlToken(32);
  await insertLoginCode(ctx.db, sha256(code), userId, new Date(Date.now() + SHOP_LOGIN_CODE_TTL * 1000));
  return { code, expires_in: SHOP_LOGIN_CODE_TTL };
}

/** Trades a code for a session of the client that asks (its app key); a second try fails. */
export async function exchangeLoginCode(
  ctx: AppContext,
  code: string,
  clientId: string,
  meta: ClientMeta,
): Promise<LoginResult> {
  const userId = await consumeLoginCode(ctx.db, sha256(code), new Date());
  if (userId === null)
    throw new AppError(401, 'UNAUTHENTICATED', 'The login code is invalid, used or expired');
  return sessionForUser(ctx, userId, clientId, meta);
}
