import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { DeliveryError } from '../../../lib/messaging';
import {
  claimDue,
  insertMessages,
  markFailed,
  markRetry,
  markSent,
  nextDueAt,
  purgeOld,
  type MessageRow,
} from './repository';

/**
 * The message outbox (decision 043). A message is written by queueMessages in the transaction of
 * what caused it (the OTP, the link, the notification), so it exists exactly when its cause does;
 * deliverMessages, run by the message-delivery job, hands each to its transport, and keeps what
 * happened: sent, tried again later with the wait doubling each time, or failed (a permanent refusal,
 * its tries used up, or expired before it could go). No request waits on a mail server or a gateway.
 */

export interface NewMessage {
  channel: 'sms' | 'email';
  purpose: string;
  to: string;
  userId?: number | null;
  language: 'th' | 'en';
  subject?: string;
  text: string;
  html?: string;
  code?: string;
  link?: string;
  verificationId?: string;
  notificationId?: number;
  /** Not worth sending after this (the code's or link's own expiry). */
  expiresAt?: Date;
}

/** Writes messages in the caller's transaction; call messagesQueued() once it has committed. */
export async function queueMessages(db: Db | Tx, config: Config, messages: NewMessage[]): Promise<void> {
  await insertMessages(
    db,
    messages.map((m) => ({
      channel: m.channel,
      purpose: m.purpose,
      recipient: m.to,
      userId: m.userId ?? null,
      language: m.language,
      subject: m.subject ?? null,
      body: m.text,
      html: m.html ?? null,
      code: m.code ?? null,
      link: m.link ?? null,
      verificationId: m.verificationId ?? null,
      notificationId: m.notificationId ?? null,
      maxAttempts: config.messages.maxAttempts,
      expiresAt: m.expiresAt ?? null,
    })),
  );
}

/** The longest wait between two tries. */
const MAX_RETRY_MS = 6 * 3600_000;
/** Delivered and failed messages are kept this long for staff, then deleted. */
export const KEEP_DAYS = 90;

/** The wait after the `attempts`-th failed try: the first wait, doubled for each try before. */
export function retryDelayMs(firstMs: number, attempts: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** A message's text once delivered or failed: the code and link it carried are blanked out. */
export function redact(text: string, secrets: (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('•'.repeat(Math.min(s.length, 6)));
  return out;
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
  /** When the next waiting message is due, if one waits. */
  nextDueAt: Date | null;
}

/**
 * Delivers what is due, a batch at a time, until nothing is (or `maxBatches` went by). Each message is
 * taken under a lease (repository.claimDue: `for update skip locked`), so two runs never send the same
 * one; a run that dies leaves it `sending` until the lease runs out, then it is tried again.
 */
export async function deliverMessages(
  ctx: AppContext,
  opts: { batch?: number; maxBatches?: number } = {},
): Promise<DeliveryRun> {
  const batch = opts.batch ?? 10;
  const maxBatches = opts.maxBatches ?? 50;
  const { sms, mail } = ctx.config;
  // A try takes at most the transport's limits (nodemailer's apply per step): well inside the lease.
  const leaseMs = Math.max(sms.timeoutMs, mail.timeoutMs) * 3 + 30_000;
  const run: DeliveryRun = { sent: 0, retried: 0, failed: 0, nextDueAt: null };
  for (let i = 0; i < maxBatches; i++) {
    const rows = await claimDue(ctx.db, batch, leaseMs);
    if (!rows.length) break;
    const outcomes = await Promise.all(rows.map((row) => deliverOne(ctx, row)));
    for (const o of outcomes) if (o) run[o] += 1;
  }
  await purgeOld(ctx.db, KEEP_DAYS);
  run.nextDueAt = await nextDueAt(ctx.db);
  return run;
}

async function deliverOne(ctx: AppContext, row: MessageRow): Promise<'sent' | 'retried' | 'failed' | null> {
  const secrets = [row.code, row.link];
  const now = Date.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now) {
    const failed = await markFailed(ctx.db, row, {
      error: row.lastError
        ? `${row.lastError}; expired before it could be sent`
        : 'expired before it could be sent',
      body: redact(row.body, secrets),
    });
    return failed ? 'failed' : null;
  }
  const transport = row.channel === 'sms' ? ctx.messaging.sms : ctx.messaging.mail;
  try {
    const delivered = await transport.send({
      to: row.recipient,
      purpose: row.purpose,
      text: row.body,
      ...(row.subject !== null ? { subject: row.subject } : {}),
      ...(row.html !== null ? { html: row.html } : {}),
      ...(row.code !== null ? { code: row.code } : {}),
      ...(row.link !== null ? { link: row.link } : {}),
    });
    const ok = await markSent(ctx.db, row, {
      provider: delivered.provider,
      providerMessageId: delivered.providerMessageId ?? null,
      body: redact(row.body, secrets),
    });
    return ok ? 'sent' : null;
  } catch (err) {
    const e =
      err instanceof DeliveryError
        ? err
        : new DeliveryError(err instanceof Error ? err.message : String(err), false);
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(ctx.config.messages.retryMs, row.attempts));
    const expiresFirst = row.expiresAt !== null && row.expiresAt.getTime() <= nextAttemptAt.getTime();
    if (e.permanent || row.attempts >= row.maxAttempts || expiresFirst) {
      const why = e.permanent
        ? e.message
        : row.attempts >= row.maxAttempts
          ? `${e.message} (after ${row.attempts} tries)`
          : `${e.message}; expires before the next try`;
      const ok = await markFailed(ctx.db, row, { error: why, body: redact(row.body, secrets) });
      return ok ? 'failed' : null;
    }
    const ok = await markRetry(ctx.db, row, { error: e.message, nextAttemptAt });
    return ok ? 'retried' : null;
  }
}

/** What the member's OTP screen is told of a code's message (OtpTransaction.delivery). */
export type MemberDelivery = 'pending' | 'retrying' | 'sent' | 'failed';

/**
 * The delivery of the message carrying a verification. A transaction for a destination that has no
 * account has no message: it says what a message on its way says, then "sent", so the answer does not
 * tell whether an account exists.
 */
export function memberDelivery(row: MessageRow | null, createdAt: Date, now = Date.now()): MemberDelivery {
  if (!row) return now - createdAt.getTime() < PHANTOM_PENDING_MS ? 'pending' : 'sent';
  if (row.state === 'sent' || row.state === 'failed') return row.state;
  return row.lastError ? 'retrying' : 'pending';
}
const PHANTOM_PENDING_MS = 2_000;
