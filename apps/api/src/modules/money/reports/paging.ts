import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * What every report query shares: the signed-in member named inside the query (so a call is one
 * round trip and can only ever read that member's rows), the business-date range with open ends,
 * and one statement that answers a page together with the number of rows in the range.
 */

/** The member of the signed-in user; no member, no rows. */
export const memberOf = (userId: number) => sql`(select id from members where user_id = ${userId})`;

const FAR_PAST = '0001-01-01';
const FAR_FUTURE = '9999-12-31';

export interface Range {
  date_from?: string | undefined;
  date_to?: string | undefined;
}

/** The range as two dates an index can use (an open end is a date no row has). */
export const bounds = (q: Range) => ({
  from: sql`${q.date_from ?? FAR_PAST}::date`,
  to: sql`${q.date_to ?? FAR_FUTURE}::date`,
});

export const rangeOf = (q: Range) => ({ date_from: q.date_from ?? null, date_to: q.date_to ?? null });

export interface PageQuery {
  page: number;
  per_page: number;
}

type PagedRow<T> = T & { total__: number; present__: boolean | null };

/** The page's rows of an ordered select: `order by … ${window(q)}`. */
export const window = (q: PageQuery) => sql`limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`;

/**
 * One statement: `count` (a select of `count(*)` over the range, which an index answers) and `page`
 * (the rows of the page, ordered and limited before anything is joined to them); an empty page
 * still answers the count.
 */
export async function pageOfRows<T extends Record<string, unknown>>(
  db: Db,
  count: SQL,
  page: SQL,
): Promise<{ items: T[]; total: number }> {
  const { rows: found } = await db.execute<PagedRow<T>>(sql`
    select t.total__, p.* from (${count}) t(total__)
    left join lateral (select p.*, true as present__ from (${page}) p) p on true`);
  const items = found.filter((r) => r.present__).map((r) => strip(r as PagedRow<T>));
  return { items, total: Number(found[0]?.total__ ?? 0) };
}

function strip<T extends Record<string, unknown>>(row: PagedRow<T>): T {
  const { total__: _total, present__: _present, ...rest } = row;
  return rest as unknown as T;
}
