import type { Bilingual } from '@portal/contracts/public-info';
import type {
  OrderTaxDocuments,
  TaxBuyer,
  TaxDocument,
  TaxDocumentKind,
  taxInvoiceRequestBody,
} from '@portal/contracts/tax';
import type { z } from 'zod';
import { baht, satang } from '@portal/plan/money';
import type { Moment } from '@portal/plan/dates';
import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { companyInfo } from '../../../lib/company';
import { AppError } from '../../../lib/errors';
import { closePdfRenderer, RendererBusy, renderPdf } from '../../../lib/pdf-renderer';
import type { Actor } from '../audit';
import { shopNow } from '../clock';
import { shopErrors } from '../errors';
import type { Lang } from '../language';
import { lockOrder, type OrderRecord } from '../orders/repository';
import {
  documentsOfOrder,
  insertDocument,
  invoiceInForce,
  linkReplacement,
  markReplaced,
  nextSerial,
  orderToInvoice,
  storedPdf,
  storePdf,
  type TaxDocumentRow,
} from './repository';
import { amountsOf, documentNumber, sameBuyer, SERIES } from './rules';

/**
 * The shop's tax documents (issue 22, decision 040). Every paid order of the shop gets an
 * abbreviated tax invoice (Revenue Code 86/6) in the payment's own transaction; the buyer (member,
 * guest or staff for them) may ask for a full one (86/4), which cancels the invoice in force and
 * refers to it; a refund (a cancel after payment) issues a credit note (86/10) referring to the
 * invoice in force. Sales recorded through the network API (channel API) were made, and invoiced,
 * elsewhere: they get none.
 */

/** The issuing company as the documents print it, from the company file. */
export interface Seller {
  name: Bilingual;
  tax_id: string;
  branch: string;
  address: Bilingual;
}

export function taxSeller(config: Pick<Config, 'companyFile'>): Seller {
  const c = companyInfo(config.companyFile);
  return { name: c.name, tax_id: c.tax_id, branch: c.branch, address: c.address };
}

/** A line as a document copies it: both names of the product, VAT-inclusive prices. */
export interface DocumentLine {
  code: string;
  name_th: string;
  name_en: string;
  quantity: number;
  unit_price: string;
  amount: string;
}

const noBuyer = (name: string): TaxBuyer => ({ name, tax_id: null, address: null, branch: null });

async function issue(
  tx: Tx,
  kind: TaxDocumentKind,
  orderId: number,
  when: Moment,
  seller: Seller,
  by: Actor,
  body: {
    buyer: TaxBuyer;
    lines: DocumentLine[];
    shipping: string;
    total: string;
    vat: string;
    refersTo?: number | null;
    reason?: string | null;
  },
): Promise<TaxDocumentRow> {
  const series = SERIES[kind];
  const year = Number(when.date.slice(0, 4));
  const seq = await nextSerial(tx, series, year, seller.branch);
  return insertDocument(tx, {
    orderId,
    kind,
    series,
    year,
    branch: seller.branch,
    seq,
    docNo: documentNumber(series, year, seller.branch, seq),
    issuedAt: when.at,
    issuedDate: when.date,
    seller,
    buyer: body.buyer,
    lines: body.lines,
    shipping: body.shipping,
    ...amountsOf(body.total, body.vat),
    refersTo: body.refersTo ?? null,
    reason: body.reason ?? null,
    issuedBy: by.actor,
  });
}

/** What an order's invoice copies of it; null for an order the shop does not invoice (a sale recorded through the API). */
async function invoiceSource(tx: Tx, orderId: number) {
  const src = await orderToInvoice(tx, orderId);
  if (!src || src.order.channel === 'API') return null;
  const customer = src.order.customer as { name?: string } | null;
  return {
    buyerName: customer?.name ?? src.order.buyerName ?? '-',
    shipping: src.order.shipping,
    total: src.order.total,
    vat: src.order.vat,
    lines: src.lines.map((l): DocumentLine => ({
      code: l.code,
      name_th: l.nameTh ?? l.name,
      name_en: l.nameEn ?? l.name,
      quantity: l.qty,
      unit_price: l.unitPrice,
      amount: baht(satang(l.unitPrice) * BigInt(l.qty)),
    })),
  };
}

