import type { YearlyStatement } from '@portal/contracts/statements';
import { transferable } from '../../../lib/pdf-renderer';
import { whtCertificatePdf } from './wht-pdf';

/**
 * The 50 ทวิ renderer in the PDF worker thread (lib/pdf-renderer.ts): shaping Thai and laying out a
 * PDF takes a second or more of CPU, which on the main thread would stall every other request.
 */
export default async function render({
  statement,
  issuedOn,
}: {
  statement: YearlyStatement;
  issuedOn: string;
}) {
  return transferable(await whtCertificatePdf(statement, issuedOn));
}
