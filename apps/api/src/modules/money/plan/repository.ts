import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffName } from '../audit/repository';

export type VersionRow = {
  version: number;
  effective_from: string;
  params: unknown;
  note: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
};

/** Every stored version of the plan, newest first. */
export async function planVersions(db: Db): Promise<VersionRow[]> {
  const { rows } = await db.execute<VersionRow>(sql`
    select v.version, v.effective_from::text as effective_from, v.params, v.note, v.created_by,
      ${sql.raw(staffName('u'))} as created_by_name, v.created_at
    from plan_versions v left join users u on u.id = v.created_by
    order by v.effective_from desc, v.version desc`);
  return rows;
}

export async function lastClosedDay(db: Db): Promise<string | null> {
  const { rows } = await db.execute<{ d: string | null }>(
    sql`select max(business_date)::text as d from engine_runs where type = 'DAILY' and status = 'done'`,
  );
  return rows[0]?.d ?? null;
}
