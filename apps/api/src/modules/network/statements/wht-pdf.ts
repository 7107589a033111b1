import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { YearlyStatement } from '@portal/contracts/statements';
import { bahtText } from './baht-text';

/**
 * The withholding-tax certificate (หนังสือรับรองการหักภาษี ณ ที่จ่าย, Revenue Code section 50 ทวิ) of
 * a year's statement as an A4 PDF: the company as payer, the member as payee, commission income
 * under section 40(2), the amounts paid and the tax withheld in the year, each payout run listed.
 * Thai is set in Sarabun (SIL Open Font License), whose OpenType tables place the tone marks;
 * pdfkit shapes with fontkit and embeds only the glyphs used.
 */

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('@openfonts/sarabun_all/package.json')), 'files');
const REGULAR = path.join(fontDir, 'sarabun-all-400.woff');
const BOLD = path.join(fontDir, 'sarabun-all-700.woff');

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

/** 2026-03-05 → "5 มีนาคม 2569" (Buddhist era). */
export function thaiDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS_TH[m! - 1]} ${y! + 543}`;
}

/** "1234.5" → "1,234.50": grouping on the decimal string, no float. */
export function moneyText(amount: string): string {
  const [whole, frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}${grouped}.${(frac + '00').slice(0, 2)}`;
}

/** A 13-digit Thai tax id as printed: 1 2345 67890 12 3. */
export function taxIdText(id: string | null): string {
  if (!id) return '-';
  return /^\d{13}$/.test(id)
    ? `${id[0]} ${id.slice(1, 5)} ${id.slice(5, 10)} ${id.slice(10, 12)} ${id[12]}`
    : id;
}

export function whtCertificatePdf(s: YearlyStatement, issuedOn: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: {
      Title: `หนังสือรับรองการหักภาษี ณ ที่จ่าย ${s.year + 543}`,
      Author: s.payer.name,
      Subject: `${s.payee.name} ${s.payee.tax_id ?? ''} ${s.payee.member_code}`.trim(),
      Keywords: `50 ทวิ, ${s.year}, ${s.payee.member_code}`,
    },
  });
  doc.registerFont('r', REGULAR);
  doc.registerFont('b', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
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

  doc
    .font('r')
    .fontSize(10)
    .text('ลำดับที่ ........ ในแบบ   [X] ภ.ง.ด.3   [  ] ภ.ง.ด.53   [  ] ภ.ง.ด.1ก', left, y);
  y += 22;

  // The table of income paid: type, year, amount paid, tax withheld.
  const cols = [
    { w: width - 300, label: 'ประเภทเงินได้พึงประเมินที่จ่าย' },
    { w: 90, label: 'ปีภาษีที่จ่าย' },
    { w: 105, label: 'จำนวนเงินที่จ่าย' },
    { w: 105, label: 'ภาษีที่หักและนำส่งไว้' },
  ];
  const row = (cells: string[], top: number, h: number, bold = false) => {
    let x = left;
    cells.forEach((text, i) => {
      doc.rect(x, top, cols[i]!.w, h).lineWidth(0.6).stroke('#555');
      doc
        .font(bold ? 'b' : 'r')
        .fontSize(10)
        .fillColor('#000')
        .text(text, x + 6, top + 5, {
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
    24,
    true,
  );
  y = row(['1. เงินเดือน ค่าจ้าง ฯลฯ ตามมาตรา 40 (1)', '', '', ''], y, 24);
  y = row(
    [
      `2. ค่าธรรมเนียม ค่านายหน้า ฯลฯ ตามมาตรา ${s.income_section}`,
      String(yearBE),
      moneyText(s.totals.gross),
      moneyText(s.totals.wht),
    ],
    y,
    24,
  );
  y = row(['3. ค่าแห่งลิขสิทธิ์ ฯลฯ ตามมาตรา 40 (3)', '', '', ''], y, 24);
  y = row(['4. ดอกเบี้ย เงินปันผล ฯลฯ ตามมาตรา 40 (4)', '', '', ''], y, 24);
  y = row(['รวมเงินที่จ่ายและภาษีที่หักนำส่ง', '', moneyText(s.totals.gross), moneyText(s.totals.wht)], y, 24, true);
  doc.rect(left, y, width, 24).stroke('#555');
  doc
    .font('r')
    .fontSize(10)
    .text(`รวมเงินภาษีที่หักนำส่ง (ตัวอักษร)   ${bahtText(s.totals.wht)}`, left + 6, y + 5, {
      width: width - 12,
    });
  y += 32;

  doc.font('r').fontSize(10).text('ผู้จ่ายเงิน   [X] หัก ณ ที่จ่าย   [  ] ออกให้ตลอดไป   [  ] ออกให้ครั้งเดียว', left, y);
  y += 18;
  const period = s.closed
    ? `เงินได้ที่จ่ายในปีภาษี ${yearBE}`
    : `เงินได้ที่จ่ายตั้งแต่ ${thaiDate(s.date_from)} ถึง ${thaiDate(s.date_to)} (ปีภาษียังไม่สิ้นสุด)`;
  doc.text(period, left, y);
  y += 22;

  // Each payout run of the period: the date paid, the amount paid and the tax withheld.
  doc.font('b').fontSize(11).text('รายละเอียดการจ่ายเงิน', left, y);
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
  y = runRow(['วันที่จ่าย', 'จำนวนเงินที่จ่าย', 'ภาษีที่หัก', 'โอนเข้าบัญชี (สุทธิ)'], y, true);
  doc
    .moveTo(left, y - 1)
    .lineTo(left + width, y - 1)
    .lineWidth(0.4)
    .stroke('#888');
  if (s.payouts.length === 0) y = runRow(['ไม่มีการจ่ายเงินในช่วงนี้', '', '', ''], y);
  for (const p of s.payouts) {
    // A page holds about 30 runs; a year has at most 53 weekly runs.
    if (y > doc.page.height - 140) {
      doc.addPage();
      y = 40;
    }
    y = runRow([thaiDate(p.run_date), moneyText(p.gross), moneyText(p.wht), moneyText(p.net)], y);
  }

  const sigTop = Math.max(y + 20, doc.page.height - 120);
  doc
    .font('r')
    .fontSize(10)
    .text('ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ', left, sigTop, {
      width,
      align: 'center',
    });
  doc.text('ลงชื่อ ........................................................ ผู้จ่ายเงิน', left, sigTop + 30, {
    width,
    align: 'center',
  });
  doc.text(`(${s.payer.name})`, left, sigTop + 46, { width, align: 'center' });
  doc.text(`ออกให้ ณ วันที่ ${thaiDate(issuedOn)}`, left, sigTop + 62, { width, align: 'center' });
  doc.end();
  return done;
}
