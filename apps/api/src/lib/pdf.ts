import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * What the portal's PDFs share (the withholding-tax certificate, the shop's tax documents): A4
 * pages set in Sarabun (SIL Open Font License), whose OpenType tables place the Thai tone marks;
 * pdfkit shapes with fontkit and embeds only the glyphs used. Fonts are registered as `r` (400)
 * and `b` (700).
 */

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('@openfonts/sarabun_all/package.json')), 'files');
export const SARABUN_REGULAR = path.join(fontDir, 'sarabun-all-400.woff');
export const SARABUN_BOLD = path.join(fontDir, 'sarabun-all-700.woff');

/** A new A4 document with Sarabun registered, and the bytes it will have once `doc.end()` is called. */
export function newPdf(
  info: PDFKit.DocumentInfo,
  margin = 36,
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin, info });
  doc.registerFont('r', SARABUN_REGULAR);
  doc.registerFont('b', SARABUN_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
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
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 2026-03-05 → "5 มีนาคม 2569" (Buddhist era). */
export function thaiDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS_TH[m! - 1]} ${y! + 543}`;
}

/** 2026-03-05 → "5 March 2026". */
export function englishDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS_EN[m! - 1]} ${y}`;
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
