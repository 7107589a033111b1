import type { YearlyStatement } from '@portal/contracts/statements';
import { moneyText, newPdf, taxIdText, thaiDate } from '../../../lib/pdf';
import { bahtText } from '../../../lib/baht-text';

/**
 * The withholding-tax certificate (หนังสือรับรองการหักภาษี ณ ที่จ่าย, Revenue Code section 50 ทวิ) of
 * a year's statement as an A4 PDF: the company as payer, the member as payee, commission income
 * under section 40(2), the amounts paid and the tax withheld in the year, each payout run listed.
 * Thai is set in Sarabun (lib/pdf.ts).
 */

export function whtCertificatePdf(s: YearlyStatement, issuedOn: string): Promise<Buffer> {
  const { doc, done } = newPdf({
    Title: `หนังสือรับรองการหักภาษี ณ ที่จ่าย ${s.year + 543}`,
    Author: s.payer.name,
    Subject: `${s.payee.name} ${s.payee.tax_id ?? ''} ${s.payee.member_code}`.trim(),
    Keywords: `50 ทวิ, ${s.year}, ${s.payee.member_code}`,
  });

  const left = 36;
  const width = doc.page.width - 72;
  const yearBE = s.year + 543;

  doc.font('r').fontSize(9).text('ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)', left, 30);
  doc.text(`เลขที่ ${s.year}-${s.payee.member_code}`, left, 30, { width, align: 'right' });
  doc.font('b').fontSize(18).text('หนังสือรับรองการหักภาษี ณ ที่จ่าย', left, 48, { width, align: 'center' });
  doc.font('r').fontSize(11).text('ตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร', { width, align: 'center' });

  const party = (
    y: number,
    title: string,
    p: { name: string; tax_id: string | null; address: string | null },
    extra?: string,
  ) => {
    const h = 92;
    doc.roundedRect(left, y, width, h, 4).lineWidth(0.8).stroke('#555');
    doc
      .font('b')
      .fontSize(11)
      .fillColor('#000')
      .text(title, left + 10, y + 6);
    doc
      .font('r')
      .fontSize(10)
      .text(`เลขประจำตัวผู้เสียภาษีอากร ${taxIdText(p.tax_id)}`, left + 10, y + 6, {
        width: width - 20,
        align: 'right',
      });
    doc
      .font('r')
      .fontSize(11)
      .text(`ชื่อ  ${p.name}`, left + 10, y + 26, { width: width - 20 });
    if (extra) doc.fontSize(10).text(extra, left + 10, y + 26, { width: width - 20, align: 'right' });
    doc.fontSize(10).text(`ที่อยู่  ${p.address ?? '-'}`, left + 10, y + 46, { width: width - 20, height: 40 });
    return y + h + 8;
  };

  let y = party(96, 'ผู้มีหน้าที่หักภาษี ณ ที่จ่าย (ผู้จ่ายเงิน)', s.payer);
  y = party(y, 'ผู้ถูกหักภาษี ณ ที่จ่าย (ผู้รับเงิน)', s.payee, `รหัสสมาชิก ${s.payee.member_code}`);

  // The return the tax is filed with: ภ.ง.ด.3 (individuals), the form's seven boxes.
  const returns = ['ภ.ง.ด.1ก', 'ภ.ง.ด.1ก พิเศษ', 'ภ.ง.ด.2', 'ภ.ง.ด.3', 'ภ.ง.ด.2ก', 'ภ.ง.ด.3ก', 'ภ.ง.ด.53'];
  doc
    .font('r')
    .fontSize(10)
    .text(
      `ลำดับที่ ........ ในแบบ   ${returns.map((r) => `${r === 'ภ.ง.ด.3' ? '[X]' : '[  ]'} ${r}`).join('   ')}`,
      left,
      y,
      { width },
    );
  y = doc.y + 8;

  // The table of income paid: type, date or tax year paid, amount paid, tax withheld.
  const cols = [
    { w: width - 270, label: 'ประเภทเงินได้พึงประเมินที่จ่าย' },
    { w: 80, label: 'วัน เดือน หรือปีภาษี ที่จ่าย' },
    { w: 95, label: 'จำนวนเงินที่จ่าย' },
    { w: 95, label: 'ภาษีที่หัก และนำส่งไว้' },
  ];
  const row = (cells: string[], top: number, bold = false) => {
    doc.font(bold ? 'b' : 'r').fontSize(9.5);
    const h = Math.max(20, ...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 12 }) + 8));
    let x = left;
    cells.forEach((text, i) => {
      doc.rect(x, top, cols[i]!.w, h).lineWidth(0.6).stroke('#555');
      doc.fillColor('#000').text(text, x + 6, top + 4, {
        width: cols[i]!.w - 12,
        align: i >= 2 ? 'right' : i === 1 ? 'center' : 'left',
      });
      x += cols[i]!.w;
    });
    return top + h;
  };
  y = row(
    cols.map((c) => c.label),
    y,
    true,
  );
  const none = ['', '', ''];
  y = row(['1. เงินเดือน ค่าจ้าง เบี้ยเลี้ยง โบนัส ฯลฯ ตามมาตรา 40 (1)', ...none], y);
  y = row(
    [
      `2. ค่าธรรมเนียม ค่านายหน้า ฯลฯ ตามมาตรา ${s.income_section}`,
      String(yearBE),
      moneyText(s.totals.gross),
      moneyText(s.totals.wht),
    ],
    y,
  );
  y = row(['3. ค่าแห่งลิขสิทธิ์ ฯลฯ ตามมาตรา 40 (3)', ...none], y);
  y = row(['4. (ก) ดอกเบี้ย ฯลฯ ตามมาตรา 40 (4) (ก)', ...none], y);
  y = row(['    (ข) เงินปันผล เงินส่วนแบ่งกำไร ฯลฯ ตามมาตรา 40 (4) (ข)', ...none], y);
  y = row(['5. การจ่ายเงินได้ที่ต้องหักภาษี ณ ที่จ่าย ตามคำสั่งกรมสรรพากร ที่ออกตามมาตรา 3 เตรส', ...none], y);
  y = row(['6. อื่น ๆ (ระบุ) ....................', ...none], y);
  y = row(['รวมเงินที่จ่ายและภาษีที่หักนำส่ง', '', moneyText(s.totals.gross), moneyText(s.totals.wht)], y, true);
  doc.rect(left, y, width, 22).stroke('#555');
  doc
    .font('r')
    .fontSize(10)
    .text(`รวมเงินภาษีที่หักนำส่ง (ตัวอักษร)   ${bahtText(s.totals.wht)}`, left + 6, y + 5, {
      width: width - 12,
    });
  y += 28;

  doc
    .font('r')
    .fontSize(9.5)
    .text(
      'เงินที่จ่ายเข้า กบข./กสจ./กองทุนสงเคราะห์ครูโรงเรียนเอกชน  -  บาท   กองทุนประกันสังคม  -  บาท   กองทุนสำรองเลี้ยงชีพ  -  บาท',
      left,
      y,
      { width },
    );
  y = doc.y + 6;
  doc
    .fontSize(10)
    .text(
      'ผู้จ่ายเงิน   [X] หัก ณ ที่จ่าย   [  ] ออกให้ตลอดไป   [  ] ออกให้ครั้งเดียว   [  ] อื่น ๆ (ระบุ) ..........',
      left,
      y,
      { width },
    );
  y = doc.y + 6;
  const period = s.closed
    ? `เงินได้ที่จ่ายในปีภาษี ${yearBE}`
    : `เงินได้ที่จ่ายตั้งแต่ ${thaiDate(s.date_from)} ถึง ${thaiDate(s.date_to)} (ปีภาษียังไม่สิ้นสุด)`;
  doc.text(period, left, y);
  y = signature(doc, s.payer.name, issuedOn, y + 24, left, width) + 16;

  // Each payout run of the period (the certificate's attachment): the date paid, the amount paid
  // and the tax withheld, the heading again on every page it runs onto; on a page of its own when
  // fewer than five runs would fit below the form.
  if (y + 18 + 6 * 15 > doc.page.height - 60) {
    doc.addPage();
    y = 40;
  }
  doc
    .font('b')
    .fontSize(11)
    .text(`รายละเอียดการจ่ายเงิน (แนบท้ายหนังสือรับรอง เลขที่ ${s.year}-${s.payee.member_code})`, left, y);
  y += 18;
  const runCols = [150, 120, 120, width - 390];
  const runRow = (cells: string[], top: number, bold = false) => {
    let x = left;
    cells.forEach((text, i) => {
      doc
        .font(bold ? 'b' : 'r')
        .fontSize(9.5)
        .text(text, x + 4, top, { width: runCols[i]! - 8, align: i === 0 ? 'left' : 'right' });
      x += runCols[i]!;
    });
    return top + 15;
  };
  const heading = (top: number) => {
    const below = runRow(['วันที่จ่าย', 'จำนวนเงินที่จ่าย', 'ภาษีที่หัก', 'โอนเข้าบัญชี (สุทธิ)'], top, true);
    doc
      .moveTo(left, below - 1)
      .lineTo(left + width, below - 1)
      .lineWidth(0.4)
      .stroke('#888');
    return below;
  };
  y = heading(y);
  if (s.payouts.length === 0) y = runRow(['ไม่มีการจ่ายเงินในช่วงนี้', '', '', ''], y);
  for (const p of s.payouts) {
    // A page holds about 50 runs; a year has at most 53 weekly runs.
    if (y > doc.page.height - 60) {
      doc.addPage();
      y = heading(40);
    }
    y = runRow([thaiDate(p.run_date), moneyText(p.gross), moneyText(p.wht), moneyText(p.net)], y);
  }
  doc.end();
  return done;
}

