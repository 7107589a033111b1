import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { orders } from './compensation';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * The shop's tax documents (issue 22, decision 040): abbreviated tax invoices (Revenue Code section
 * 86/6), full ones (86/4) and credit notes (86/10). Serial numbers run per series, year and branch
 * without a gap: the counter row is taken (and so locked) in the transaction that issues, and a
 * transaction that rolls back gives its number back.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    /** ABB (abbreviated), INV (full), CN (credit note). */
    series: text('series').notNull(),
    year: integer('year').notNull(),
    /** The issuing establishment: "00000" head office, else the branch number. */
    branch: text('branch').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year, t.branch] }),
    check('tax_document_counters_series_check', sql`${t.series} in ('ABB','INV','CN')`),
  ],
);

/**
 * One issued document. Never edited once written, except to mark it canceled when a full invoice
 * replaces it; kept with the order for as long as the law requires (no cascade from orders).
 * Seller, buyer and lines are copied in as they were on the day, so a later change of a product's
 * name or the company's address never changes a document already handed out.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** abbreviated, full or credit_note. */
    kind: text('kind').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    branch: text('branch').notNull(),
    seq: integer('seq').notNull(),
    docNo: text('doc_no').notNull(),
    issuedAt: ts('issued_at').notNull(),
    /** The business date (Asia/Bangkok) the document is dated. */
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    /** The company as it was: name and address in Thai and English, tax id, branch. */
    seller: jsonb('seller').notNull(),
    /** name, tax_id, address, branch (a full invoice), or the order's buyer's name only. */
    buyer: jsonb('buyer').notNull(),
    /** The goods as sold: code, Thai and English names, quantity, unit price and amount (VAT included). */
    lines: jsonb('lines').notNull(),
    shipping: money('shipping').notNull(),
    /** Before VAT, the VAT, and the two together (the order's total; a credit note: what it credits). */
    value: money('value').notNull(),
    vat: money('vat').notNull(),
    total: money('total').notNull(),
    /** A full invoice: the document it replaces; a credit note: the invoice it reduces. */
    refersTo: bigint('refers_to', { mode: 'number' }),
    reason: text('reason'),
    canceledAt: ts('canceled_at'),
    replacedBy: bigint('replaced_by', { mode: 'number' }),
    /** Who issued it: `user:<id>`, `guest`, `provider:<method>`, `system`. */
    issuedBy: text('issued_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_no_key').on(t.docNo),
    uniqueIndex('tax_documents_serial_key').on(t.series, t.year, t.branch, t.seq),
    index('tax_documents_order_idx').on(t.orderId, t.id),
    index('tax_documents_date_idx').on(t.issuedDate),
    // One credit note per order (a refund is of the whole order); one invoice in force per order.
    uniqueIndex('tax_documents_credit_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'credit_note'`),
    uniqueIndex('tax_documents_in_force_key')
      .on(t.orderId)
      .where(sql`${t.kind} <> 'credit_note' and ${t.canceledAt} is null`),
    check('tax_documents_kind_check', sql`${t.kind} in ('abbreviated','full','credit_note')`),
    check('tax_documents_amounts_check', sql`${t.value} + ${t.vat} = ${t.total} and ${t.total} >= 0`),
  ],
);

/** A document's PDF in one language, rendered once (the document never changes). */
export const taxDocumentPdfs = pgTable(
  'tax_document_pdfs',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => taxDocuments.id),
    lang: text('lang').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.lang] })],
);
