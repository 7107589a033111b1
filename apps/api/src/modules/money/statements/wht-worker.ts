import type { YearlyStatement } from '@portal/contracts/statements';
import { whtCertificatePdf } from './wht-pdf';

/**
 * The 50 ทวิ renderer in a worker thread (wht-renderer.ts): shaping Thai and laying out a PDF takes a
 * second or more of CPU, which on the main thread would stall every other request.
 */
export default async function render({
  statement,
  issuedOn,
}: {
  statement: YearlyStatement;
  issuedOn: string;
}) {
  const pdf = await whtCertificatePdf(statement, issuedOn);
  // Handed back as an ArrayBuffer that moves to the main thread instead of being copied.
  const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength);
  return bytes;
}