/** The payer's certification and signature, the company seal's place and the form's warning; the y below them. */
function signature(
  doc: PDFKit.PDFDocument,
  payer: string,
  issuedOn: string,
  top: number,
  left: number,
  width: number,
): number {
  const sign = width - 130;
  doc.font('r').fontSize(10).text('ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ', left, top, {
    width: sign,
    align: 'center',
  });
  doc.text('ลงชื่อ ........................................................ ผู้จ่ายเงิน', left, top + 28, {
    width: sign,
    align: 'center',
  });
  doc.text(`(${payer})`, left, top + 44, { width: sign, align: 'center' });
  doc.text(`วัน เดือน ปี ที่ออกหนังสือรับรองฯ  ${thaiDate(issuedOn)}`, left, top + 60, {
    width: sign,
    align: 'center',
  });
  const seal = { x: left + sign + 25, y: top + 2, r: 38 };
  doc
    .circle(seal.x + seal.r, seal.y + seal.r, seal.r)
    .lineWidth(0.6)
    .dash(2, { space: 2 })
    .stroke('#777')
    .undash();
  doc
    .fontSize(8.5)
    .fillColor('#555')
    .text('ประทับตรา\nนิติบุคคล (ถ้ามี)', seal.x + 8, seal.y + seal.r - 12, {
      width: seal.r * 2 - 16,
      align: 'center',
    });
  doc
    .fillColor('#000')
    .fontSize(8.5)
    .text(
      'คำเตือน  ผู้มีหน้าที่ออกหนังสือรับรองการหักภาษี ณ ที่จ่าย ฝ่าฝืนไม่ปฏิบัติตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร ต้องรับโทษทางอาญาตามมาตรา 35 แห่งประมวลรัษฎากร',
      left,
      top + 88,
      { width },
    );
  return doc.y;
}
