import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@portal/contracts/messages';
import { APP_KEY_HEADER } from '@portal/contracts/oauth';
import { AppError } from '../lib/errors';
import type { RevocationStore } from '../lib/revocations';
import type { Principal, Suspension, TokenSigner } from '../lib/tokens';

/**
 * Who may call a route:
 * - `none`: only the app key (login, token endpoint)
 * - `public`: an application token or a user token (the specification's public calls)
 * - `user`: a signed-in user
 * - `staff`: a staff or admin user, or a confidential application client
 */
export type Access = 'none' | 'public' | 'user' | 'staff';

/**
 * What a suspended member may still call (decision 012). Unmarked routes answer 403
 * ACCOUNT_SUSPENDED to a suspended member's token:
 * - `allow`: any suspended member (their own /me, notifications, change password, logout)
 * - `kyc`: a member suspended for missing KYC, who may finish it (documents, bank accounts, KYC)
 */
export type WhileSuspended = 'allow' | 'kyc';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    suspended?: WhileSuspended;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function userId(request: FastifyRequest): number {
  const p = request.principal;
  if (p?.kind !== 'user') throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  return p.userId;
}

/** The app key guards every API route; checked before anything else is parsed. */
export function registerAppKey(app: FastifyInstance, keys: string[]) {
  const allowed = new Set(keys);
  app.addHook('onRequest', async (request) => {
    const key = request.headers[APP_KEY_HEADER];
    if (typeof key !== 'string' || !allowed.has(key)) {
      throw new AppError(401, 'INVALID_APP_KEY', MSG.invalidAppKey);
    }
  });
}

/** The one rule of what a suspension leaves reachable; the portal's guard follows the same. */
export function reachableWhileSuspended(suspension: Suspension, route: WhileSuspended | undefined): boolean {
  if (suspension === 'none') return true;
  return route === 'allow' || (route === 'kyc' && suspension === 'kyc');
}

/**
 * `isStaffNow` re-reads the account for staff routes: a demoted or deactivated staff member loses
 * access at once, not when their access token expires. Every user token is also checked against the
 * revocations: a logout, a password change, a revoked session or a change of standing ends it at once.
 */
/**
 * The principal of a request's bearer token: null when there is none, it is forged or its session
 * was ended (a logout, a password change, a change of standing), 'expired' when it ran out.
 */
export async function bearerPrincipal(
  header: unknown,
  signer: TokenSigner,
  revocations: RevocationStore,
): Promise<Principal | 'expired' | null> {
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const principal = await signer.verify(match[1]);
  if (!principal || principal === 'expired') return principal;
  if (
    principal.kind === 'user' &&
    (await revocations.isRevoked(principal.sessionId, principal.userId, principal.issuedAtMs))
  ) {
    return null;
  }
  return principal;
}

/** A staff or admin user's token, whose account is still staff (a demoted user's live token is not). */
export const isStaffUser = async (principal: Principal, isStaffNow: (userId: number) => Promise<boolean>) =>
  principal.kind === 'user' &&
  (principal.userType === 'staff' || principal.userType === 'admin') &&
  (await isStaffNow(principal.userId));

export function registerAuth(
  app: FastifyInstance,
  signer: TokenSigner,
  revocations: RevocationStore,
  confidentialClients: Set<string>,
  isStaffNow: (userId: number) => Promise<boolean>,
) {
  app.decorateRequest('principal', null);
  // On the request's headers alone, before its body is read, parsed or validated: a caller without the
  // right token costs a token check, never the work a body asks for, and learns nothing of the route's
  // fields (issue 19). A hook of each route, added after the routes' own onRequest hooks (the per-address
  // rate limit's), so that a flood of anonymous calls is still counted and refused as a flood.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await authorise(request);
    } catch (err) {
      // A refused caller's body is never read: the connection closes after the answer instead of
      // taking in the rest of what was sent (megabytes, for the probe of issue 19).
      if (request.headers['content-length'] || request.headers['transfer-encoding']) {
        reply.header('connection', 'close');
      }
      throw err;
    }
  };
  app.addHook('onRoute', (route) => {
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, onRequest] as typeof route.onRequest;
  });

  async function authorise(request: FastifyRequest) {
    const access: Access = request.routeOptions.config.access ?? 'user';
    if (access === 'none') return;
    const principal = await bearerPrincipal(request.headers.authorization, signer, revocations);
    if (principal === 'expired') throw new AppError(401, 'TOKEN_EXPIRED', 'The access token has expired');
    if (!principal) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
    request.principal = principal;
    if (access === 'public') return;
    if (
      principal.kind === 'user' &&
      !reachableWhileSuspended(principal.suspension, request.routeOptions.config.suspended)
    ) {
      throw new AppError(403, 'ACCOUNT_SUSPENDED', MSG.accountSuspended);
    }
    if (access === 'user') {
      if (principal.kind !== 'user') throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
      return;
    }
    // staff
    const isStaff =
      principal.kind === 'user'
        ? await isStaffUser(principal, isStaffNow)
        : confidentialClients.has(principal.clientId);
    if (!isStaff) throw new AppError(403, 'FORBIDDEN', MSG.forbidden);
  }
}

/**
 * A staff write that names a person in its record and the audit (a closing, a plan change, an adjustment):
 * an application client may only read.
 */
export function staffActor(request: FastifyRequest): number {
  if (request.principal?.kind !== 'user')
    throw new AppError(403, 'FORBIDDEN', 'Only a signed-in staff member may do this');
  return userId(request);
}
