import { Piscina } from 'piscina';

/**
 * One worker thread renders the portal's PDFs (piscina, started on the first render and stopped
 * when idle): the main thread keeps answering while a PDF is laid out. One thread for every kind of
 * PDF, so that renders never take both cores from the requests, with a bounded queue: a flood of
 * renders is refused (RendererBusy, a 503), not queued for minutes. Each task names the worker
 * module that lays its PDF out (piscina's per-task filename): its default export takes the input
 * and answers the bytes as an ArrayBuffer (`transferable`). The modules are TypeScript, so the
 * thread loads tsx as the server does (decision 002).
 */
let pool: Piscina | null = null;

export const RENDER_QUEUE = 16;

function renderer(): Piscina {
  pool ??= new Piscina({
    minThreads: 0,
    maxThreads: 1,
    maxQueue: RENDER_QUEUE,
    idleTimeout: 60_000,
    execArgv: ['--import', 'tsx'],
  });
  return pool;
}

export class RendererBusy extends Error {}

/**
 * Renders in the worker: `module` is the URL of a worker module whose default export takes `input`
 * (which must survive structured cloning) and resolves to `transferable(pdf)`.
 */
export async function renderPdf(module: URL, input: unknown): Promise<Buffer> {
  let bytes: ArrayBuffer;
  try {
    bytes = (await renderer().run(input, { filename: module.href })) as ArrayBuffer;
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new RendererBusy(err.message);
    throw err;
  }
  return Buffer.from(bytes);
}

/** Stops the worker (the server's shutdown; tests). */
export async function closePdfRenderer() {
  const p = pool;
  pool = null;
  await p?.destroy();
}

/** A worker module's answer: the PDF's bytes as an ArrayBuffer that moves to the main thread instead of being copied. */
export function transferable(pdf: Buffer): ArrayBuffer {
  return pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
}
