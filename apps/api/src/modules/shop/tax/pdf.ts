import { bahtText } from '../../../lib/baht-text';
import { englishDate, moneyText, newPdf, taxIdText, thaiDate } from '../../../lib/pdf';
import type { Lang } from '../language';
import { HEAD_OFFICE } from './rules';
import type { PrintedDocument } from './service';

/**
 * A tax document as an A4 PDF, in Thai or English, set in Sarabun like the 50 ทวิ certificate
 * (lib/pdf.ts). What each kind must show (decision 040): an abbreviated tax invoice (Revenue Code
 * 86/6) the words ใบกำกับภาษีอย่างย่อ, the seller's name and tax id, its number, the goods and the
 * price including VAT, the date; a full one (86/4) the word ใบกำกับภาษี in a prominent place, the
 * seller's and the buyer's names, addresses, tax ids and establishments, its number, the date, the
 * goods with quantity and value, and the VAT apart from the value; a credit note (86/10) the word
 * ใบลดหนี้, the invoice it reduces, the value before and after, the difference, the VAT on it and the
 * reason.
 */

const TEXT = {
  th: {
    title: { abbreviated: 'ใบกำกับภาษีอย่างย่อ', full: 'ใบกำกับภาษี', credit_note: 'ใบลดหนี้' },
    original: 'ต้นฉบับ',
    taxId: 'เลขประจำตัวผู้เสียภาษีอากร',
    headOffice: 'สำนักงานใหญ่',
    branch: (b: string) => `สาขาที่ ${b}`,
    number: 'เลขที่',
    date: 'วันที่',
    order: 'คำสั่งซื้อ',
    saleDate: 'วันที่ขาย',
    buyer: 'ผู้ซื้อ',
    buyerName: 'ชื่อ',
    address: 'ที่อยู่',
    customer: 'ลูกค้า',
    cols: ['ลำดับ', 'รหัสสินค้า', 'รายการ', 'จำนวน', 'ราคาต่อหน่วย', 'จำนวนเงิน'],
    shipping: 'ค่าจัดส่ง',
    value: 'มูลค่าสินค้าและบริการ (ไม่รวมภาษีมูลค่าเพิ่ม)',
    vat: 'ภาษีมูลค่าเพิ่ม 7%',
    total: 'จำนวนเงินรวมทั้งสิ้น',
    vatIncluded: 'ราคารวมภาษีมูลค่าเพิ่มแล้ว',
    vatInside: (vat: string) => `(ภาษีมูลค่าเพิ่ม 7% จำนวน ${vat} บาท)`,
    replaces: (n: string, d: string) =>
      `ออกแทนใบกำกับภาษี เลขที่ ${n} ลงวันที่ ${d} ซึ่งยกเลิกแล้ว (คำขอใบกำกับภาษีเต็มรูปของผู้ซื้อ)`,
    refersTo: 'อ้างถึงใบกำกับภาษี',
    originalValue: 'มูลค่าสินค้าตามใบกำกับภาษีเดิม',
    rightValue: 'มูลค่าที่ถูกต้อง',
    difference: 'ผลต่าง',
    vatOnDifference: 'ภาษีมูลค่าเพิ่ม 7% ของผลต่าง',
    credited: 'รวมจำนวนเงินที่ลดหนี้',
    reason: 'เหตุที่ออกใบลดหนี้',
    words: 'ตัวอักษร',
    signed: 'ผู้มีอำนาจลงนาม',
    received: 'ผู้รับเงิน',
    computer: 'เอกสารนี้จัดทำด้วยระบบคอมพิวเตอร์ของบริษัท',
    day: thaiDate,
  },
  en: {
    title: { abbreviated: 'Abbreviated tax invoice', full: 'Tax invoice', credit_note: 'Credit note' },
    original: 'Original',
    taxId: 'Tax ID',
    headOffice: 'Head office',
    branch: (b: string) => `Branch ${b}`,
    number: 'No.',
    date: 'Date',
    order: 'Order',
    saleDate: 'Date of sale',
    buyer: 'Buyer',
    buyerName: 'Name',
    address: 'Address',
    customer: 'Customer',
    cols: ['#', 'Code', 'Description', 'Qty', 'Unit price', 'Amount'],
    shipping: 'Delivery',
    value: 'Value of goods and services (VAT excluded)',
    vat: 'VAT 7%',
    total: 'Total',
    vatIncluded: 'VAT included',
    vatInside: (vat: string) => `(VAT 7%: ${vat} THB)`,
    replaces: (n: string, d: string) =>
      `Issued in place of tax invoice ${n} of ${d}, which is canceled (the buyer asked for a full tax invoice)`,
    refersTo: 'Tax invoice reduced',
    originalValue: 'Value on the original tax invoice',
    rightValue: 'Correct value',
    difference: 'Difference',
    vatOnDifference: 'VAT 7% on the difference',
    credited: 'Total credited',
    reason: 'Reason',
    words: 'In words',
    signed: 'Authorised signature',
    received: 'Received by',
    computer: "This document is produced by the company's computer system",
    day: englishDate,
  },
} as const;

