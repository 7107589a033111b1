import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { avatarFileRoutes } from '../modules/profile';
import { shopPublicRoutes } from '../modules/shop';

/**
 * What is served outside the API guard (no app key, no token): avatars and product pictures, which
 * load in <img> elements that cannot send headers (decision 008), and the PromptPay provider's
 * callback, which authenticates by its signature.
 */
export const filesSurface =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(avatarFileRoutes(ctx));
    await app.register(shopPublicRoutes(ctx));
  };