/**
 * The abbreviated tax invoice of an order just paid, in the payment's transaction (so the number is
 * taken only if the payment commits). An order invoiced already is left alone.
 */
export async function issueInvoiceAtPayment(
  tx: Tx,
  orderId: number,
  when: Moment,
  seller: Seller,
  by: Actor,
) {
  const src = await invoiceSource(tx, orderId);
  if (!src || (await invoiceInForce(tx, orderId))) return;
  await issue(tx, 'abbreviated', orderId, when, seller, by, { ...src, buyer: noBuyer(src.buyerName) });
}

/**
 * The credit note of a refund (a paid order canceled), in the cancel's transaction: the whole
 * amount of the invoice in force, with its VAT, referring to it. None when the order has no
 * invoice (a sale recorded through the API), and only one per order.
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: number,
  when: Moment,
  reason: string | null,
  seller: Seller,
  by: Actor,
) {
  const invoice = await invoiceInForce(tx, orderId);
  if (!invoice) return;
  await issue(tx, 'credit_note', orderId, when, seller, by, {
    buyer: invoice.buyer as TaxBuyer,
    lines: invoice.lines as DocumentLine[],
    shipping: invoice.shipping,
    total: invoice.total,
    vat: invoice.vat,
    refersTo: invoice.id,
    reason: reason ?? 'ยกเลิกการขายและคืนเงิน (sale canceled and refunded)',
  });
}

const refusal = (message: string) => new AppError(409, 'ORDER_STATUS_CONFLICT', message);

/**
 * A full tax invoice made out to the buyer given, for a paid order not refunded: the invoice in
 * force (abbreviated, or a full one to other details) is canceled and the full one refers to it,
 * in one transaction. Asked again with the same details, the invoice in force answers (`created`
 * false) and nothing changes.
 */
export async function requestFullInvoice(
  ctx: AppContext,
  orderNo: string,
  body: z.output<typeof taxInvoiceRequestBody>,
  by: Actor,
): Promise<{ created: boolean }> {
  const when = await shopNow(ctx);
  const seller = taxSeller(ctx.config);
  const buyer: TaxBuyer = {
    name: body.name,
    tax_id: body.tax_id,
    address: body.address,
    branch: body.branch ?? null,
  };
  return ctx.db.transaction(async (tx) => {
    const rec = await lockOrder(tx, orderNo);
    if (!rec) throw shopErrors.orderNotFound();
    if (rec.order.canceledDate) throw refusal('This order was canceled: a credit note was issued for it');
    if (rec.order.paymentStatus !== 'paid') throw refusal('A tax invoice is issued once the order is paid');
    const src = await invoiceSource(tx, rec.order.id);
    if (!src) throw refusal('This sale was made and invoiced in another shop');
    const current = await invoiceInForce(tx, rec.order.id);
    if (current?.kind === 'full' && sameBuyer(current.buyer as TaxBuyer, buyer)) return { created: false };
    if (current) await markReplaced(tx, current.id, when.at);
    const full = await issue(tx, 'full', rec.order.id, when, seller, by, {
      ...src,
      buyer,
      refersTo: current?.id ?? null,
    });
    if (current) await linkReplacement(tx, current.id, full.id);
    return { created: true };
  });
}

function documentView(d: TaxDocumentRow, numbers: Map<number, string>): TaxDocument {
  return {
    number: d.docNo,
    kind: d.kind as TaxDocumentKind,
    issued_at: d.issuedAt.toISOString(),
    issued_date: d.issuedDate,
    buyer: d.buyer as TaxBuyer,
    value: d.value,
    vat: d.vat,
    total: d.total,
    refers_to: d.refersTo === null ? null : (numbers.get(d.refersTo) ?? null),
    canceled_at: d.canceledAt?.toISOString() ?? null,
    replaced_by: d.replacedBy === null ? null : (numbers.get(d.replacedBy) ?? null),
    reason: d.reason,
  };
}

