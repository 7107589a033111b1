import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { closingListQuery, ClosingRequest, EngineRun, EngineRunType } from '@portal/contracts/engine';
import type { Db, Tx } from '../../../db/client';
import { staffName } from '../audit/repository';
import { runStarter } from '../../../compensation/starters';

type RunRow = {
  id: number;
  type: EngineRunType;
  business_date: string;
  plan_version: number;
  status: string;
  started_by: string;
  staff_id: number | null;
  staff_name: string | null;
  started_at: Date;
  finished_at: Date | null;
  counts: Record<string, number>;
  totals: Record<string, string>;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** engine_runs with the staff member who started it, when one did (`staff:<user id>`). */
const RUN_SELECT = sql.raw(`
  select r.id, r.type, r.business_date::text as business_date, r.plan_version, r.status, r.started_by,
    u.id as staff_id, ${staffName('u')} as staff_name, r.started_at, r.finished_at, r.counts, r.totals
  from engine_runs r
  left join users u on u.id = (case when r.started_by ~ '^staff:[0-9]+$' then substring(r.started_by from 7)::bigint end)`);

export function toRun(r: RunRow): EngineRun {
  const started = new Date(r.started_at);
  const finished = r.finished_at ? new Date(r.finished_at) : null;
  return {
    id: r.id,
    type: r.type,
    business_date: r.business_date,
    plan_version: r.plan_version,
    status: r.status,
    started_by: r.started_by,
    started_by_kind: runStarter(r.started_by),
    staff: r.staff_id !== null ? { user_id: r.staff_id, name: r.staff_name ?? '' } : null,
    started_at: started.toISOString(),
    finished_at: iso(finished),
    duration_ms: finished ? Math.max(0, finished.getTime() - started.getTime()) : null,
    counts: r.counts ?? {},
    totals: r.totals ?? {},
  };
}

/** The runs, newest business date first (then the order of the day's work), with filters. */
export async function listRuns(db: Db, q: z.output<typeof closingListQuery>) {
  const filters: SQL[] = [sql`true`];
  if (q.type) filters.push(sql`r.type = ${q.type}`);
  if (q.from) filters.push(sql`r.business_date >= ${q.from}::date`);
  if (q.to) filters.push(sql`r.business_date <= ${q.to}::date`);
  const where = sql.join(filters, sql` and `);
  const [{ rows: totals }, { rows }] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from engine_runs r where ${where}`),
    db.execute<RunRow>(sql`${RUN_SELECT} where ${where}
      order by r.business_date desc, r.id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  return { items: rows.map(toRun), total: totals[0]?.n ?? 0 };
}

export async function runById(db: Db, id: number): Promise<EngineRun | null> {
  const { rows } = await db.execute<RunRow>(sql`${RUN_SELECT} where r.id = ${id}`);
  return rows[0] ? toRun(rows[0]) : null;
}

export async function runsOn(db: Db, date: string): Promise<EngineRun[]> {
  const { rows } = await db.execute<RunRow>(
    sql`${RUN_SELECT} where r.business_date = ${date}::date order by r.id`,
  );
  return rows.map(toRun);
}

/** The types of run done for a business date. */
export async function doneTypesOn(db: Db, date: string): Promise<Set<EngineRunType>> {
  const { rows } = await db.execute<{ type: EngineRunType }>(
    sql`select type from engine_runs where business_date = ${date}::date and status = 'done'`,
  );
  return new Set(rows.map((r) => r.type));
}

/**
 * The last closed day, and the first day anything happened that a closing reads (as the scheduler's
 * catch-up starts there when nothing is closed yet: compensation/days.ts).
 */
export async function closingBounds(db: Db) {
  const { rows } = await db.execute<{ last: string | null; first: string | null }>(sql`
    select (select max(business_date)::text from engine_runs where type = 'DAILY' and status = 'done') as last,
      (select least((select min(effective_date) from volume_postings), (select min(paid_date) from orders),
                    (select min(created_date) from hold_lots))::text) as first`);
  return rows[0] ?? { last: null, first: null };
}

// ---- closing requests -------------------------------------------------------------------------

type RequestRow = {
  id: number;
  business_date: string;
  status: ClosingRequest['status'];
  error: string | null;
  staff_id: number | null;
  staff_name: string | null;
  started_at: Date;
  finished_at: Date | null;
  runs: ClosingRequest['runs'];
  stale: boolean;
};

/** A closing that has said nothing for this long was lost with its process (a restart, a kill). */
const STALE_AFTER = sql.raw(`interval '2 hours'`);
export const INTERRUPTED = 'interrupted: the server stopped while it ran; start it again';

const REQUEST_SELECT = sql`
  select c.id, c.business_date::text as business_date, c.status, c.error, u.id as staff_id,
    ${sql.raw(staffName('u'))} as staff_name, c.started_at, c.finished_at, c.runs,
    (c.status = 'RUNNING' and c.started_at < now() - ${STALE_AFTER}) as stale
  from closing_requests c left join users u on u.id = c.requested_by`;

function toRequest(r: RequestRow): ClosingRequest {
  return {
    id: r.id,
    business_date: r.business_date,
    status: r.stale ? 'FAILED' : r.status,
    error: r.stale ? INTERRUPTED : r.error,
    staff: r.staff_id !== null ? { user_id: r.staff_id, name: r.staff_name ?? '' } : null,
    started_at: new Date(r.started_at).toISOString(),
    finished_at: iso(r.finished_at),
    runs: r.runs ?? [],
  };
}

export async function insertRequest(tx: Tx, date: string, userId: number): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into closing_requests (business_date, requested_by) values (${date}, ${userId}) returning id`);
  return rows[0]!.id;
}

export async function finishRequest(
  db: Db,
  id: number,
  outcome: { status: 'DONE'; runs: ClosingRequest['runs'] } | { status: 'FAILED'; error: string },
) {
  await db.execute(sql`
    update closing_requests set status = ${outcome.status}, finished_at = now(),
      runs = ${JSON.stringify(outcome.status === 'DONE' ? outcome.runs : [])}::jsonb,
      error = ${outcome.status === 'FAILED' ? outcome.error : null}
    where id = ${id}`);
}

export async function requestById(db: Db, id: number): Promise<ClosingRequest | null> {
  const { rows } = await db.execute<RequestRow>(sql`${REQUEST_SELECT} where c.id = ${id}`);
  return rows[0] ? toRequest(rows[0]) : null;
}

/** Closings running now (not lost), oldest first. */
export async function runningRequests(db: Db | Tx): Promise<ClosingRequest[]> {
  const { rows } = await db.execute<RequestRow>(sql`${REQUEST_SELECT}
    where c.status = 'RUNNING' and c.started_at >= now() - ${STALE_AFTER} order by c.id`);
  return rows.map(toRequest);
}

export async function recentRequests(db: Db, limit = 5): Promise<ClosingRequest[]> {
  const { rows } = await db.execute<RequestRow>(sql`${REQUEST_SELECT} order by c.id desc limit ${limit}`);
  return rows.map(toRequest);
}
