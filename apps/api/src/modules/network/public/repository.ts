import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** The date a stored plan version applies from. */
export async function effectiveFrom(db: Db, version: number): Promise<string | null> {
  const { rows } = await db.execute<{ effective_from: string }>(
    sql`select effective_from::text as effective_from from plan_versions where version = ${version}`,
  );
  return rows[0]?.effective_from ?? null;
}
