import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { whtCertificates } from '../../../db/schema/certificates';
import { AppError } from '../../../lib/errors';
import { businessNow } from '../../../lib/clock';
import { memberIdOfUser } from '../../accounts';
import { yearlyStatement } from './statement-service';
import { RendererBusy, renderWhtCertificate } from './wht-renderer';

/**
 * A member's withholding-tax certificate (50 ทวิ) of a year (issue 19): rendered once, in a worker
 * thread, and kept with the fingerprint of the statement it was made from; served from there while
 * the statement is the same. A reversal into that year (or a month closing, or a new address)
 * changes the statement, and the next request renders it again. Parallel requests for the same
 * certificate share one render; a member has at most MAX_RENDERS_PER_MEMBER renders going at once.
 */
export const MAX_RENDERS_PER_MEMBER = 2;

const inFlight = new WeakMap<AppContext, Map<string, Promise<Buffer>>>();
const rendersOf = (ctx: AppContext) => {
  let m = inFlight.get(ctx);
  if (!m) inFlight.set(ctx, (m = new Map()));
  return m;
};

export async function whtCertificate(ctx: AppContext, userId: number, year: number) {
  const statement = await yearlyStatement(ctx, userId, year);
  const memberId = await memberIdOfUser(ctx.db, userId);
  if (memberId === null) throw new AppError(404, 'NOT_FOUND', 'Not found');
  const fingerprint = createHash('sha256').update(JSON.stringify(statement)).digest('hex');
  const name = `wht-50tawi-${statement.year}-${statement.payee.member_code}.pdf`;
  const [stored] = await ctx.db
    .select({ fingerprint: whtCertificates.fingerprint, pdf: whtCertificates.pdf })
    .from(whtCertificates)
    .where(and(eq(whtCertificates.memberId, memberId), eq(whtCertificates.year, statement.year)));
  if (stored?.fingerprint === fingerprint) return { pdf: stored.pdf, name };

  const renders = rendersOf(ctx);
  const key = `${memberId}:${statement.year}:${fingerprint}`;
  let render = renders.get(key);
  if (!render) {
    const mine = [...renders.keys()].filter((k) => k.startsWith(`${memberId}:`)).length;
    if (mine >= MAX_RENDERS_PER_MEMBER)
      throw new AppError(429, 'RATE_LIMITED', 'Certificates are being prepared: try again in a moment');
    render = (async () => {
      const { date } = await businessNow(ctx.db, ctx.config);
      const pdf = await renderWhtCertificate(statement, date);
      await ctx.db
        .insert(whtCertificates)
        .values({ memberId, year: statement.year, fingerprint, issuedOn: date, pdf })
        .onConflictDoUpdate({
          target: [whtCertificates.memberId, whtCertificates.year],
          set: { fingerprint, issuedOn: date, pdf, createdAt: new Date() },
        });
      return pdf;
    })().finally(() => renders.delete(key));
    renders.set(key, render);
  }
  try {
    return { pdf: await render, name };
  } catch (err) {
    if (err instanceof RendererBusy)
      throw new AppError(
        503,
        'SERVICE_UNAVAILABLE',
        'Certificates are being prepared: try again in a moment',
      );
    throw err;
  }
}
