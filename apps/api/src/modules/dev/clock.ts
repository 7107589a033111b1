import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { closeBusinessDays } from '../../compensation/days';
import { advanceDemoClock, businessNow } from '../../lib/clock';
import { validation } from '../../lib/errors';
import { envelope } from '../../plugins/envelope';
import { advanceKycDeadlines } from '../profile';
import { endAccessStamped } from '../accounts';

/** `close: false` moves the date only: the days passed stay open for staff to close (/staff/closings). */
const clockBody = z.strictObject({ date: z.string(), close: z.boolean().optional() });

/**
 * Demo mode only (docs/plan.md E3, decision 030): the demo's business date, and moving it forward. The days
 * that pass do what the scheduler does at midnight, in order: every ended day is closed (hold deadlines,
 * closing, titles, MTA, payout, then the points members read), then the KYC deadline of the new day. With
 * `close: false` the days passed are left for staff to close from the desk (a demo of a closing started by
 * hand); the scheduler's next run at 00:30 would close them too.
 */
export const devClockRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/clock', { schema: { hide: true } }, async () =>
      envelope(await businessNow(ctx.db, ctx.config)),
    );

    app.post('/clock', { schema: { hide: true } }, async (request) => {
      const parsed = clockBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        if (parsed.error.issues[0]?.path[0] === 'close') throw validation('close', 'close is true or false.');
        throw validation('date', 'The date must be a calendar date written YYYY-MM-DD.');
      }
      const move = await advanceDemoClock(ctx.db, parsed.data.date, ctx.config);
      const now = await businessNow(ctx.db, ctx.config);
      const runs = parsed.data.close === false ? [] : await closeBusinessDays(ctx.db, now, 'demo-clock');
      const kyc = await advanceKycDeadlines(ctx.db, now.at, ctx.config.kyc);
      await endAccessStamped(ctx, kyc.standingChanged);
      return envelope({
        from: move.from,
        to: move.to,
        runs: runs
          .filter((r) => !r.alreadyDone)
          .map((r) => ({ type: r.type, date: r.businessDate, counts: r.counts })),
      });
    });
  };
