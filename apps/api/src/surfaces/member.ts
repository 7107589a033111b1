import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  oauthRoutes,
  sessionRoutes,
  sessionsRoutes,
  userRoutes,
  notificationRoutes,
  otpRoutes,
  passwordRoutes,
  linkRoutes,
  referenceRoutes,
  consentRoutes,
  passkeyRoutes,
} from '../modules/accounts';
import {
  meRoutes,
  userAvatarRoutes,
  documentRoutes,
  bankRoutes,
  addressRoutes,
  kycRoutes,
  documentViewRoutes,
} from '../modules/profile';
import { closureRoutes, exportRoutes } from '../modules/privacy';
/**
 * The member API (the specification's "Member service"), mounted at /member: accounts (sign-in,
 * sessions, registration, verification, notifications, reference lists) and the member's profile
 * (me, avatar, documents, banks, addresses, KYC).
 */
export const memberSurface =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const routes of [
      oauthRoutes,
      sessionRoutes,
      sessionsRoutes,
      userRoutes,
      meRoutes,
      passwordRoutes,
      notificationRoutes,
      otpRoutes,
      linkRoutes,
      referenceRoutes,
      userAvatarRoutes,
      documentRoutes,
      bankRoutes,
      addressRoutes,
      kycRoutes,
      consentRoutes,
      documentViewRoutes,
      exportRoutes,
      closureRoutes,
      passkeyRoutes,
    ]) {
      await app.register(routes(ctx));
    }
  };
