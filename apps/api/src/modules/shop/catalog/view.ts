import type { FastifyRequest } from 'fastify';
import type { Moment } from '@portal/plan/dates';
import type { AppContext } from '../../../context';
import { planFor } from '../../../compensation/plan';
import { shopNow } from '../clock';
import { languageOf } from '../language';
import type { Audience, CatalogView } from './service';

/** How the catalog is shown to this caller: their language, whether they see member prices, today's plan. */
export async function viewOf(
  ctx: AppContext,
  request: FastifyRequest,
  audience?: Audience,
  /** The business clock's now, when the caller has read it already. */
  now?: Moment,
): Promise<CatalogView> {
  now ??= await shopNow(ctx);
  return {
    lang: languageOf(request),
    audience: audience ?? (request.principal?.kind === 'user' ? 'member' : 'visitor'),
    plan: await planFor(ctx.db, now.date),
  };
}
