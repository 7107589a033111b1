import { z } from 'zod';
import { pageOf } from './envelope.ts';

/**
 * The message outbox as staff see it (GET /staff/v1/messages; decision 043): every SMS and e-mail the
 * portal sends, where it stands, how often it was tried and why the last try failed.
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });

export const staffMessagesQuery = z.object({
  state: z.enum(MESSAGE_STATES).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  /** Part of the recipient: a mobile number or an e-mail address. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});
export type StaffMessagesQuery = z.input<typeof staffMessagesQuery>;

export const staffMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** onboarding, reset-password, change-email, change-mobile or notification. */
  purpose: z.string(),
  to: z.string(),
  user_id: z.number().int().nullable(),
  language: z.enum(['th', 'en']),
  subject: z.string().nullable(),
  /** The text as sent, with any code or link blanked out (•). */
  text: z.string(),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** outbox, smtp, http or thaibulksms: the transport that took it. */
  provider: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
  /** When a queued message is tried next. */
  next_attempt_at: instant.nullable(),
  sent_at: instant.nullable(),
  failed_at: instant.nullable(),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

/** A page of messages, with how many are in each state (the backlog at a glance). */
export const staffMessagePageSchema = pageOf(staffMessageSchema).extend({
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
});
export type StaffMessagePage = z.infer<typeof staffMessagePageSchema>;
