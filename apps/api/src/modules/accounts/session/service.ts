import { timingSafeEqual } from 'node:crypto';
import type { LoginResult, SessionInfo, UserType } from '@portal/contracts/identity';
import { normaliseMobile } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { TokenResponse } from '@portal/contracts/oauth';
import type { AppContext } from '../../../context';
import { AppError, notFound } from '../../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../../lib/passwords';
import { findUserByIdentifier, loadUser, userRowById } from '../users/repository';
import { suspensionOfUser } from '../../../compensation/standing';
import { endSessions, endUserAccess } from './access';
import {
  consumeRefreshToken,
  issueRefreshToken,
  liveFamilies,
  revokeFamily,
  revokeOtherFamilies,
  revokeUserSessions,
} from './refresh-tokens';
import { RateLimiter } from '../../../lib/rate-limiter';
import { ceilingAccount, checkCeiling, countFailedSignIn, signedIn } from './ceiling';

export class OAuthError extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    readonly error:
      'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description?: string,
  ) {
    super(error);
  }
}

export interface ClientMeta {
  userAgent?: string;
  ip?: string;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticateClient(ctx: AppContext, clientId: string, secret: string | undefined) {
  const client = ctx.config.clients.find((c) => c.id === clientId);
  // Public clients (the portal) ship their secret, so only confidential ones must prove theirs.
  if (!client || (client.kind === 'confidential' && !sameSecret(client.secret, secret ?? ''))) {
    throw new OAuthError(401, 'invalid_client');
  }
  if (client.kind === 'public' && secret !== undefined && !sameSecret(client.secret, secret)) {
    throw new OAuthError(401, 'invalid_client');
  }
  return client;
}

export async function clientCredentials(ctx: AppContext, clientId: string, secret: string, scope?: string) {
  const client = authenticateClient(ctx, clientId, secret);
  const asked = scope ? scope.split(/\s+/).filter(Boolean) : [];
  // No scope, or `*`, asks for everything the client may have; the answer names what was granted.
  const requested = asked.length === 0 || asked.includes('*') ? client.scopes : asked;
  if (asked.some((s) => s !== '*' && !client.scopes.includes(s))) throw new OAuthError(400, 'invalid_scope');
  const { token, expiresIn } = await ctx.signer.appToken(client.id, requested);
  return {
    token_type: 'Bearer',
    access_token: token,
    expires_in: expiresIn,
    scope: requested.join(' '),
  } satisfies TokenResponse;
}

async function userTokens(
  ctx: AppContext,
  userId: number,
  userType: UserType,
  clientId: string,
  familyId: string,
  refresh: string,
) {
  const { token, expiresIn } = await ctx.signer.userToken({
    userId,
    userType,
    clientId,
    sessionId: familyId,
    suspension: await suspensionOfUser(ctx.db, userId),
  });
  return {
    token_type: 'Bearer' as const,
    access_token: token,
    expires_in: expiresIn,
    refresh_token: refresh,
  };
}

export async function refreshGrant(
  ctx: AppContext,
  clientId: string,
  refreshToken: string,
  meta: ClientMeta,
) {
  const result = await consumeRefreshToken(ctx.db, refreshToken, clientId);
  if (!result.ok) {
    // A replayed token means a stolen one: the whole sign-in ends, its access tokens too.
    if (result.reason === 'reused') await endSessions(ctx, [result.familyId]);
    throw new OAuthError(400, 'invalid_grant', `refresh token ${result.reason}`);
  }
  const user = await userRowById(ctx.db, result.userId);
  if (!user || !user.isActive || user.deletedAt) {
    await revokeUserSessions(ctx.db, result.userId);
    await endUserAccess(ctx, [result.userId]);
    throw new OAuthError(400, 'invalid_grant');
  }
  const next = await issueRefreshToken(ctx.db, {
    userId: user.id,
    clientId,
    ttlSeconds: ctx.config.refreshTokenTtl,
    familyId: result.familyId,
    ...meta,
  });
  return userTokens(ctx, user.id, user.type as UserType, clientId, result.familyId, next.token);
}

/**
 * Sign-in throttling that an attacker cannot turn against the member (decision 013). Failures are
 * counted per account (its e-mail and mobile together) and address, per account, and per address:
 * - an address that failed `login` times for an account is slowed for that account;
 * - once the account itself has failed `login` times, every address that failed for it is slowed,
 *   so a spread-out attack gets one guess per address, while a correct password from an address
 *   that has not failed still signs in;
 * - an address that failed `loginAddress` times across accounts is slowed for all of them.
 * Across all addresses, `loginCeiling` failures in a row admit only known devices (ceiling.ts).
 */
async function checkSignInThrottle(ctx: AppContext, account: string, ip: string | undefined) {
  const l = ctx.limits;
  const [pair, acct] = await l.login.peek(`pair:${account}|${ip}`, `account:${account}`);
  const [address] = await l.loginAddress.peek(`ip:${ip}`);
  const blocking = [];
  if (pair!.count >= l.login.limit || (acct!.count >= l.login.limit && pair!.count > 0)) blocking.push(pair!);
  if (address!.count >= l.loginAddress.limit) blocking.push(address!);
  if (blocking.length > 0) throw RateLimiter.tooMany(blocking);
}

async function recordSignInFailure(
  ctx: AppContext,
  account: string,
  ceiling: string,
  ip: string | undefined,
) {
  await ctx.limits.login.record(`pair:${account}|${ip}`, `account:${account}`);
  await ctx.limits.loginAddress.record(`ip:${ip}`);
  await countFailedSignIn(ctx, ceiling);
}

/**
 * One answer for a wrong password and an unknown account, at the same cost. `deviceToken` is the
 * browser's known-device cookie (ceiling.ts); the answer carries the one to set.
 */
export async function login(
  ctx: AppContext,
  username: string,
  password: string,
  clientId: string,
  meta: ClientMeta,
  deviceToken?: string,
): Promise<{ result: LoginResult; deviceToken: string }> {
  const isEmail = username.includes('@');
  const identifier = isEmail ? username.toLowerCase() : (normaliseMobile(username) ?? username);
  const row = await findUserByIdentifier(ctx.db, isEmail ? { email: identifier } : { mobile: identifier });
  // One account, whichever identifier names it; an unknown identifier is counted as itself.
  const account = row ? `user:${row.id}` : `id:${identifier}`;
  await checkSignInThrottle(ctx, account, meta.ip);
  const ceiling = ceilingAccount(row?.id ?? null, identifier);
  await checkCeiling(ctx, ceiling, row?.id ?? null, deviceToken);
  if (!row) {
    await burnPasswordCheck(password);
    await recordSignInFailure(ctx, account, ceiling, meta.ip);
    throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    await recordSignInFailure(ctx, account, ceiling, meta.ip);
    throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  if (!row.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive');
  // This address is trusted again for this account; the account's own count stays while it lasts.
  await ctx.limits.login.reset(`pair:${account}|${meta.ip}`);
  const device = await signedIn(ctx, ceiling, row.id, deviceToken);
  const refresh = await issueRefreshToken(ctx.db, {
    userId: row.id,
    clientId,
    ttlSeconds: ctx.config.refreshTokenTtl,
    ...meta,
  });
  const tokens = await userTokens(
    ctx,
    row.id,
    row.type as UserType,
    clientId,
    refresh.familyId,
    refresh.token,
  );
  const user = await loadUser(ctx.db, row.id);
  if (!user) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  return { result: { ...tokens, user }, deviceToken: device };
}

/**
 * A new session for a user whose identity was proven another way than a password (the shop's
 * one-time login code): a refresh-token family of its own and an access token, like a sign-in.
 */
export async function sessionForUser(
  ctx: AppContext,
  userId: number,
  clientId: string,
  meta: ClientMeta,
): Promise<LoginResult> {
  const row = await userRowById(ctx.db, userId);
  if (!row) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  if (!row.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive');
  const refresh = await issueRefreshToken(ctx.db, {
    userId,
    clientId,
    ttlSeconds: ctx.config.refreshTokenTtl,
    ...meta,
  });
  const tokens = await userTokens(
    ctx,
    userId,
    row.type as UserType,
    clientId,
    refresh.familyId,
    refresh.token,
  );
  const user = await loadUser(ctx.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  return { ...tokens, user };
}

/** Logout: this device and every other session of the user end, their access tokens at once. */
export async function signOutEverywhere(ctx: AppContext, userId: number) {
  await ctx.db.transaction(async (tx) => {
    await revokeUserSessions(tx, userId);
    await endUserAccess(ctx, [userId], tx);
  });
}

/** The devices signed in, for the settings page; `current` marks the one asking. */
export async function mySessions(
  ctx: AppContext,
  userId: number,
  currentSessionId: string,
): Promise<SessionInfo[]> {
  const rows = await liveFamilies(ctx.db, userId);
  return rows.map((r) => ({
    id: r.family_id,
    user_agent: r.user_agent,
    ip: r.ip,
    signed_in_at: new Date(r.signed_in_at).toISOString(),
    last_active_at: new Date(r.last_active_at).toISOString(),
    current: r.family_id === currentSessionId,
  }));
}

/** Signs one device out: its refresh tokens and its access tokens stop working at once. */
export async function signOutDevice(ctx: AppContext, userId: number, sessionId: string) {
  if (!(await revokeFamily(ctx.db, userId, sessionId))) throw notFound();
  await endSessions(ctx, [sessionId]);
}

/**
 * Signs out every device but the one asking: their refresh and access tokens stop working at once.
 * Answers how many devices were signed out.
 */
export async function signOutOtherDevices(ctx: AppContext, userId: number, currentSessionId: string) {
  const ended = await revokeOtherFamilies(ctx.db, userId, currentSessionId);
  await endSessions(ctx, ended);
  return ended.length;
}
