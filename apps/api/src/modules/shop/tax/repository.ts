import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema/compensation';
import { products, shopOrderLines, shopOrders } from '../../../db/schema/shop';
import { taxDocumentPdfs, taxDocuments } from '../../../db/schema/tax';
import type { Series } from './rules';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * The next serial of a series, year and branch, taken in the caller's transaction: the counter row
 * is inserted or incremented, which locks it until the transaction ends, so a parallel issue waits
 * and takes the next number, and a transaction that rolls back gives its number back (no gap).
 */
export async function nextSerial(tx: Tx, series: Series, year: number, branch: string): Promise<number> {
  const { rows } = await tx.execute<{ last: number }>(sql`
    insert into tax_document_counters (series, year, branch, last) values (${series}, ${year}, ${branch}, 1)
    on conflict (series, year, branch) do update set last = tax_document_counters.last + 1
    returning last`);
  return rows[0]!.last;
}

export async function insertDocument(
  tx: Tx,
  values: typeof taxDocuments.$inferInsert,
): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(values).returning();
  return row!;
}

/** The invoice (abbreviated or full) in force for an order, locked for its replacement. */
export async function invoiceInForce(tx: Tx, orderId: number): Promise<TaxDocumentRow | null> {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        ne(taxDocuments.kind, 'credit_note'),
        isNull(taxDocuments.canceledAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function markReplaced(tx: Tx, id: number, at: Date) {
  await tx.update(taxDocuments).set({ canceledAt: at }).where(eq(taxDocuments.id, id));
}

export async function linkReplacement(tx: Tx, id: number, replacedBy: number) {
  await tx.update(taxDocuments).set({ replacedBy }).where(eq(taxDocuments.id, id));
}

export async function documentsOfOrder(db: Db | Tx, orderId: number): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.id));
}

export async function documentsByIds(db: Db | Tx, ids: number[]): Promise<TaxDocumentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(taxDocuments).where(inArray(taxDocuments.id, ids));
}

/** What an invoice copies of an order: its money, its buyer and its lines with both names of each product. */
export async function orderToInvoice(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      paidDate: orders.paidDate,
      shipping: orders.shippingAmount,
      vat: orders.vatAmount,
      total: orders.totalAmount,
      channel: shopOrders.channel,
      customer: shopOrders.customer,
      buyerName: sql<string | null>`(select nullif(trim(u.first_name || ' ' || u.last_name), '')
        from users u where u.id = ${shopOrders.buyerUserId})`,
    })
    .from(orders)
    .innerJoin(shopOrders, eq(shopOrders.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await tx
    .select({
      code: orderItems.productCode,
      name: orderItems.productName,
      nameTh: products.nameTh,
      nameEn: products.nameEn,
      qty: orderItems.qty,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .leftJoin(shopOrderLines, eq(shopOrderLines.orderItemId, orderItems.id))
    .leftJoin(products, eq(products.id, shopOrderLines.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.lineNo));
  return { order, lines };
}

/** The documents dated in [from, to) and, for the orders they belong to, the date of each order's first invoice. */
export async function documentsDated(db: Db, from: string, to: string) {
  const rows = await db
    .select({ doc: taxDocuments, orderNo: orders.orderNo })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(gte(taxDocuments.issuedDate, from), lt(taxDocuments.issuedDate, to)))
    .orderBy(asc(taxDocuments.issuedDate), asc(taxDocuments.series), asc(taxDocuments.seq));
  const orderIds = [...new Set(rows.map((r) => r.doc.orderId))];
  const first =
    orderIds.length === 0
      ? []
      : await db
          .select({ orderId: taxDocuments.orderId, date: sql<string>`min(${taxDocuments.issuedDate})::text` })
          .from(taxDocuments)
          .where(and(inArray(taxDocuments.orderId, orderIds), ne(taxDocuments.kind, 'credit_note')))
          .groupBy(taxDocuments.orderId);
  return { rows, firstInvoiceDate: new Map(first.map((f) => [f.orderId, f.date])) };
}

export async function storedPdf(db: Db, documentId: number, lang: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ pdf: taxDocumentPdfs.pdf })
    .from(taxDocumentPdfs)
    .where(and(eq(taxDocumentPdfs.documentId, documentId), eq(taxDocumentPdfs.lang, lang)));
  return row?.pdf ?? null;
}

export async function storePdf(db: Db, documentId: number, lang: string, pdf: Buffer) {
  await db.insert(taxDocumentPdfs).values({ documentId, lang, pdf }).onConflictDoNothing();
}
