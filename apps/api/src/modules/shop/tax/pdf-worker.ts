import { transferable } from '../../../lib/pdf-renderer';
import type { Lang } from '../language';
import { taxDocumentPdf } from './pdf';
import type { PrintedDocument } from './service';

/** A tax document as the PDF worker (lib/pdf-renderer.ts) lays it out. */
export default async function render({ doc, lang }: { doc: PrintedDocument; lang: Lang }) {
  return transferable(await taxDocumentPdf(doc, lang));
}
