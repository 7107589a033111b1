import { sql, type SQL } from 'drizzle-orm';
import { baht } from '@portal/plan/money';
import type { Tx } from '../../db/client';
import { copyRows, mapLazily } from '../bulk';
import type { IncomeLine, Postings } from './rows';

/**
 * Turns the plan's decisions (the rows of rows.ts) into SQL, in the caller's transaction: append-only
 * rows with natural keys, so a repeated event changes nothing.
 */

const rowsOf = (rows: SQL[]) => sql.join(rows, sql`, `);

/** The INSERT statements of an event's rows, in the order the ledger has always written them. */
function insertsOf(postings: Postings): SQL[] {
  const parts: SQL[] = [];
  const volume = (postings.volume ?? []).filter((p) => p.pv !== 0);
  if (volume.length > 0) {
    parts.push(sql`insert into volume_postings (natural_key, member_id, effective_date, pv, personal, flows_up, own_side, repurchase, kind, source, order_id)
    values ${rowsOf(
      volume.map(
        (
          p,
        ) => sql`(${p.key}, ${p.memberId}, ${p.date}::date, ${p.pv}::int, ${p.personal}::boolean, ${p.flowsUp}::boolean,
          ${p.ownSide ?? null}, ${p.repurchase}::boolean, ${p.kind}, ${p.source}, ${p.orderId}::bigint)`,
      ),
    )} on conflict (natural_key) do nothing`);
  }
  if (postings.lvp?.length) {
    parts.push(sql`insert into lvp_postings (natural_key, member_id, type, points, remark, order_id, effective_date, created_by)
    values ${rowsOf(
      postings.lvp.map(
        (
          l,
        ) => sql`(${l.key}, ${l.memberId}, ${l.type}, ${l.points}::int, ${l.remark}, ${l.orderId}::bigint, ${l.date}::date,
          ${l.createdBy ?? null}::bigint)`,
      ),
    )} on conflict (natural_key) do nothing`);
  }
  if (postings.points?.length) {
    parts.push(sql`insert into point_postings (natural_key, member_id, kind, points, remark, order_id, effective_date, created_by)
    values ${rowsOf(
      postings.points.map(
        (
          p,
        ) => sql`(${p.key}, ${p.memberId}, ${p.kind}, ${baht(p.points)}::numeric, ${p.remark}, ${p.orderId ?? null}::bigint,
          ${p.date}::date, ${p.createdBy ?? null}::bigint)`,
      ),
    )} on conflict (natural_key) do nothing`);
  }
  // An income line is written only when its amount is not 0.00, for every type (plan 13).
  const income = (postings.income ?? []).filter((l) => l.amount !== 0n);
  if (income.length > 0) {
    parts.push(sql`insert into income_lines (member_id, type, source, generation, order_id, order_item_id, amount, point_part, income_date)
    values ${rowsOf(
      income.map(
        (
          l,
        ) => sql`(${l.memberId}, ${l.type}, ${l.source}, ${l.generation ?? 0}::int, ${l.orderId ?? null}::bigint,
          ${l.orderItemId ?? null}::bigint, ${baht(l.amount)}::numeric, ${baht(l.pointPart ?? 0n)}::numeric, ${l.incomeDate}::date)`,
      ),
    )} on conflict (member_id, type, source, generation, correction) do nothing`);
  }
  return parts;
}

/** Hold lots (plan 5.1), one per order. */
const holdLotInserts = (postings: Postings): SQL[] =>
  (postings.holdLots ?? []).map(
    (l) => sql`
      insert into hold_lots (member_id, order_id, pv_total, created_date, deadline, repurchase)
      values (${l.memberId}, ${l.orderId}, ${l.pvTotal}, ${l.createdDate}, ${l.deadline}, ${l.repurchase})
      on conflict (order_id) do nothing`,
  );

