import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { ReportListQuery } from '@portal/contracts/reports';
import type {
  HoldLotDetail,
  HoldLotRow,
  HoldRelease,
  HoldReleaseBody,
  HoldReleaseResult,
} from '@portal/contracts/statements';
import type { AppContext } from '../../../context';
import { daysBetween, type Moment } from '@portal/plan/dates';
import { releaseHold } from '../../../compensation/ledger';
import { planFor, PlanRuleError } from '../../../compensation/plan';
import { suspendedAt } from '../../../compensation/standing';
import type { Db, Tx } from '../../../db/client';
import { businessNow } from '../../../lib/clock';
import { AppError, notFound } from '../../../lib/errors';
import { lotOf, lotPage, releasesOf, type LotRecord, type ReleaseRecord } from './hold-repository';

/**
 * Hold points (plan 5.1): the member's lots with what is released and what is left, and a release
 * of part of a lot to SELF, LEFT or RIGHT. The release itself is the engine's (`releaseHold`): it
 * checks the plan's rules and posts; this module only finds the member's own lot and says in the
 * envelope why the engine refused.
 */

function toRow(r: LotRecord, today: string): HoldLotRow {
  const remaining = r.canceled_date ? 0 : r.pv_total - r.pv_released;
  return {
    id: r.id,
    order_id: r.order_id,
    order_no: r.order_no,
    created_date: r.created_date,
    deadline: r.deadline,
    days_left: daysBetween(today, r.deadline),
    pv_total: r.pv_total,
    pv_released: r.pv_released,
    pv_remaining: remaining,
    status: r.canceled_date ? 'CANCELED' : remaining > 0 ? 'OPEN' : 'RELEASED',
    canceled_date: r.canceled_date,
  };
}

const toRelease = (r: ReleaseRecord): HoldRelease => ({
  id: r.id,
  release_date: r.release_date,
  pv: r.pv,
  target: r.target as HoldRelease['target'],
  auto: r.auto,
});

export async function listLots(
  ctx: AppContext,
  userId: number,
  q: ReportListQuery,
): Promise<Page<HoldLotRow>> {
  const now = await businessNow(ctx.db, ctx.config);
  const { items, total } = await lotPage(ctx.db, userId, q);
  return pageAnswer(
    items.map((r) => toRow(r, now.date)),
    total,
    q,
  );
}

async function detailOf(db: Db | Tx, lot: LotRecord, now: Moment): Promise<HoldLotDetail> {
  const row = toRow(lot, now.date);
  const suspended = (await suspendedAt(db, [lot.member_id], now.at)).has(lot.member_id);
  return {
    ...row,
    releases: (await releasesOf(db, lot.id)).map(toRelease),
    can_release: row.status === 'OPEN' && !suspended,
  };
}

export async function lotDetail(ctx: AppContext, userId: number, lotId: number): Promise<HoldLotDetail> {
  const now = await businessNow(ctx.db, ctx.config);
  const lot = await lotOf(ctx.db, userId, lotId);
  if (!lot) throw notFound();
  return detailOf(ctx.db, lot, now);
}

/** Why the engine refused, in the envelope: the field and a message the portal translates by field. */
function refusal(lot: LotRecord, body: HoldReleaseBody, suspended: boolean, err: PlanRuleError): AppError {
  const remaining = lot.pv_total - lot.pv_released;
  if (lot.canceled_date) {
    return new AppError(409, 'PLAN_RULE', 'The order of this lot was canceled', {
      lot: ['The order of this lot was canceled'],
    });
  }
  if (suspended) return new AppError(403, 'ACCOUNT_SUSPENDED', 'A suspended member cannot release points');
  if (body.pv > remaining) {
    const message = `At most ${remaining} PV is left in this lot`;
    return new AppError(422, 'VALIDATION_ERROR', message, { pv: [message] });
  }
  return new AppError(409, 'PLAN_RULE', err.message);
}

/** One release of part of the member's own lot, dated today's business date, in one transaction. */
export async function releaseLot(
  ctx: AppContext,
  userId: number,
  lotId: number,
  body: HoldReleaseBody,
): Promise<HoldReleaseResult> {
  const now = await businessNow(ctx.db, ctx.config);
  const plan = await planFor(ctx.db, now.date);
  return ctx.db.transaction(async (tx) => {
    const lot = await lotOf(tx, userId, lotId, true);
    if (!lot) throw notFound();
    let releaseId: number;
    try {
      releaseId = await releaseHold(tx, plan, lot.id, body.pv, body.target, now);
    } catch (err) {
      if (!(err instanceof PlanRuleError)) throw err;
      const suspended = (await suspendedAt(tx, [lot.member_id], now.at)).has(lot.member_id);
      throw refusal(lot, body, suspended, err);
    }
    const after = (await lotOf(tx, userId, lotId))!;
    const detail = await detailOf(tx, after, now);
    const release = detail.releases.find((r) => r.id === releaseId)!;
    return { release, lot: detail };
  });
}
