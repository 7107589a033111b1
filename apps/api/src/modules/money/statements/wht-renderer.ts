import { Piscina } from 'piscina';
import type { YearlyStatement } from '@portal/contracts/statements';

/**
 * One worker thread renders certificates (piscina, started on the first render and stopped when idle):
 * the main thread keeps answering while a PDF is laid out. One thread, so that renders never take both
 * cores from the requests, with a bounded queue: a flood of renders is refused (503), not queued for
 * minutes. The worker is TypeScript, so it loads tsx as the server does (decision 002).
 */
let pool: Piscina | null = null;

export const RENDER_QUEUE = 16;

function renderer(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./wht-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    maxQueue: RENDER_QUEUE,
    idleTimeout: 60_000,
    execArgv: ['--import', 'tsx'],
  });
  return pool;
}

export class RendererBusy extends Error {}

let started = 0;
/** How many renders this process has started (what the tests of the certificate's store count). */
export const rendersStarted = () => started;

export async function renderWhtCertificate(statement: YearlyStatement, issuedOn: string): Promise<Buffer> {
  let bytes: ArrayBuffer;
  started++;
  try {
    bytes = (await renderer().run({ statement, issuedOn })) as ArrayBuffer;
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new RendererBusy(err.message);
    throw err;
  }
  return Buffer.from(bytes);
}

/** Stops the worker (the server's shutdown; tests). */
export async function closeWhtRenderer() {
  const p = pool;
  pool = null;
  await p?.destroy();
}
