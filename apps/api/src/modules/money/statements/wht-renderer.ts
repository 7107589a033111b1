import type { YearlyStatement } from '@portal/contracts/statements';
import { closePdfRenderer, renderPdf } from '../../../lib/pdf-renderer';

/** The 50 ทวิ certificate is rendered by the portal's PDF worker thread (lib/pdf-renderer.ts). */
export { RendererBusy } from '../../../lib/pdf-renderer';

let started = 0;
/** How many renders this process has started (what the tests of the certificate's store count). */
export const rendersStarted = () => started;

export async function renderWhtCertificate(statement: YearlyStatement, issuedOn: string): Promise<Buffer> {
  started++;
  return renderPdf(new URL('./wht-worker.ts', import.meta.url), { statement, issuedOn });
}

/** Stops the worker (the server's shutdown; tests). */
export const closeWhtRenderer = closePdfRenderer;
