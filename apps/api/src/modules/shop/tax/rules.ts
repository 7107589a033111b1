import type { TaxBuyer, TaxDocumentKind } from '@portal/contracts/tax';
import { baht, satang } from '@portal/plan/money';

/**
 * The rules of the shop's tax documents, as pure functions (decision 040): which series a kind is
 * numbered in, how a number reads, the amounts apart from VAT, and which documents a month's sales
 * tax report counts.
 */

export type Series = 'ABB' | 'INV' | 'CN';

export const SERIES: Record<TaxDocumentKind, Series> = {
  abbreviated: 'ABB',
  full: 'INV',
  credit_note: 'CN',
};

export const HEAD_OFFICE = '00000';

/**
 * A document's number: the series, the year it is dated in, the branch when it is not the head
 * office, and six digits of its serial, which restarts at 1 every year (ABB2026-000001,
 * INV2026-B00001-000012).
 */
export function documentNumber(series: Series, year: number, branch: string, seq: number): string {
  const place = branch === HEAD_OFFICE ? '' : `-B${branch}`;
  return `${series}${year}${place}-${String(seq).padStart(6, '0')}`;
}

/** A price that includes VAT split into its value before VAT and the VAT the order charged. */
export function amountsOf(total: string, vat: string) {
  return { value: baht(satang(total) - satang(vat)), vat: baht(satang(vat)), total: baht(satang(total)) };
}

/** Two buyers are the same on paper when every printed field is the same. */
export const sameBuyer = (a: TaxBuyer, b: TaxBuyer) =>
  a.name === b.name && a.tax_id === b.tax_id && a.address === b.address && a.branch === b.branch;

export interface ReportDocument {
  id: number;
  orderId: number;
  kind: TaxDocumentKind;
  issuedDate: string;
}

/**
 * Which documents of a month the sales tax report (รายงานภาษีขาย, section 87) counts. A sale is
 * counted once, in the month of its first invoice (the tax point): on the last invoice issued for
 * it in that month, so an abbreviated invoice replaced the same month by a full one is listed as
 * canceled and the full one counts. A full invoice asked for in a later month is listed there but
 * not counted again (its VAT was reported with the first invoice). A credit note counts, negative,
 * in the month it is issued. `firstInvoiceMonth` is the month (YYYY-MM) of each order's first invoice.
 */
export function countedDocuments(
  month: string,
  docs: readonly ReportDocument[],
  firstInvoiceMonth: ReadonlyMap<number, string>,
): Set<number> {
  const counted = new Set<number>();
  const lastInvoice = new Map<number, ReportDocument>();
  for (const d of docs) {
    if (!d.issuedDate.startsWith(month)) continue;
    if (d.kind === 'credit_note') {
      counted.add(d.id);
      continue;
    }
    if (firstInvoiceMonth.get(d.orderId) !== month) continue;
    const seen = lastInvoice.get(d.orderId);
    if (!seen || seen.id < d.id) lastInvoice.set(d.orderId, d);
  }
  for (const d of lastInvoice.values()) counted.add(d.id);
  return counted;
}
