import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { copyRows, PACE, pacer, queryArrays } from './bulk';
import { newVolumeSince } from './closing';
import { loadTree } from './tree';

/**
 * Points per side as a member reads them between closings (plan 10: the last closing's carry plus the
 * new volume not closed yet), for every member at once: one pass over the tree, as the closing does.
 * Run after every closing and every few minutes by the scheduler; the reads are one indexed row.
 */
export async function refreshVolumePreview(db: Db): Promise<{ asOf: string | null; members: number }> {
  return db.transaction(async (tx) => {
    // One refresh at a time; a closing waits for it and the other way round.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('engine-closing'))`);
    const [last] = await queryArrays<[string | null]>(
      tx,
      `select max(business_date)::text from engine_runs where type = 'DAILY' and status = 'done'`,
    );
    const asOf = last?.[0] ?? null;
    const tree = await loadTree(tx);
    const { newLeft, newRight } = await newVolumeSince(tx, tree, asOf);
    const pace = pacer();
    const carry = new Map<number, [number, number]>();
    if (asOf) {
      const rows = await queryArrays<[string, string, string]>(
        tx,
        `select member_id, carry_out_left, carry_out_right from closing_rows where closing_date = $1::date`,
        [asOf],
      );
      for (const [k, r] of rows.entries()) {
        if (k % PACE === 0) await pace();
        carry.set(Number(r[0]), [Number(r[1]), Number(r[2])]);
      }
    }
    const out: unknown[][] = [];
    for (let i = 0; i < tree.size; i++) {
      if (i % PACE === 0) await pace();
      const id = tree.ids[i]!;
      const c = carry.get(id);
      const left = (c?.[0] ?? 0) + newLeft(i);
      const right = (c?.[1] ?? 0) + newRight(i);
      if (left !== 0 || right !== 0) out.push([id, left, right, asOf]);
    }
    await tx.execute(sql`delete from volume_preview`);
    await copyRows(tx, 'volume_preview', ['member_id', 'left_points', 'right_points', 'as_of'], out);
    return { asOf, members: out.length };
  });
}
