import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { bearerPrincipal, isStaffUser } from '../../plugins/auth';
import { devClockRoutes } from './clock';
import { devOutboxRoutes } from './outbox';

const isLoopbackAddress = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** A server bound to loopback only cannot be reached from another machine except through a proxy. */
const listensOnLoopbackOnly = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/** Headers a proxy adds: a request that carries one came through a proxy, whoever sent it. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * A visitor on this machine: the connection itself comes from loopback (never an address a header
 * names, issue 19) and nothing says a proxy passed it on (a proxy on the same host connects from
 * loopback for every visitor of the world).
 */
const fromThisMachine = (request: FastifyRequest) =>
  isLoopbackAddress(request.raw.socket.remoteAddress ?? '') &&
  !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);

/**
 * The /dev routes exist only in demo mode (decision 014). Even then they hand out OTP codes and
 * reset links, so they answer only a visitor on this machine of a server that listens on loopback
 * alone that did not come through a proxy, or a request with a staff access token; anything else
 * gets the same 404 as when demo mode is off.
 */
export const devRoutes =
  (ctx: AppContext, isStaffNow: (userId: number) => Promise<boolean>): FastifyPluginAsync =>
  async (app) => {
    const loopbackServer = listensOnLoopbackOnly(ctx.config.host);

    const hasStaffToken = async (request: FastifyRequest) => {
      const p = await bearerPrincipal(request.headers.authorization, ctx.signer, ctx.revocations);
      return !!p && p !== 'expired' && (await isStaffUser(p, isStaffNow));
    };

    app.addHook('onRequest', async (request) => {
      if (loopbackServer && fromThisMachine(request)) return;
      if (await hasStaffToken(request)) return;
      throw new AppError(404, 'NOT_FOUND', 'Not found');
    });

    await app.register(devOutboxRoutes(ctx));
    await app.register(devClockRoutes(ctx));
  };
