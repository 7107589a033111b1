import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { addressRoutes } from './addresses/routes';
import { userAvatarRoutes } from './avatars/routes';
import { bankRoutes } from './banks/routes';
import { documentRoutes } from './documents/routes';
import { kycRoutes } from './kyc/routes';
import { meRoutes } from './me/routes';
import { notificationRoutes } from './notifications/routes';
import { referenceRoutes } from './reference/routes';
import { oauthRoutes, sessionRoutes } from './session/routes';
import { sessionsRoutes } from './session/sessions-routes';
import { userRoutes } from './users/routes';
import { linkRoutes } from './verification/link-routes';
import { otpRoutes } from './verification/otp-routes';

/** The member API: identity, verification, sessions, the address lists, profile and KYC. Mounted at /member. */
export const identityModule =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const routes of [
      oauthRoutes,
      sessionRoutes,
      sessionsRoutes,
      userRoutes,
      meRoutes,
      notificationRoutes,
      otpRoutes,
      linkRoutes,
      referenceRoutes,
      userAvatarRoutes,
      documentRoutes,
      bankRoutes,
      addressRoutes,
      kycRoutes,
    ]) {
      await app.register(routes(ctx));
    }
  };
