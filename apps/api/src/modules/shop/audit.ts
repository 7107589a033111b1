import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { shopAudit } from '../../db/schema/shop';

/** Who did something: `user:<id>`, `client:<id>`, `provider:<method>`, `guest` or `system`. */
export interface Actor {
  actor: string;
  userId: number | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const p = request.principal;
  if (p?.kind === 'user') return { actor: `user:${p.userId}`, userId: p.userId };
  if (p?.kind === 'app') return { actor: `client:${p.clientId}`, userId: null };
  return { actor: 'guest', userId: null };
}

export const providerActor = (method: string): Actor => ({ actor: `provider:${method}`, userId: null });

/** One line of the shop's audit trail, in the transaction of what it records. */
export async function audit(
  tx: Tx,
  by: Actor,
  action: string,
  target: { orderId?: number | null; productId?: number | null },
  detail: Record<string, unknown> = {},
) {
  await tx.insert(shopAudit).values({
    orderId: target.orderId ?? null,
    productId: target.productId ?? null,
    actor: by.actor,
    actorUserId: by.userId,
    action,
    detail,
  });
}
