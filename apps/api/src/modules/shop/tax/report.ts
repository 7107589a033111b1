import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { SALES_TAX_COLUMNS, type TaxBuyer, type TaxDocumentKind } from '@portal/contracts/tax';
import { baht, satang, type Satang } from '@portal/plan/money';
import type { AppContext } from '../../../context';
import { textCell, type CsvFile } from '../../../lib/csv';
import { taxIdText } from '../../../lib/pdf';
import { documentsDated } from './repository';
import { countedDocuments, HEAD_OFFICE } from './rules';
import { taxSeller } from './service';

/**
 * The month's sales tax report (รายงานภาษีขาย, Revenue Code section 87): every tax document dated
 * in the month in the order of its series and number, with the buyer, the value, the VAT and the
 * total; credit notes negative. Which rows the totals count is rules.ts `countedDocuments` (a sale
 * once, in the month of its first invoice; a credit note in its own month), so the totals are the
 * month's paid orders less its refunds.
 */
export interface SalesTaxRow {
  date: string;
  number: string;
  kind: TaxDocumentKind;
  order_no: string;
  buyer_name: string;
  buyer_tax_id: string | null;
  buyer_branch: string | null;
  value: string;
  vat: string;
  total: string;
  counted: boolean;
  note: string;
}

export interface SalesTaxReport {
  month: string;
  rows: SalesTaxRow[];
  totals: { value: string; vat: string; total: string };
}

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y! + 1}-01-01` : `${y}-${String(m! + 1).padStart(2, '0')}-01`;
};

export async function salesTaxReport(ctx: AppContext, month: string): Promise<SalesTaxReport> {
  const { rows, firstInvoiceDate } = await documentsDated(ctx.db, `${month}-01`, nextMonth(month));
  const numbers = new Map(rows.map((r) => [r.doc.id, r.doc.docNo]));
  const firstMonth = new Map([...firstInvoiceDate].map(([id, date]) => [id, date.slice(0, 7)]));
  const counted = countedDocuments(
    month,
    rows.map((r) => ({
      id: r.doc.id,
      orderId: r.doc.orderId,
      kind: r.doc.kind as TaxDocumentKind,
      issuedDate: r.doc.issuedDate,
    })),
    firstMonth,
  );
  const sums = { value: 0n as Satang, vat: 0n as Satang, total: 0n as Satang };
  const out = rows.map(({ doc, orderNo }): SalesTaxRow => {
    const kind = doc.kind as TaxDocumentKind;
    const sign = kind === 'credit_note' ? -1n : 1n;
    const amount = (v: string) => satang(v) * sign;
    const isCounted = counted.has(doc.id);
    if (isCounted) {
      sums.value += amount(doc.value);
      sums.vat += amount(doc.vat);
      sums.total += amount(doc.total);
    }
    const refers = doc.refersTo === null ? null : (numbers.get(doc.refersTo) ?? `#${doc.refersTo}`);
    const notes = [
      doc.canceledAt
        ? `canceled, replaced by ${doc.replacedBy === null ? '?' : (numbers.get(doc.replacedBy) ?? 'a later document')}`
        : null,
      kind === 'full' && refers ? `replaces ${refers}` : null,
      kind === 'credit_note' && refers ? `reduces ${refers}` : null,
      !isCounted && !doc.canceledAt && kind !== 'credit_note'
        ? 'reported with the first invoice of the sale'
        : null,
      doc.reason,
    ].filter(Boolean);
    const buyer = doc.buyer as TaxBuyer;
    return {
      date: doc.issuedDate,
      number: doc.docNo,
      kind,
      order_no: orderNo,
      buyer_name: buyer.name,
      buyer_tax_id: buyer.tax_id,
      buyer_branch: buyer.branch,
      value: baht(amount(doc.value)),
      vat: baht(amount(doc.vat)),
      total: baht(amount(doc.total)),
      counted: isCounted,
      note: notes.join('; '),
    };
  });
  return {
    month,
    rows: out,
    totals: { value: baht(sums.value), vat: baht(sums.vat), total: baht(sums.total) },
  };
}