/**
 * Writes an event's rows, and `also` its other changes (an UPDATE of the order), in one statement: one
 * round trip however many tables, each insert or update a data-modifying WITH query. They touch
 * different rows and see the same snapshot, and a row already written (its natural key) is left as
 * it is.
 */
export async function writePostings(tx: Tx, postings: Postings, also: readonly SQL[] = []): Promise<void> {
  const parts = [...insertsOf(postings), ...also, ...holdLotInserts(postings)];
  if (parts.length === 0) return;
  const [main, ...others] = parts;
  if (others.length === 0) {
    await tx.execute(main!);
    return;
  }
  const withs = others.map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`);
  await tx.execute(sql`with ${sql.join(withs, sql`, `)} ${main!}`);
}

/** An income line, once: its natural key is (member, type, source, generation). */
export const addIncome = (tx: Tx, line: IncomeLine) => writePostings(tx, { income: [line] });

/**
 * Many income lines at once (a run's: a million MTA lines), each once by its natural key, in the order
 * given, as `addIncome` writes one. A run writes its lines once, so normally none exists yet and COPY
 * goes straight into the table; should one exist (the same run's work repeated), that COPY stops on
 * its key and the lines go through a scratch table instead, each added only if missing. A line of
 * 0.00 is not written (plan 13).
 */
export async function addIncomeLines(tx: Tx, lines: readonly IncomeLine[]): Promise<void> {
  const income = lines.filter((l) => l.amount !== 0n);
  if (income.length === 0) return;
  const rows = () =>
    mapLazily(income, (l) => [
      l.memberId,
      l.type,
      l.source,
      l.generation ?? 0,
      l.orderId ?? null,
      l.orderItemId ?? null,
      baht(l.amount),
      baht(l.pointPart ?? 0n),
      l.incomeDate,
    ]);
  await tx.execute(sql`savepoint income_lines_copy`);
  try {
    await copyRows(tx, 'income_lines', INCOME_COLUMNS, rows());
    await tx.execute(sql`release savepoint income_lines_copy`);
    return;
  } catch (e) {
    if ((e as { code?: string }).code !== UNIQUE_VIOLATION) throw e;
    await tx.execute(sql`rollback to savepoint income_lines_copy`);
  }
  await tx.execute(sql`
    create temp table income_stage (n serial, member_id bigint, type text, source text, generation int,
      order_id bigint, order_item_id bigint, amount numeric(14, 2), point_part numeric(14, 2), income_date date)
    on commit drop`);
  await copyRows(tx, 'income_stage', INCOME_COLUMNS, rows());
  await tx.execute(sql`
    insert into income_lines (${sql.raw(INCOME_COLUMNS.join(', '))})
    select ${sql.raw(INCOME_COLUMNS.join(', '))} from income_stage order by n
    on conflict (member_id, type, source, generation, correction) do nothing`);
  await tx.execute(sql`drop table income_stage`);
}

const UNIQUE_VIOLATION = '23505';
const INCOME_COLUMNS = [
  'member_id',
  'type',
  'source',
  'generation',
  'order_id',
  'order_item_id',
  'amount',
  'point_part',
  'income_date',
];

/**
 * Plan 2.4: the order-linked income of what `where` selects is reversed on `date`: waiting lines
 * become VOID; paid ones get a negative correction line of the same natural key (plan 13).
 */
export async function voidOrCorrectIncome(tx: Tx, where: SQL, date: string) {
  await tx.execute(sql`
    update income_lines set state = 'VOID', voided_date = ${date}
    where ${where} and not correction and state = 'WAITING'`);
  await tx.execute(sql`
    insert into income_lines (member_id, type, source, generation, correction, order_id, order_item_id, amount, income_date)
    select member_id, type, source, generation, true, order_id, order_item_id, -amount, ${date}
    from income_lines where ${where} and not correction and state = 'PAID'
    on conflict (member_id, type, source, generation, correction) do nothing`);
}
