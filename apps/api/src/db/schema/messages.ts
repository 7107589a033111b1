import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { notifications, users, verifications } from './identity';

/**
 * The message outbox (decision 043): every SMS and e-mail, written in the transaction of what caused
 * it and delivered by the message-delivery job. A row is `queued` (waiting for its next try),
 * `sending` (claimed by a run until `lease_until`), `sent` or `failed` (a permanent refusal, its
 * tries used up, or expired before it could go). The code and link it carries are kept only until
 * then: a delivered or failed row keeps its text with them blanked out.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    /** onboarding, reset-password, change-email, change-mobile (codes and links) or notification. */
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** The OTP or reset code and the link the message carries, for the demo outbox; null once delivered. */
    code: text('code'),
    link: text('link'),
    /** The OTP transaction or link it carries (its delivery is what the OTP status reports). */
    verificationId: uuid('verification_id').references(() => verifications.id, { onDelete: 'set null' }),
    /** The notification it is a copy of. */
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, {
      onDelete: 'set null',
    }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** The transport that took it (outbox, http, thaibulksms, smtp) and its id for the message. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: a run that has not finished by then is taken to have died with its process. */
    leaseUntil: ts('lease_until'),
    /** Not worth sending after this (an OTP's or a link's own expiry). */
    expiresAt: ts('expires_at'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('message_outbox_channel_check', sql`${t.channel} in ('sms','email')`),
    check('message_outbox_state_check', sql`${t.state} in ('queued','sending','sent','failed')`),
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    index('message_outbox_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.state} = 'sending'`),
    index('message_outbox_list_idx').on(t.createdAt.desc(), t.id.desc()),
    index('message_outbox_state_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    index('message_outbox_verification_idx').on(t.verificationId),
    /** A notification's e-mail and SMS copies are written once each, however often its dispatch runs. */
    uniqueIndex('message_outbox_notification_key').on(t.notificationId, t.channel),
  ],
);
