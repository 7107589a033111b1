import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { sessionInfoSchema } from '@portal/contracts/identity';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionInfo } from '@portal/contracts/identity';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { endSessions } from './access';

/** The devices signed in (one per refresh-token family still alive), for the settings page. */
export const sessionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/sessions',
      { config: { access: 'user' }, schema: { response: { 200: envelopeOf(z.array(sessionInfoSchema)) } } },
      async (request) => {
        const id = userId(request);
        const current = request.principal?.kind === 'user' ? request.principal.sessionId : '';
        const { rows } = await ctx.db.execute<{
          family_id: string;
          user_agent: string | null;
          ip: string | null;
          signed_in_at: Date;
          last_active_at: Date;
        }>(sql`
        select family_id, (array_agg(user_agent order by created_at desc))[1] as user_agent,
          (array_agg(ip order by created_at desc))[1] as ip,
          min(created_at) as signed_in_at, max(created_at) as last_active_at
        from refresh_tokens
        where user_id = ${id}
        group by family_id
        having bool_or(revoked_at is null and used_at is null and expires_at > now())
        order by max(created_at) desc`);
        const sessions: SessionInfo[] = rows.map((r) => ({
          id: r.family_id,
          user_agent: r.user_agent,
          ip: r.ip,
          signed_in_at: new Date(r.signed_in_at).toISOString(),
          last_active_at: new Date(r.last_active_at).toISOString(),
          current: r.family_id === current,
        }));
        return envelope(sessions);
      },
    );

    /** Signs one device out: its refresh tokens and its access tokens stop working at once. */
    app.delete(
      '/v1/me/sessions/:sessionId',
      {
        config: { access: 'user' },
        schema: {
          params: z.object({ sessionId: z.string().max(64) }),
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        const id = userId(request);
        if (!z.uuid().safeParse(request.params.sessionId).success) throw notFound();
        const { rows } = await ctx.db.execute<{ id: number }>(sql`
          update refresh_tokens set revoked_at = now()
          where user_id = ${id} and family_id = ${request.params.sessionId}::uuid and revoked_at is null
          returning id`);
        if (rows.length === 0) throw notFound();
        await endSessions(ctx, [request.params.sessionId]);
        return envelope(null);
      },
    );
  };
