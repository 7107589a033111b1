import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, promptPayCallbackBody, PROMPTPAY_SIGNATURE_HEADER } from '@portal/contracts/shop';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { readUpload } from '../../lib/storage';
import { envelope, sendError } from '../../plugins/envelope';
import { IMAGE_NAME, IMAGE_PATH } from './catalog/images';
import { shopNow } from './clock';
import { promptPaySignature } from './payments/promptpay';
import { promptPayPaid } from './payments/service';

const rawBodies = new WeakMap<FastifyRequest, string>();

function signatureMatches(secret: string, rawBody: string, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(promptPaySignature(secret, rawBody));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The shop's routes outside the API guard (no app key, no token):
 * - product pictures, which load in <img> elements (like avatars, decision 008);
 * - the PromptPay provider's callback, which authenticates by an HMAC of its body under the shared
 *   secret (PROMPTPAY_CALLBACK_SECRET), not by our app key.
 */
export const shopPublicRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${IMAGE_PATH}:name`,
      { schema: { hide: true, params: z.object({ name: z.string().max(80) }) } },
      async (request, reply) => {
        const { name } = request.params;
        const data = IMAGE_NAME.test(name) ? await readUpload(ctx.storage, `products/${name}`) : null;
        if (!data) return sendError(reply, 404, 'NOT_FOUND', 'Not found');
        return reply
          .header('content-type', name.endsWith('.png') ? 'image/png' : 'image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(data);
      },
    );

    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16_384 },
      (request, body, done) => {
        rawBodies.set(request, body as string);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(
            Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }),
            undefined,
          );
        }
      },
    );

    app.post(
      '/shop/v1/payments/promptpay/callback',
      {
        schema: {
          body: promptPayCallbackBody,
          response: {
            200: envelopeOf(
              z.object({ order_no: z.string(), result: z.enum(['paid', 'already_paid', 'duplicate']) }),
            ),
          },
        },
        // The signature is checked before the body is looked at.
        preValidation: async (request) => {
          const secret = ctx.config.shop.promptPay?.callbackSecret;
          const raw = rawBodies.get(request);
          if (
            !secret ||
            raw === undefined ||
            !signatureMatches(secret, raw, request.headers[PROMPTPAY_SIGNATURE_HEADER])
          ) {
            throw new AppError(401, 'INVALID_SIGNATURE', 'The payment confirmation could not be verified');
          }
        },
      },
      async (request) => envelope(await promptPayPaid(ctx, request.body, await shopNow(ctx))),
    );
  };
