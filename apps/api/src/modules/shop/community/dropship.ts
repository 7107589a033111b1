import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DropshipIncome, dropshipIncomeBody, dropshipIncomeUpdateBody } from '@portal/contracts/shop';
import type { Page } from '@portal/contracts/envelope';
import { pageAnswer } from '@portal/contracts/envelope';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { incomeLines, orderItems, orders } from '../../../db/schema/compensation';
import { members } from '../../../db/schema/network';
import { shopOrders } from '../../../db/schema/shop';
import { postCancellation } from '../../../compensation/ledger';
import { baht, satang } from '@portal/plan/money';
import { planFor, PlanRuleError } from '../../../compensation/plan';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../audit';
import { audit } from '../audit';
import { productsByCodes } from '../catalog/repository';
import { placeOrder, type DraftLine } from '../checkout/place';
import { requestHash } from '../checkout/pricing';
import { lockScope } from '../checkout/repository';
import { replay } from '../checkout/service';
import { shopNow } from '../clock';
import { planRule, shopErrors } from '../errors';
import { sellerByUuid } from './repository';

/**
 * The network API's community-career income (plan 4.6; spec `POST /dropship_income`, `GET, PUT
 * /dropship_income/{id}`): one row per line of a paid DROPSHIP order, read from the engine's income
 * lines. A sale made in another selling system is recorded here as a paid DROPSHIP order of the
 * member (its PV and income posted by the engine, as for the shop's own community orders).
 */
const SCOPE = 'api';
type RecordBody = z.output<typeof dropshipIncomeBody>;
type CorrectBody = z.output<typeof dropshipIncomeUpdateBody>;

const rowColumns = {
  id: incomeLines.id,
  orderNo: orders.orderNo,
  productCode: orderItems.productCode,
  productName: orderItems.productName,
  qty: orderItems.qty,
  sellingPrice: orderItems.sellingPrice,
  memberPrice: orderItems.memberPrice,
  amount: incomeLines.amount,
  incomeDate: incomeLines.incomeDate,
  memberUuid: members.memberUuid,
  state: incomeLines.state,
};

function toRow(r: {
  id: number;
  orderNo: string;
  productCode: string;
  productName: string;
  qty: number;
  sellingPrice: string | null;
  memberPrice: string;
  amount: string;
  incomeDate: string;
  memberUuid: string;
  state: string;
}): DropshipIncome {
  const selling = r.sellingPrice ?? r.memberPrice;
  return {
    id: r.id,
    order_no: r.orderNo,
    product_code: r.productCode,
    product_name: r.productName,
    quantity: r.qty,
    selling_price: selling,
    member_price: r.memberPrice,
    grand_total: baht(satang(selling) * BigInt(r.qty)),
    compensation: r.amount,
    income_date: r.incomeDate,
    member_uuid: r.memberUuid,
    state: r.state as DropshipIncome['state'],
  };
}

const rows = (db: Db | Tx) =>
  db
    .select(rowColumns)
    .from(incomeLines)
    .innerJoin(orderItems, eq(orderItems.id, incomeLines.orderItemId))
    .innerJoin(orders, eq(orders.id, incomeLines.orderId))
    .innerJoin(members, eq(members.id, incomeLines.memberId));
const isDropship = and(eq(incomeLines.type, 'DROPSHIP'), eq(incomeLines.correction, false));

export async function dropshipRow(db: Db | Tx, id: number): Promise<DropshipIncome> {
  const [row] = await rows(db).where(and(isDropship, eq(incomeLines.id, id)));
  if (!row) throw shopErrors.orderNotFound();
  return toRow(row);
}

export async function dropshipRowsOfOrder(db: Db | Tx, orderId: number): Promise<DropshipIncome[]> {
  const found = await rows(db)
    .where(and(isDropship, eq(incomeLines.orderId, orderId)))
    .orderBy(orderItems.lineNo);
  return found.map(toRow);
}

