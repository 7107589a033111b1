import type { FastifyReply } from 'fastify';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@portal/contracts/oauth';
import type { AppContext } from '../../../context';

/** The member API's cookies live under its prefix. */
export const cookiePath = '/member';

/**
 * The refresh token, httpOnly, for the member API only (the shop's session sets it too), with its
 * readable hint for the portal's pages (no secret in it), set and cleared together.
 */
export function setRefreshCookie(ctx: AppContext, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: cookiePath,
    maxAge: ctx.config.refreshTokenTtl,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: '/',
    maxAge: ctx.config.refreshTokenTtl,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}
