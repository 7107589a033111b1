import type { SaleDocument } from '@portal/contracts/sale-document';
import { transferable } from '../../../lib/pdf-renderer';
import type { Lang } from '../language';
import { saleDocumentPdf } from './pdf';

/** The sale document as the PDF worker (lib/pdf-renderer.ts) lays it out. */
export default async function render({ doc, lang }: { doc: SaleDocument; lang: Lang }) {
  return transferable(await saleDocumentPdf(doc, lang));
}
