import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoginResult, UserType } from '@portal/contracts/identity';
import { normaliseMobile } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { TokenResponse } from '@portal/contracts/oauth';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { AppError } from '../../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../../lib/passwords';
import { findUserByIdentifier, loadUser } from '../users/repository';
import { consumeRefreshToken, issueRefreshToken, revokeUserSessions } from './refresh-tokens';

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
  const requested = scope ? scope.split(/\s+/).filter(Boolean) : client.scopes;
  if (requested.some((s) => !client.scopes.includes(s))) throw new OAuthError(400, 'invalid_scope');
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
  const { token, expiresIn } = await ctx.signer.userToken(userId, userType, clientId, familyId);
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
  if (!result.ok) throw new OAuthError(400, 'invalid_grant', `refresh token ${result.reason}`);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, result.userId));
  if (!user || !user.isActive || user.deletedAt) {
    await revokeUserSessions(ctx.db, result.userId);
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

/** One answer for a wrong password and an unknown account, at the same cost. */
export async function login(
  ctx: AppContext,
  username: string,
  password: string,
  clientId: string,
  meta: ClientMeta,
): Promise<LoginResult> {
  const isEmail = username.includes('@');
  const account = isEmail ? username.toLowerCase() : (normaliseMobile(username) ?? username);
  ctx.limits.login.hit(`ip:${meta.ip}`, `account:${account}`);
  const row = await findUserByIdentifier(ctx.db, isEmail ? { email: account } : { mobile: account });
  if (!row) {
    await burnPasswordCheck(password);
    throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  if (!row.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive');
  // Only failures count: a busy office (or every member behind one proxy) must not lock itself out.
  ctx.limits.login.reset(`account:${account}`);
  ctx.limits.login.forgive(`ip:${meta.ip}`);
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
  return { ...tokens, user };
}
