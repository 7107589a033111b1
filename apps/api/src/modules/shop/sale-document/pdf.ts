import type { SaleDocument } from '@portal/contracts/sale-document';
import { englishDate, moneyText, newPdf, taxIdText, thaiDate } from '../../../lib/pdf';
import type { Lang } from '../language';

/**
 * The sale document of section 30 of the Direct Sales and Direct Marketing Act as an A4 PDF in
 * Sarabun (lib/pdf.ts): who sold (the company and its independent distributor) and who bought, the
 * sale and delivery dates, the goods, and the right to cancel in a framed block set larger and
 * bolder than everything else on the page.
 */
const TEXT = {
  th: {
    title: 'เอกสารการซื้อขายสินค้า',
    law: 'ตามพระราชบัญญัติขายตรงและตลาดแบบตรง พ.ศ. 2545 มาตรา 30',
    seller: 'ผู้ขาย',
    distributor: 'ผู้จำหน่ายอิสระ',
    memberCode: 'รหัสสมาชิก',
    taxId: 'เลขประจำตัวผู้เสียภาษีอากร',
    contact: (phone: string, email: string) => `โทร ${phone}  อีเมล ${email}`,
    buyer: 'ผู้ซื้อ',
    telephone: 'โทร',
    order: 'เลขที่คำสั่งซื้อ',
    saleDate: 'วันที่ซื้อขาย',
    deliveryDate: 'วันที่ส่งมอบสินค้า',
    notDelivered: 'ยังไม่ได้ส่งมอบ (ระบุเมื่อส่งมอบสินค้า)',
    pickup: 'รับสินค้าที่สำนักงาน',
    deliverTo: 'ส่งมอบที่',
    cols: ['รายการ', 'จำนวน', 'ราคาต่อหน่วย', 'จำนวนเงิน'],
    shipping: 'ค่าจัดส่ง',
    total: 'รวมทั้งสิ้น (รวมภาษีมูลค่าเพิ่มแล้ว)',
    rightTitle: 'สิทธิของผู้บริโภคในการเลิกสัญญา',
    right: (days: number) =>
      `ท่านมีสิทธิเลิกสัญญาซื้อขายนี้ได้ภายใน ${days} วันนับแต่วันที่ได้รับสินค้า โดยไม่ต้องแจ้งเหตุผลและไม่ต้องเสียค่าใช้จ่ายใด ๆ`,
    until: (date: string) => `วันสุดท้ายที่ใช้สิทธิได้: ${thaiDate(date)}`,
    untilUnknown: (days: number) => `นับ ${days} วันจากวันที่ท่านได้รับสินค้า`,
    how: (phone: string, email: string, address: string) =>
      `วิธีใช้สิทธิ: แจ้งเป็นหนังสือถึงบริษัท ทางอีเมล ${email} หรือส่งถึง ${address} (สอบถามโทร ${phone}) โดยระบุเลขที่คำสั่งซื้อ และส่งคืนสินค้าตามสภาพที่ได้รับ`,
    refund: (days: number) => `บริษัทจะคืนเงินที่ท่านชำระทั้งหมดภายใน ${days} วันนับแต่วันที่ได้รับหนังสือแจ้งเลิกสัญญา`,
    day: thaiDate,
  },
  en: {
    title: 'Sale document',
    law: 'Under section 30 of the Direct Sales and Direct Marketing Act B.E. 2545 (2002)',
    seller: 'Seller',
    distributor: 'Independent distributor',
    memberCode: 'member code',
    taxId: 'Tax ID',
    contact: (phone: string, email: string) => `Tel. ${phone}  E-mail ${email}`,
    buyer: 'Buyer',
    telephone: 'Tel.',
    order: 'Order number',
    saleDate: 'Date of sale',
    deliveryDate: 'Date of delivery',
    notDelivered: 'Not delivered yet (filled in on delivery)',
    pickup: 'Picked up at the office',
    deliverTo: 'Delivered to',
    cols: ['Item', 'Qty', 'Unit price', 'Amount'],
    shipping: 'Delivery',
    total: 'Total (VAT included)',
    rightTitle: "The consumer's right to cancel",
    right: (days: number) =>
      `You may cancel this sale within ${days} days of receiving the goods, without giving a reason and at no cost.`,
    until: (date: string) => `Last day to cancel: ${englishDate(date)}`,
    untilUnknown: (days: number) => `${days} days from the day you receive the goods`,
    how: (phone: string, email: string, address: string) =>
      `How: tell the company in writing, by e-mail to ${email} or by letter to ${address} (questions: ${phone}), naming the order number, and return the goods as you received them.`,
    refund: (days: number) =>
      `The company refunds everything you paid within ${days} days of receiving your notice of cancellation.`,
    day: englishDate,
  },
} as const;

