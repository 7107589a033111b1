import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@portal/contracts/messages';
import { APP_KEY_HEADER } from '@portal/contracts/oauth';
import { AppError } from '../lib/errors';
import type { Principal, TokenSigner } from '../lib/tokens';

/**
 * Who may call a route:
 * - `none`: only the app key (login, token endpoint)
 * - `public`: an application token or a user token (the specification's public calls)
 * - `user`: a signed-in user
 * - `staff`: a staff or admin user, or a confidential application client
 */
export type Access = 'none' | 'public' | 'user' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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

/**
 * `isStaffNow` re-reads the account for staff routes: a demoted or deactivated staff member loses
 * access at once, not when their access token expires.
 */
export function registerAuth(
  app: FastifyInstance,
  signer: TokenSigner,
  confidentialClients: Set<string>,
  isStaffNow: (userId: number) => Promise<boolean>,
) {
  app.decorateRequest('principal', null);
  app.addHook('preHandler', async (request) => {
    const access: Access = request.routeOptions.config.access ?? 'user';
    if (access === 'none') return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
    const principal = await signer.verify(match[1]);
    if (principal === 'expired') throw new AppError(401, 'TOKEN_EXPIRED', 'The access token has expired');
    if (!principal) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
    request.principal = principal;
    if (access === 'public') return;
    if (access === 'user') {
      if (principal.kind !== 'user') throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
      return;
    }
    // staff
    const isStaff =
      principal.kind === 'user'
        ? (principal.userType === 'staff' || principal.userType === 'admin') &&
          (await isStaffNow(principal.userId))
        : confidentialClients.has(principal.clientId);
    if (!isStaff) throw new AppError(403, 'FORBIDDEN', MSG.forbidden);
  });
}
