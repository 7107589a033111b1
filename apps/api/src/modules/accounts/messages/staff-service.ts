import type { z } from 'zod';
import { lastPage } from '@portal/contracts/envelope';
import type { StaffMessage, StaffMessagePage, staffMessagesQuery } from '@portal/contracts/outbox';
import type { Db } from '../../../db/client';
import { countByState, pageOfMessages, type MessageRow } from './repository';
import { redact } from './service';

function toStaffMessage(row: MessageRow): StaffMessage {
  return {
    id: row.id,
    channel: row.channel as StaffMessage['channel'],
    purpose: row.purpose,
    to: row.recipient,
    user_id: row.userId,
    language: row.language === 'en' ? 'en' : 'th',
    subject: row.subject,
    // A message still waiting carries its code and link: staff see its words, never a live code.
    text: redact(row.body, [row.code, row.link]),
    state: row.state as StaffMessage['state'],
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    provider: row.provider,
    provider_message_id: row.providerMessageId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    next_attempt_at: row.state === 'queued' ? row.nextAttemptAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
  };
}

/** A page of the outbox, newest first, by state, channel and part of the recipient. */
export async function staffMessagePage(
  db: Db,
  q: z.output<typeof staffMessagesQuery>,
): Promise<StaffMessagePage> {
  const { rows, total } = await pageOfMessages(
    db,
    { state: q.state, channel: q.channel, recipient: q.q || undefined },
    q.per_page,
    (q.page - 1) * q.per_page,
  );
  return {
    items: rows.map(toStaffMessage),
    pagination: { page: q.page, per_page: q.per_page, total, last_page: lastPage(total, q.per_page) },
    counts: await countByState(db),
  };
}
