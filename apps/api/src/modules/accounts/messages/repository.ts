import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { messageOutbox } from '../../../db/schema/messages';

/** The message outbox's statements (decision 043); what they mean is service.ts's. */

export type MessageRow = typeof messageOutbox.$inferSelect;
export type NewMessageRow = typeof messageOutbox.$inferInsert;
export type MessageState = 'queued' | 'sending' | 'sent' | 'failed';

export async function insertMessages(db: Db | Tx, rows: NewMessageRow[]): Promise<void> {
  if (rows.length) await db.insert(messageOutbox).values(rows).onConflictDoNothing();
}

/**
 * Takes up to `limit` messages whose time has come, and messages left `sending` by a run whose lease
 * ran out (its process died): each becomes `sending` with one more attempt, under a lease of
 * `leaseMs`. Rows another run holds are skipped (`for update skip locked`), so no message is taken
 * twice at once.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<MessageRow[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    with due as (
      select id from message_outbox
      where (state = 'queued' and next_attempt_at <= now())
         or (state = 'sending' and lease_until < now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update message_outbox m
    set state = 'sending', attempts = m.attempts + 1,
        lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from due where m.id = due.id
    returning m.id`);
  if (!rows.length) return [];
  return db
    .select()
    .from(messageOutbox)
    .where(
      sql`${messageOutbox.id} in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    )
    .orderBy(messageOutbox.id);
}

/** Only the run holding the message (still `sending`, the same attempt) may write its outcome. */
const held = (row: Pick<MessageRow, 'id' | 'attempts'>) =>
  and(
    eq(messageOutbox.id, row.id),
    eq(messageOutbox.state, 'sending'),
    eq(messageOutbox.attempts, row.attempts),
  );

export async function markSent(
  db: Db,
  row: Pick<MessageRow, 'id' | 'attempts'>,
  outcome: { provider: string; providerMessageId: string | null; body: string },
): Promise<boolean> {
  const done = await db
    .update(messageOutbox)
    .set({
      state: 'sent',
      provider: outcome.provider,
      providerMessageId: outcome.providerMessageId,
      body: outcome.body,
      html: null,
      code: null,
      link: null,
      leaseUntil: null,
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(held(row))
    .returning({ id: messageOutbox.id });
  return done.length > 0;
}

export async function markFailed(
  db: Db,
  row: Pick<MessageRow, 'id' | 'attempts'>,
  outcome: { error: string; body: string },
): Promise<boolean> {
  const done = await db
    .update(messageOutbox)
    .set({
      state: 'failed',
      lastError: outcome.error,
      body: outcome.body,
      html: null,
      code: null,
      link: null,
      leaseUntil: null,
      failedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(held(row))
    .returning({ id: messageOutbox.id });
  return done.length > 0;
}

export async function markRetry(
  db: Db,
  row: Pick<MessageRow, 'id' | 'attempts'>,
  outcome: { error: string; nextAttemptAt: Date },
): Promise<boolean> {
  const done = await db
    .update(messageOutbox)
    .set({
      state: 'queued',
      lastError: outcome.error,
      nextAttemptAt: outcome.nextAttemptAt,
      leaseUntil: null,
      updatedAt: sql`now()`,
    })
    .where(held(row))
    .returning({ id: messageOutbox.id });
  return done.length > 0;
}

/** When the next queued message is due (or a lease runs out), if any. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const { rows } = await db.execute<{ at: Date | string | null }>(sql`
    select least(
      (select min(next_attempt_at) from message_outbox where state = 'queued'),
      (select min(lease_until) from message_outbox where state = 'sending')
    ) as at`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** Delivered and failed messages older than `days` go. */
export async function purgeOld(db: Db, days: number): Promise<number> {
  const { rowCount } = await db.execute(sql`
    delete from message_outbox
    where state in ('sent', 'failed') and created_at < now() - ${days} * interval '1 day'`);
  return rowCount ?? 0;
}

/** The newest message carrying a verification (an OTP, a link). */
export async function messageOfVerification(db: Db, verificationId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.verificationId, verificationId))
    .orderBy(desc(messageOutbox.id))
    .limit(1);
  return row ?? null;
}

export interface MessageFilter {
  state?: MessageState;
  channel?: 'sms' | 'email';
  /** Part of the recipient (a mobile or an e-mail address). */
  recipient?: string;
}

function filterWhere(f: MessageFilter): SQL | undefined {
  return and(
    f.state ? eq(messageOutbox.state, f.state) : undefined,
    f.channel ? eq(messageOutbox.channel, f.channel) : undefined,
    f.recipient ? ilike(messageOutbox.recipient, `%${f.recipient.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
}

/** Newest first. */
export async function pageOfMessages(
  db: Db,
  f: MessageFilter,
  limit: number,
  offset: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = filterWhere(f);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(messageOutbox).where(where);
  const rows = await db
    .select()
    .from(messageOutbox)
    .where(where)
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: n };
}

/** How many messages are in each state (the staff page's counts, the backlog). */
export async function countByState(db: Db): Promise<Record<MessageState, number>> {
  const rows = await db
    .select({ state: messageOutbox.state, n: count() })
    .from(messageOutbox)
    .groupBy(messageOutbox.state);
  const counts: Record<MessageState, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.state as MessageState] = r.n;
  return counts;
}
