import { Worker } from 'node:worker_threads';
import type { Moment } from '@portal/plan/dates';
import type { RunRecord } from '../compensation/engine';

/** What the engine's thread is given: the database, the business clock's now, who started it. */
export interface EngineWork {
  url: string;
  now: { date: string; at: string };
  startedBy: string;
}

/**
 * `closeBusinessDays` in a worker thread of its own (decision 049): the closing's JavaScript (a
 * million-member tree, its loops and their garbage collection) runs beside the API's event loop
 * instead of on it, so members' requests are not held behind it while a closing runs after
 * midnight. Same work, same transactions and natural keys: running it again changes nothing.
 * Resolves with the runs, or rejects with the thread's error.
 */
export function closeBusinessDaysApart(url: string, now: Moment, startedBy: string): Promise<RunRecord[]> {
  const work: EngineWork = { url, now: { date: now.date, at: now.at.toISOString() }, startedBy };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./engine-worker-boot.mjs', import.meta.url), { workerData: work });
    let runs: RunRecord[] | null = null;
    let failure: unknown = null;
    worker.once('message', (answer: RunRecord[]) => (runs = answer));
    worker.once('error', (err) => (failure = err));
    worker.once('exit', (code) => {
      if (runs) resolve(runs);
      else reject(failure ?? new Error(`the engine's thread ended with code ${code} and no runs`));
    });
  });
}