const place = (t: (typeof TEXT)[Lang], branch: string | null) =>
  branch === null ? null : branch === HEAD_OFFICE ? t.headOffice : t.branch(branch);

export function taxDocumentPdf(d: PrintedDocument, lang: Lang): Promise<Buffer> {
  const t = TEXT[lang];
  const title = t.title[d.kind];
  const { doc, done } = newPdf({
    Title: `${title} ${d.number}`,
    Author: d.seller.name[lang],
    Subject: `${d.number} ${d.orderNo}`,
    Keywords: `${d.kind}, ${d.number}, ${d.orderNo}`,
  });
  const left = 36;
  const width = doc.page.width - 72;
  const right = left + width;

  // The seller, and the title with the document's number and dates in a box on the right.
  const boxW = 200;
  doc
    .font('b')
    .fontSize(13)
    .fillColor('#000')
    .text(d.seller.name[lang], left, 36, { width: width - boxW - 12 });
  doc
    .font('r')
    .fontSize(9.5)
    .text(d.seller.address[lang], { width: width - boxW - 12 })
    .text(`${t.taxId} ${taxIdText(d.seller.tax_id)}  ${place(t, d.seller.branch)}`, {
      width: width - boxW - 12,
    });
  const sellerBottom = doc.y;

  const boxX = right - boxW;
  doc
    .font('b')
    .fontSize(d.kind === 'full' ? 20 : 16)
    .text(title, boxX, 34, { width: boxW, align: 'center' });
  doc.font('r').fontSize(9).fillColor('#555').text(t.original, boxX, doc.y, { width: boxW, align: 'center' });
  doc.fillColor('#000');
  let by = doc.y + 8;
  const fact = (label: string, value: string) => {
    doc
      .font('r')
      .fontSize(9.5)
      .text(label, boxX + 8, by, { width: 80 });
    doc.font('b').text(value, boxX + 88, by, { width: boxW - 96, align: 'right' });
    by = Math.max(doc.y, by + 14);
  };
  const boxTop = by - 6;
  fact(t.number, d.number);
  fact(t.date, t.day(d.issuedDate));
  fact(t.order, d.orderNo);
  if (d.saleDate) fact(t.saleDate, t.day(d.saleDate));
  doc
    .roundedRect(boxX, boxTop, boxW, by - boxTop + 4, 4)
    .lineWidth(0.8)
    .stroke('#555');

  let y = Math.max(sellerBottom, by + 4) + 12;

  // The buyer: in full on a full invoice (and on its credit note); a name on an abbreviated one.
  if (d.buyer.tax_id !== null) {
    const lines = [
      `${t.buyerName}  ${d.buyer.name}`,
      `${t.address}  ${d.buyer.address ?? '-'}`,
      `${t.taxId}  ${taxIdText(d.buyer.tax_id)}${place(t, d.buyer.branch) ? `   ${place(t, d.buyer.branch)}` : ''}`,
    ];
    doc
      .font('b')
      .fontSize(10.5)
      .text(t.buyer, left + 10, y + 6);
    doc.font('r').fontSize(10);
    const textTop = doc.y + 2;
    for (const line of lines) doc.text(line, left + 10, doc.y + 2, { width: width - 20 });
    const bottom = doc.y + 6;
    doc
      .roundedRect(left, y, width, bottom - y, 4)
      .lineWidth(0.8)
      .stroke('#555');
    y = bottom + 10;
    void textTop;
  } else {
    doc.font('r').fontSize(10).text(`${t.customer}  ${d.buyer.name}`, left, y, { width });
    y = doc.y + 8;
  }

  if (d.kind === 'full' && d.refersTo) {
    doc
      .font('r')
      .fontSize(9.5)
      .text(t.replaces(d.refersTo.number, t.day(d.refersTo.issuedDate)), left, y, { width });
    y = doc.y + 8;
  }
  if (d.kind === 'credit_note' && d.refersTo) {
    doc
      .font('b')
      .fontSize(10)
      .text(`${t.refersTo}  ${d.refersTo.number}  ${t.date} ${t.day(d.refersTo.issuedDate)}`, left, y, {
        width,
      });
    y = doc.y + 8;
  }

  // The goods.
  const cols = [40, 80, width - 340, 50, 80, 90];
  const row = (cells: string[], top: number, bold = false) => {
    doc.font(bold ? 'b' : 'r').fontSize(9.5);
    const h = Math.max(20, ...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 10 }) + 8));
    let x = left;
    cells.forEach((text, i) => {
      doc.rect(x, top, cols[i]!, h).lineWidth(0.5).stroke('#777');
      doc.fillColor('#000').text(text, x + 5, top + 4, {
        width: cols[i]! - 10,
        align: i >= 3 ? 'right' : i === 0 ? 'center' : 'left',
      });
      x += cols[i]!;
    });
    return top + h;
  };
  y = row([...t.cols], y, true);
  d.lines.forEach((l, i) => {
    if (y > doc.page.height - 220) {
      doc.addPage();
      y = row([...t.cols], 40, true);
    }
    y = row(
      [
        String(i + 1),
        l.code,
        lang === 'en' ? l.name_en : l.name_th,
        String(l.quantity),
        moneyText(l.unit_price),
        moneyText(l.amount),
      ],
      y,
    );
  });
  if (d.shipping !== '0.00' && d.shipping !== '0') {
    y = row(['', '', t.shipping, '1', moneyText(d.shipping), moneyText(d.shipping)], y);
  }
  y += 8;

  // The amounts, VAT apart.
  const sumW = 340;
  const sum = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'b' : 'r').fontSize(bold ? 11 : 10);
    doc.text(label, right - sumW, y, { width: sumW - 110 });
    doc.text(value, right - 105, y, { width: 105, align: 'right' });
    y = doc.y + 4;
  };
  if (d.kind === 'abbreviated') {
    sum(t.total, moneyText(d.total), true);
    doc
      .font('r')
      .fontSize(9.5)
      .text(`${t.vatIncluded} ${t.vatInside(moneyText(d.vat))}`, left, y, { width, align: 'right' });
    y = doc.y + 4;
  } else if (d.kind === 'full') {
    sum(t.value, moneyText(d.value));
    sum(t.vat, moneyText(d.vat));
    sum(t.total, moneyText(d.total), true);
  } else {
    const original = d.refersTo ?? { value: d.value, vat: d.vat, total: d.total };
    sum(t.originalValue, moneyText(original.value));
    sum(t.rightValue, '0.00');
    sum(t.difference, moneyText(d.value));
    sum(t.vatOnDifference, moneyText(d.vat));
    sum(t.credited, moneyText(d.total), true);
  }
  if (lang === 'th') {
    doc
      .font('r')
      .fontSize(9.5)
      .text(`(${t.words}: ${bahtText(d.total)})`, left, y + 2, { width, align: 'right' });
    y = doc.y + 6;
  }
  if (d.kind === 'credit_note' && d.reason) {
    doc
      .font('b')
      .fontSize(10)
      .text(`${t.reason}: `, left, y + 4, { continued: true });
    doc.font('r').text(d.reason, { width });
    y = doc.y + 6;
  }

  // Signatures and the footnote.
  y = Math.max(y + 30, doc.page.height - 150);
  const half = width / 2;
  for (const [i, label] of [t.received, t.signed].entries()) {
    const x = left + i * half;
    doc
      .moveTo(x + 30, y + 30)
      .lineTo(x + half - 30, y + 30)
      .lineWidth(0.5)
      .dash(2, { space: 2 })
      .stroke('#777')
      .undash();
    doc
      .font('r')
      .fontSize(9.5)
      .fillColor('#000')
      .text(label, x, y + 34, { width: half, align: 'center' });
  }
  doc
    .font('r')
    .fontSize(8.5)
    .fillColor('#555')
    .text(t.computer, left, doc.page.height - 60, { width, align: 'center' });
  doc.end();
  return done;
}
