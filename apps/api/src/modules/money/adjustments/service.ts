import { sql } from 'drizzle-orm';
import type { Adjustment, AdjustmentBody } from '@portal/contracts/engine';
import type { AppContext } from '../../../context';
import { addPoints, adjustLvp, lvpBalance, pointBalance } from '../../../compensation/ledger';
import { baht, satang } from '@portal/plan/money';
import { PlanRuleError } from '../../../compensation/plan';
import type { Tx } from '../../../db/client';
import { businessNow } from '../../../lib/clock';
import { AppError, notFound } from '../../../lib/errors';
import { auditEngine } from '../audit/repository';
import { adjustmentById, memberBalance } from './repository';

const negative = (balance: string) =>
  new AppError(409, 'PLAN_RULE', `This would leave a negative balance (${balance})`, {
    amount: [`This would leave a negative balance (${balance})`],
  });

/** LVP: the engine's adjustment (type OTHER); its key is the instant, so two in one millisecond get the next one. */
async function postLvp(
  tx: Tx,
  memberId: number,
  points: number,
  remark: string,
  when: { date: string; at: Date },
  by: number,
) {
  const before = await lvpBalance(tx, memberId);
  for (let shift = 0; ; shift++) {
    await adjustLvp(
      tx,
      memberId,
      points,
      remark,
      { date: when.date, at: new Date(when.at.getTime() + shift) },
      by,
    );
    if ((await lvpBalance(tx, memberId)) === before + points) return;
    if (shift > 100) throw new Error('could not post the LVP adjustment');
  }
}

/**
 * A manual adjustment of a member's LVP or point balance (plan 2.3, 5.2: type OTHER, remark
 * mandatory), dated today on the business clock: posted to the ledger and recorded in the engine's
 * audit with who made it, the remark and the balance after, in one transaction. A balance never
 * goes below zero.
 */
export async function adjustBalance(
  ctx: AppContext,
  body: AdjustmentBody,
  staffUserId: number,
): Promise<Adjustment> {
  const now = await businessNow(ctx.db, ctx.config);
  const remark = body.remark.trim();
  const id = await ctx.db.transaction(async (tx) => {
    const member = await memberBalance(tx, body.member_id);
    if (!member) throw notFound();
    // The same locks the ledger takes when LVP or points pay an order: no spend races the adjustment.
    const lock = body.kind === 'LVP' ? 'lvp' : 'points';
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}), ${body.member_id}::int)`);
    let after: string;
    if (body.kind === 'LVP') {
      const points = Number(body.amount);
      const balance = (await lvpBalance(tx, body.member_id)) + points;
      if (balance < 0) throw negative(String(balance));
      after = String(balance);
    } else {
      const balance = (await pointBalance(tx, body.member_id)) + satang(body.amount);
      if (balance < 0n) throw negative(baht(balance));
      after = baht(balance);
    }
    const amount = body.kind === 'LVP' ? String(Number(body.amount)) : baht(satang(body.amount));
    const auditId = await auditEngine(tx, {
      action: body.kind === 'LVP' ? 'LVP_ADJUSTED' : 'POINTS_ADJUSTED',
      actorUserId: staffUserId,
      memberId: body.member_id,
      businessDate: now.date,
      detail: { amount, remark, balance_after: after },
    });
    try {
      if (body.kind === 'LVP') await postLvp(tx, body.member_id, Number(amount), remark, now, staffUserId);
      else
        await addPoints(
          tx,
          `staff:${auditId}`,
          body.member_id,
          'OTHER',
          satang(amount),
          remark,
          now.date,
          null,
          staffUserId,
        );
    } catch (err) {
      if (err instanceof PlanRuleError)
        throw new AppError(422, 'VALIDATION_ERROR', err.message, { remark: [err.message] });
      throw err;
    }
    return auditId;
  });
  return (await adjustmentById(ctx.db, id))!;
}
