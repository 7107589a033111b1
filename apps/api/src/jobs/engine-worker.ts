import { parentPort, workerData } from 'node:worker_threads';
import type { Moment } from '@portal/plan/dates';
import { closeBusinessDays } from '../compensation/days';
import { connect } from '../db/client';
import type { EngineWork } from './engine-apart';

/**
 * The business days' work in a thread of its own (engine-apart.ts): a pool of two connections of
 * its own to the same database, the days closed, the runs posted back, the pool closed. A failure
 * ends the thread with the error, which the API's side rethrows.
 */
const work = workerData as EngineWork;
const database = connect(work.url, 2);
try {
  const now: Moment = { date: work.now.date, at: new Date(work.now.at) };
  parentPort!.postMessage(await closeBusinessDays(database.db, now, work.startedBy));
} finally {
  await database.close();
}
