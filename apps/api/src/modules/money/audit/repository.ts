import type { Db, Tx } from '../../../db/client';
import { engineAudit } from '../../../db/schema/compensation';

export type EngineAuditAction =
  'CLOSING_STARTED' | 'LVP_ADJUSTED' | 'POINTS_ADJUSTED' | 'PLAN_VERSION_CREATED';

/**
 * One line of the engine's audit trail (who started a closing, adjusted a balance, created a plan
 * version), in the transaction of what it records. Append-only: nothing updates or deletes it.
 */
export async function auditEngine(
  tx: Db | Tx,
  line: {
    action: EngineAuditAction;
    actorUserId: number;
    memberId?: number | null;
    businessDate?: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(engineAudit)
    .values({
      action: line.action,
      actorUserId: line.actorUserId,
      memberId: line.memberId ?? null,
      businessDate: line.businessDate ?? null,
      detail: line.detail ?? {},
    })
    .returning({ id: engineAudit.id });
  return row!.id;
}

/** `u.first_name || ' ' || u.last_name` of the users row `alias`, as staff names are shown. */
export const staffName = (alias: string) => `trim(${alias}.first_name || ' ' || ${alias}.last_name)`;
