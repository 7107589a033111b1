import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orders } from '../../../db/schema/compensation';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { coolingOffRequests, shopOrders } from '../../../db/schema/shop';

export type CoolingOffRow = typeof coolingOffRequests.$inferSelect;

export async function requestOf(db: Db | Tx, orderId: number): Promise<CoolingOffRow | null> {
  const [row] = await db.select().from(coolingOffRequests).where(eq(coolingOffRequests.orderId, orderId));
  return row ?? null;
}

export async function insertRequest(tx: Tx, values: typeof coolingOffRequests.$inferInsert) {
  await tx.insert(coolingOffRequests).values(values);
}

export async function setRequest(
  tx: Tx,
  orderId: number,
  values: Partial<typeof coolingOffRequests.$inferInsert>,
) {
  await tx.update(coolingOffRequests).set(values).where(eq(coolingOffRequests.orderId, orderId));
}

/** The desk's requests, newest first: the open ones (not refunded yet) or all. */
export async function requestsForDesk(db: Db, open: boolean) {
  return db
    .select({
      request: coolingOffRequests,
      orderNo: orders.orderNo,
      total: orders.totalAmount,
      channel: shopOrders.channel,
      buyerName: sql<string>`coalesce(${shopOrders.customer}->>'name', trim(${users.firstName} || ' ' || ${users.lastName}))`,
    })
    .from(coolingOffRequests)
    .innerJoin(orders, eq(orders.id, coolingOffRequests.orderId))
    .innerJoin(shopOrders, eq(shopOrders.orderId, orders.id))
    .innerJoin(members, eq(members.id, orders.memberId))
    .innerJoin(users, eq(users.id, members.userId))
    .where(open ? isNull(coolingOffRequests.refundedAt) : undefined)
    .orderBy(desc(coolingOffRequests.requestedAt))
    .limit(500);
}
