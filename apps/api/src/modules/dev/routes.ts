import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { devClockRoutes } from './clock';
import { devOutboxRoutes } from './outbox';

const isLoopbackAddress = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** A server bound to loopback only cannot be reached from another machine except through a proxy. */
export const listensOnLoopbackOnly = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/**
 * The /dev routes exist only in demo mode (decision 014). Even then they hand out OTP codes and
 * reset links, so they answer only a visitor on this machine of a server that listens on loopback
 * alone, or a request with a staff access token; anything else gets the same 404 as when demo mode
 * is off.
 */
export const devRoutes =
  (ctx: AppContext, isStaffNow: (userId: number) => Promise<boolean>): FastifyPluginAsync =>
  async (app) => {
    const loopbackServer = listensOnLoopbackOnly(ctx.config.host);

    const hasStaffToken = async (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return false;
      const p = await ctx.signer.verify(match[1]);
      if (!p || p === 'expired' || p.kind !== 'user') return false;
      if (p.userType !== 'staff' && p.userType !== 'admin') return false;
      if (await ctx.revocations.isRevoked(p.sessionId, p.userId, p.issuedAtMs)) return false;
      return isStaffNow(p.userId);
    };

    app.addHook('onRequest', async (request) => {
      if (loopbackServer && isLoopbackAddress(request.ip)) return;
      if (await hasStaffToken(request)) return;
      throw new AppError(404, 'NOT_FOUND', 'Not found');
    });

    await app.register(devOutboxRoutes(ctx));
    await app.register(devClockRoutes(ctx));
  };