/** The report as CSV: one line per document (SALES_TAX_COLUMNS), UTF-8 with a byte-order mark for spreadsheets. */
export async function salesTaxCsv(ctx: AppContext, month: string): Promise<CsvFile> {
  const report = await salesTaxReport(ctx, month);
  const body = stringify(
    report.rows.map((r) => [
      r.date,
      r.number,
      r.kind,
      r.order_no,
      textCell(r.buyer_name),
      r.buyer_tax_id ?? '',
      r.buyer_branch ?? '',
      r.value,
      r.vat,
      r.total,
      r.counted ? 'true' : 'false',
      textCell(r.note),
    ]),
    { header: true, columns: [...SALES_TAX_COLUMNS], record_delimiter: 'windows', bom: true },
  );
  return { filename: `sales-tax-${month}.csv`, body };
}

const MONTHS_TH = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];
const KIND_TH: Record<TaxDocumentKind, string> = {
  abbreviated: 'ใบกำกับภาษีอย่างย่อ',
  full: 'ใบกำกับภาษี',
  credit_note: 'ใบลดหนี้',
};

/**
 * The report as an XLSX workbook (exceljs, as the portal's own report exports): the heading of the
 * Revenue Department's form (month and year in the Buddhist era, the company, its tax id and
 * establishment), one row per document with money as numbers, and the totals of the rows counted.
 */
export async function salesTaxXlsx(
  ctx: AppContext,
  month: string,
): Promise<{ filename: string; body: Buffer }> {
  const report = await salesTaxReport(ctx, month);
  const seller = taxSeller(ctx.config);
  const [y, m] = month.split('-').map(Number);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ภาษีขาย');
  sheet.addRow(['รายงานภาษีขาย']).font = { bold: true, size: 14 };
  sheet.addRow([`เดือนภาษี ${MONTHS_TH[m! - 1]} ปี ${y! + 543}`]);
  sheet.addRow([`ชื่อผู้ประกอบการ ${seller.name.th}`]);
  sheet.addRow([`เลขประจำตัวผู้เสียภาษีอากร ${taxIdText(seller.tax_id)}`]);
  sheet.addRow([
    `ชื่อสถานประกอบการ ${seller.name.th} ${seller.branch === HEAD_OFFICE ? 'สำนักงานใหญ่' : `สาขาที่ ${seller.branch}`}`,
  ]);
  sheet.addRow([]);
  const header = sheet.addRow([
    'ลำดับ',
    'วันที่',
    'เลขที่',
    'ประเภท',
    'คำสั่งซื้อ',
    'ชื่อผู้ซื้อสินค้า/ผู้รับบริการ',
    'เลขประจำตัวผู้เสียภาษีอากรของผู้ซื้อ',
    'สถานประกอบการ',
    'มูลค่าสินค้าหรือบริการ',
    'จำนวนเงินภาษีมูลค่าเพิ่ม',
    'รวม',
    'นับรวม',
    'หมายเหตุ',
  ]);
  header.font = { bold: true };
  const widths = [7, 12, 20, 20, 18, 30, 20, 14, 16, 16, 16, 8, 40];
  widths.forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  for (const c of [9, 10, 11]) sheet.getColumn(c).numFmt = '#,##0.00';
  report.rows.forEach((r, i) =>
    sheet.addRow([
      i + 1,
      r.date,
      r.number,
      KIND_TH[r.kind],
      r.order_no,
      textCell(r.buyer_name),
      r.buyer_tax_id ?? '',
      r.buyer_branch === null
        ? ''
        : r.buyer_branch === HEAD_OFFICE
          ? 'สำนักงานใหญ่'
          : `สาขาที่ ${r.buyer_branch}`,
      Number(r.value),
      Number(r.vat),
      Number(r.total),
      r.counted ? 'ใช่' : 'ไม่',
      textCell(r.note),
    ]),
  );
  const total = sheet.addRow([
    '',
    '',
    '',
    '',
    '',
    'รวมทั้งสิ้น (เฉพาะรายการที่นับรวม)',
    '',
    '',
    Number(report.totals.value),
    Number(report.totals.vat),
    Number(report.totals.total),
  ]);
  total.font = { bold: true };
  const body = Buffer.from(await book.xlsx.writeBuffer());
  return { filename: `sales-tax-${month}.xlsx`, body };
}