/** An order's tax documents as its buyer and staff see them. */
export async function orderTaxDocuments(ctx: AppContext, rec: OrderRecord): Promise<OrderTaxDocuments> {
  const docs = await documentsOfOrder(ctx.db, rec.order.id);
  const numbers = new Map(docs.map((d) => [d.id, d.docNo]));
  const views = docs.map((d) => documentView(d, numbers));
  const invoice = docs.find((d) => d.kind !== 'credit_note' && d.canceledAt === null);
  const credit = docs.find((d) => d.kind === 'credit_note');
  return {
    order_no: rec.order.orderNo,
    invoice: invoice ? documentView(invoice, numbers) : null,
    credit_note: credit ? documentView(credit, numbers) : null,
    documents: views,
    full_available:
      rec.order.paymentStatus === 'paid' && !rec.order.canceledDate && rec.shop.channel !== 'API',
  };
}

/** What the PDF layout reads of a document (tax/pdf.ts): the document and the one it refers to. */
export interface PrintedDocument {
  kind: TaxDocumentKind;
  number: string;
  issuedDate: string;
  orderNo: string;
  saleDate: string | null;
  seller: Seller;
  buyer: TaxBuyer;
  lines: DocumentLine[];
  shipping: string;
  value: string;
  vat: string;
  total: string;
  reason: string | null;
  refersTo: {
    kind: TaxDocumentKind;
    number: string;
    issuedDate: string;
    value: string;
    vat: string;
    total: string;
  } | null;
}

const inFlight = new WeakMap<AppContext, Map<string, Promise<Buffer>>>();
const rendersOf = (ctx: AppContext) => {
  let m = inFlight.get(ctx);
  if (!m) inFlight.set(ctx, (m = new Map()));
  return m;
};

/** Stops the PDF worker (the server's shutdown). */
export const closeTaxRenderer = closePdfRenderer;

/**
 * The PDF of an order's invoice in force or its credit note, in Thai or English: rendered once in
 * the PDF worker and kept (a document never changes); parallel requests share one render.
 */
export async function taxDocumentPdf(
  ctx: AppContext,
  rec: OrderRecord,
  which: 'invoice' | 'credit_note',
  lang: Lang,
): Promise<{ pdf: Buffer; name: string }> {
  const docs = await documentsOfOrder(ctx.db, rec.order.id);
  const doc =
    which === 'invoice'
      ? docs.find((d) => d.kind !== 'credit_note' && d.canceledAt === null)
      : docs.find((d) => d.kind === 'credit_note');
  if (!doc)
    throw new AppError(
      404,
      'NOT_FOUND',
      which === 'invoice' ? 'This order has no tax invoice' : 'This order has no credit note',
    );
  const name = `${doc.docNo}${lang === 'en' ? '-en' : ''}.pdf`;
  const stored = await storedPdf(ctx.db, doc.id, lang);
  if (stored) return { pdf: stored, name };
  const renders = rendersOf(ctx);
  const key = `${doc.id}:${lang}`;
  let render = renders.get(key);
  if (!render) {
    const referred = doc.refersTo === null ? undefined : docs.find((d) => d.id === doc.refersTo);
    const printed: PrintedDocument = {
      kind: doc.kind as TaxDocumentKind,
      number: doc.docNo,
      issuedDate: doc.issuedDate,
      orderNo: rec.order.orderNo,
      saleDate: rec.order.paidDate,
      seller: doc.seller as Seller,
      buyer: doc.buyer as TaxBuyer,
      lines: doc.lines as DocumentLine[],
      shipping: doc.shipping,
      value: doc.value,
      vat: doc.vat,
      total: doc.total,
      reason: doc.reason,
      refersTo: referred
        ? {
            kind: referred.kind as TaxDocumentKind,
            number: referred.docNo,
            issuedDate: referred.issuedDate,
            value: referred.value,
            vat: referred.vat,
            total: referred.total,
          }
        : null,
    };
    render = (async () => {
      const pdf = await renderPdf(new URL('./pdf-worker.ts', import.meta.url), { doc: printed, lang });
      await storePdf(ctx.db, doc.id, lang, pdf);
      return pdf;
    })().finally(() => renders.delete(key));
    renders.set(key, render);
  }
  try {
    return { pdf: await render, name };
  } catch (err) {
    if (err instanceof RendererBusy)
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Documents are being prepared: try again in a moment');
    throw err;
  }
}
