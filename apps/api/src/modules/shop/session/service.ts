import { SHOP_LOGIN_CODE_TTL } from '@portal/contracts/shop';
import type { LoginResult } from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { sha256, urlToken } from '../../../lib/random';
import { sessionForUser, type ClientMeta } from '../../accounts';
import { consumeLoginCode, insertLoginCode } from './repository';

/**
 * The Online Shopping link carries a one-time code, not the long-lived access token (which would
 * sit in the shop's address bar, history and logs): random, stored hashed, 60 s, used once.
 */
export async function issueLoginCode(ctx: AppContext, who: { userId: number; sessionId: string }) {
  const code = urlToken(32);
  await insertLoginCode(ctx.db, {
    codeHash: sha256(code),
    userId: who.userId,
    sessionId: who.sessionId,
    expiresAt: new Date(Date.now() + SHOP_LOGIN_CODE_TTL * 1000),
  });
  return { code, expires_in: SHOP_LOGIN_CODE_TTL };
}

/**
 * Trades a code for a session of the client that asks (its app key); a second try fails, and so
 * does a code whose session ended since it was made (logout, password change or reset, a device
 * signed out, deactivation, a change of standing: decision 011). Bound to the session that asked.
 */
export async function exchangeLoginCode(
  ctx: AppContext,
  code: string,
  clientId: string,
  meta: ClientMeta,
): Promise<LoginResult> {
  const consumed = await consumeLoginCode(ctx.db, sha256(code), new Date());
  if ('refused' in consumed)
    throw new AppError(
      401,
      'UNAUTHENTICATED',
      consumed.refused === 'session_ended'
        ? 'The sign-in that asked for this login code has ended: open the shop again from the portal'
        : 'The login code is invalid, used or expired',
    );
  return sessionForUser(ctx, consumed.userId, clientId, meta);
}
