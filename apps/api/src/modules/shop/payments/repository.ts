import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orders } from '../../../db/schema/compensation';
import { paymentSlips, shopPayments } from '../../../db/schema/shop';

export type PaymentRow = typeof shopPayments.$inferSelect;
export type SlipRow = typeof paymentSlips.$inferSelect;

/** The payment with its order's standing, locked for the rest of the transaction. */
export async function lockPayment(
  tx: Tx,
  where: { id: number } | { reference: string } | { orderId: number },
) {
  const cond =
    'id' in where
      ? eq(shopPayments.id, where.id)
      : 'reference' in where
        ? eq(shopPayments.reference, where.reference)
        : eq(shopPayments.orderId, where.orderId);
  const [row] = await tx
    .select({
      payment: shopPayments,
      orderNo: orders.orderNo,
      paymentStatus: orders.paymentStatus,
      canceledDate: orders.canceledDate,
    })
    .from(shopPayments)
    .innerJoin(orders, eq(orders.id, shopPayments.orderId))
    .where(cond)
    .for('update', { of: shopPayments });
  return row ?? null;
}

export async function insertPayment(tx: Tx, values: typeof shopPayments.$inferInsert): Promise<number> {
  const [row] = await tx.insert(shopPayments).values(values).returning({ id: shopPayments.id });
  return row!.id;
}

/**
 * A payment confirmed as it is made (the demo provider; points and LVP covering everything) and the
 * audit line that records it, in one statement.
 */
export async function insertConfirmedPayment(
  tx: Tx,
  p: {
    orderId: number;
    method: string;
    amount: string;
    reference: string;
    confirmedAt: Date;
    confirmedBy: string;
  },
  audit: { actor: string; actorUserId: number | null; action: string; detail: Record<string, unknown> },
) {
  await tx.execute(sql`
    with p as (
      insert into shop_payments (order_id, method, state, amount, reference, confirmed_at, confirmed_by)
      values (${p.orderId}, ${p.method}, 'confirmed', ${p.amount}, ${p.reference}, ${p.confirmedAt.toISOString()}::timestamptz,
        ${p.confirmedBy})
      returning order_id)
    insert into shop_audit (order_id, actor, actor_user_id, action, detail)
    select order_id, ${audit.actor}, ${audit.actorUserId}::bigint, ${audit.action}, ${JSON.stringify(audit.detail)}::jsonb
    from p`);
}

export async function setPayment(tx: Tx, id: number, values: Partial<typeof shopPayments.$inferInsert>) {
  await tx
    .update(shopPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shopPayments.id, id));
}

export async function paymentsOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, PaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(shopPayments).where(inArray(shopPayments.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export async function slipsOf(db: Db | Tx, paymentIds: number[]): Promise<Map<number, SlipRow[]>> {
  const out = new Map<number, SlipRow[]>();
  if (paymentIds.length === 0) return out;
  const rows = await db
    .select()
    .from(paymentSlips)
    .where(inArray(paymentSlips.paymentId, paymentIds))
    .orderBy(desc(paymentSlips.createdAt), desc(paymentSlips.id));
  for (const r of rows) {
    const list = out.get(r.paymentId) ?? [];
    list.push(r);
    out.set(r.paymentId, list);
  }
  return out;
}

export async function latestSlip(tx: Tx, paymentId: number): Promise<SlipRow | null> {
  const [row] = await tx
    .select()
    .from(paymentSlips)
    .where(eq(paymentSlips.paymentId, paymentId))
    .orderBy(desc(paymentSlips.createdAt), desc(paymentSlips.id))
    .limit(1);
  return row ?? null;
}

/** A slip, if it belongs to this order's payment. */
export async function slipOfOrder(db: Db | Tx, orderId: number, slipId: number): Promise<SlipRow | null> {
  const [row] = await db
    .select({ slip: paymentSlips })
    .from(paymentSlips)
    .innerJoin(shopPayments, eq(shopPayments.id, paymentSlips.paymentId))
    .where(and(eq(paymentSlips.id, slipId), eq(shopPayments.orderId, orderId)));
  return row?.slip ?? null;
}

/** The same picture already sent for another order and not rejected there. */
export async function slipUsedElsewhere(tx: Tx, sha256: string, paymentId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentSlips.id })
    .from(paymentSlips)
    .where(
      and(
        eq(paymentSlips.sha256, sha256),
        ne(paymentSlips.paymentId, paymentId),
        ne(paymentSlips.status, 'rejected'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertSlip(tx: Tx, values: typeof paymentSlips.$inferInsert): Promise<number> {
  const [row] = await tx.insert(paymentSlips).values(values).returning({ id: paymentSlips.id });
  return row!.id;
}

export async function decideSlip(
  tx: Tx,
  id: number,
  status: 'confirmed' | 'rejected',
  by: number | null,
  reason: string | null,
) {
  await tx.execute(sql`
    update payment_slips set status = ${status}, reason = ${reason}, decided_by = ${by}, decided_at = now()
    where id = ${id}`);
}