export async function dropshipPage(
  db: Db,
  q: { member_uuid?: string | undefined; page: number; per_page: number },
): Promise<Page<DropshipIncome>> {
  const where: SQL | undefined = and(
    isDropship,
    q.member_uuid ? eq(members.memberUuid, q.member_uuid) : undefined,
  );
  const [found, [{ total } = { total: 0 }]] = await Promise.all([
    rows(db)
      .where(where)
      .orderBy(desc(incomeLines.incomeDate), desc(incomeLines.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(incomeLines)
      .innerJoin(members, eq(members.id, incomeLines.memberId))
      .where(where),
  ]);
  return pageAnswer(found.map(toRow), total, q);
}

async function saleLines(tx: Tx, items: { product_code: string; quantity: number; selling_price: string }[]) {
  const found = await productsByCodes(
    tx,
    items.map((i) => i.product_code),
  );
  return items.map((item, i): DraftLine => {
    const product = found.find((p) => p.code === item.product_code);
    if (!product || product.kind === 'PACKAGE') throw shopErrors.unavailable(item.product_code);
    const price = satang(item.selling_price);
    if (price < satang(product.memberPrice) || price > satang(product.retailPrice)) {
      const message = `The selling price of ${product.code} must be between ${product.memberPrice} and ${product.retailPrice}`;
      throw new AppError(422, 'SELLING_PRICE_OUT_OF_RANGE', message, {
        [`items.${i}.selling_price`]: [message],
      });
    }
    return {
      product,
      name: product.nameTh,
      qty: item.quantity,
      unitPrice: price,
      memberPrice: product.memberPrice,
      retailPrice: product.retailPrice,
      sellingPrice: baht(price),
      pv: product.pvPerUnit,
      lvp: 0,
      bundleItems: [],
    };
  });
}

async function recordSale(
  tx: Tx,
  ctx: AppContext,
  memberId: number,
  lines: DraftLine[],
  idempotency: { key: string; hash: string },
  by: Actor,
) {
  const when = await shopNow(ctx);
  try {
    return await placeOrder(
      tx,
      ctx,
      {
        memberId,
        orderType: 'DROPSHIP',
        packageCode: null,
        holdPoints: false,
        lines,
        delivery: { method: 'pickup', address: null },
        shipping: 0n,
        useLvp: 0,
        usePoints: 0n,
        channel: 'API',
        buyerUserId: null,
        idempotency: { scope: SCOPE, ...idempotency },
        customer: null,
        guestKeyHash: null,
        paymentMethod: null,
        takesStock: false,
      },
      when,
      by,
    );
  } catch (err) {
    if (err instanceof PlanRuleError) return planRule(err);
    throw err;
  }
}

/** POST /dropship_income: records a paid community-shop sale once per reference. */
export async function recordDropshipSale(ctx: AppContext, body: RecordBody, by: Actor) {
  const seller = await sellerByUuid(ctx.db, body.member_uuid);
  if (!seller)
    throw new AppError(422, 'VALIDATION_ERROR', 'Unknown member', { member_uuid: ['Unknown member'] });
  const hash = requestHash(body);
  return ctx.db.transaction(async (tx) => {
    await lockScope(tx, `${SCOPE}:${body.reference}`);
    const again = await replay(tx, SCOPE, body.reference, hash);
    if (again) return again;
    const placed = await recordSale(
      tx,
      ctx,
      seller.memberId,
      await saleLines(tx, body.items),
      { key: body.reference, hash },
      by,
    );
    return { orderId: placed.orderId, orderNo: placed.orderNo, replayed: false };
  });
}

/**
 * PUT /dropship_income/{id}: a correction never edits a posting (plan 2.4). The recorded sale is
 * canceled (its income voided, or corrected by a negative line once paid out; its PV reversed, dated
 * today) and the corrected sale recorded in its place; the answer is the corrected line's new row.
 * Only sales recorded through this API: a community-shop order of this shop is handled at the desk.
 */
export async function correctDropshipLine(ctx: AppContext, id: number, body: CorrectBody, by: Actor) {
  const when = await shopNow(ctx);
  return ctx.db.transaction(async (tx) => {
    const [line] = await tx
      .select({ orderId: incomeLines.orderId, lineNo: orderItems.lineNo, channel: shopOrders.channel })
      .from(incomeLines)
      .innerJoin(orderItems, eq(orderItems.id, incomeLines.orderItemId))
      .innerJoin(shopOrders, eq(shopOrders.orderId, incomeLines.orderId))
      .where(and(isDropship, eq(incomeLines.id, id)));
    if (!line?.orderId) throw shopErrors.orderNotFound();
    if (line.channel !== 'API')
      throw shopErrors.statusConflict('A community-shop order of this shop is corrected at the orders desk');
    const [order] = await tx.select().from(orders).where(eq(orders.id, line.orderId)).for('update');
    if (order!.canceledDate) throw shopErrors.statusConflict('This sale was already corrected or canceled');
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id))
      .orderBy(orderItems.lineNo);
    const corrected = items.map((i) => ({
      product_code: i.productCode,
      quantity: i.lineNo === line.lineNo ? (body.quantity ?? i.qty) : i.qty,
      selling_price:
        i.lineNo === line.lineNo
          ? (body.selling_price ?? i.sellingPrice ?? i.memberPrice)
          : (i.sellingPrice ?? i.memberPrice),
    }));
    const lines = await saleLines(tx, corrected);
    try {
      await postCancellation(tx, await planFor(tx, when.date), order!.id, when);
    } catch (err) {
      planRule(err);
    }
    await tx
      .update(orders)
      .set({ cancelReason: `corrected by dropship income ${id}` })
      .where(eq(orders.id, order!.id));
    await audit(tx, by, 'dropship_corrected', { orderId: order!.id }, { income_id: id, ...body });
    const key = `correction:${id}:${randomUUID()}`;
    const placed = await recordSale(tx, ctx, order!.memberId, lines, { key, hash: requestHash({ key }) }, by);
    const rowsNow = await dropshipRowsOfOrder(tx, placed.orderId);
    return rowsNow[line.lineNo - 1]!;
  });
}