export function saleDocumentPdf(d: SaleDocument, lang: Lang): Promise<Buffer> {
  const t = TEXT[lang];
  const { doc, done } = newPdf({
    Title: `${t.title} ${d.order_no}`,
    Author: d.seller.company.name,
    Subject: `${d.order_no} ${d.buyer.name}`,
  });
  const left = 36;
  const width = doc.page.width - 72;
  doc.font('b').fontSize(18).fillColor('#000').text(t.title, left, 36, { width, align: 'center' });
  doc.font('r').fontSize(10).text(t.law, { width, align: 'center' });
  let y = doc.y + 12;

  // Seller and buyer side by side.
  const half = (width - 12) / 2;
  const block = (x: number, title: string, lines: string[]) => {
    doc
      .font('b')
      .fontSize(11)
      .text(title, x + 8, y + 6, { width: half - 16 });
    doc.font('r').fontSize(9.5);
    for (const line of lines) doc.text(line, x + 8, doc.y + 1, { width: half - 16 });
    return doc.y + 6;
  };
  const c = d.seller.company;
  const sellerBottom = block(left, t.seller, [
    c.name,
    c.address,
    `${t.taxId} ${taxIdText(c.tax_id)}`,
    t.contact(c.phone, c.email),
    `${t.distributor}: ${d.seller.distributor.name} (${t.memberCode} ${d.seller.distributor.member_code})`,
    ...(c.registration ? [c.registration] : []),
  ]);
  const buyerBottom = block(left + half + 12, t.buyer, [
    d.buyer.name,
    `${t.telephone} ${d.buyer.telephone}${d.buyer.email ? `  ${d.buyer.email}` : ''}`,
    d.delivery.method === 'pickup' ? t.pickup : `${t.deliverTo} ${d.delivery.address ?? '-'}`,
  ]);
  const bottom = Math.max(sellerBottom, buyerBottom);
  doc
    .roundedRect(left, y, half, bottom - y, 4)
    .lineWidth(0.8)
    .stroke('#555');
  doc.roundedRect(left + half + 12, y, half, bottom - y, 4).stroke('#555');
  y = bottom + 10;

  // The dates.
  const fact = (label: string, value: string) => {
    doc.font('r').fontSize(10.5).text(label, left, y, { width: 150 });
    doc.font('b').text(value, left + 150, y, { width: width - 150 });
    y = doc.y + 3;
  };
  fact(t.order, d.order_no);
  fact(t.saleDate, t.day(d.sale_date));
  fact(t.deliveryDate, d.delivery.date ? t.day(d.delivery.date) : t.notDelivered);
  y += 6;

  // The goods.
  const cols = [width - 250, 60, 90, 100];
  const row = (cells: string[], top: number, bold = false) => {
    doc.font(bold ? 'b' : 'r').fontSize(9.5);
    const h = Math.max(20, ...cells.map((cell, i) => doc.heightOfString(cell, { width: cols[i]! - 10 }) + 8));
    let x = left;
    cells.forEach((cell, i) => {
      doc.rect(x, top, cols[i]!, h).lineWidth(0.5).stroke('#777');
      doc
        .fillColor('#000')
        .text(cell, x + 5, top + 4, { width: cols[i]! - 10, align: i === 0 ? 'left' : 'right' });
      x += cols[i]!;
    });
    return top + h;
  };
  y = row([...t.cols], y, true);
  for (const i of d.items)
    y = row([i.name, String(i.quantity), moneyText(i.unit_price), moneyText(i.amount)], y);
  if (d.shipping !== '0.00') y = row([t.shipping, '1', moneyText(d.shipping), moneyText(d.shipping)], y);
  doc
    .font('b')
    .fontSize(11)
    .text(t.total, left, y + 6, { width: width - 110, align: 'right' });
  doc.text(moneyText(d.total), left + width - 100, y + 6, { width: 100, align: 'right' });
  y = doc.y + 16;

  // The right to cancel: framed, larger and bolder than the rest of the page (section 30).
  const boxTop = y;
  const inner = width - 28;
  doc
    .font('b')
    .fontSize(16)
    .fillColor('#8a1c1c')
    .text(t.rightTitle, left + 14, y + 12, { width: inner });
  doc
    .font('b')
    .fontSize(13.5)
    .fillColor('#000')
    .text(t.right(d.cancel.days), left + 14, doc.y + 4, { width: inner });
  doc.text(
    d.cancel.ends_on ? t.until(d.cancel.ends_on) : t.untilUnknown(d.cancel.days),
    left + 14,
    doc.y + 4,
    {
      width: inner,
    },
  );
  doc
    .font('b')
    .fontSize(12)
    .text(t.how(c.phone, c.email, c.address), left + 14, doc.y + 6, { width: inner });
  doc.text(t.refund(d.cancel.refund_days), left + 14, doc.y + 4, { width: inner });
  const boxBottom = doc.y + 12;
  doc
    .rect(left, boxTop, width, boxBottom - boxTop)
    .lineWidth(2.5)
    .stroke('#8a1c1c');
  doc.fillColor('#000');
  doc.end();
  return done;
}
