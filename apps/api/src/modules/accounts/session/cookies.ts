import type { FastifyReply } from 'fastify';
import { REFRESH_COOKIE } from '@portal/contracts/oauth';
import type { AppContext } from '../../../context';

/** The member API's cookies live under its prefix. */
export const cookiePath = '/member';

/** The refresh token, httpOnly, for the member API only (the shop's session sets it too). */
export function setRefreshCookie(ctx: AppContext, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    path: cookiePath,
    maxAge: ctx.config.refreshTokenTtl,
  });
}
