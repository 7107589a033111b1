import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../config';
import { Outbox } from './outbox';
import {
  DeliveryError,
  httpSmsTransport,
  outboxTransport,
  thaiBulkSmsTransport,
  type Transport,
} from './transports';

export type { Delivered, OutgoingMessage, Transport } from './transports';
export { DeliveryError } from './transports';

/** The portal's two transports, chosen by SMS_PROVIDER and MAIL_TRANSPORT (decision 037). */
export interface Messaging {
  sms: Transport;
  mail: Transport;
  /** The demo outbox file (/dev/outbox), whatever the transports are. */
  outbox: Outbox;
}

/** SMTP replies that are about the message or its recipient (550 no such mailbox), not the server. */
const SMTP_AUTH_REPLIES = [530, 534, 535, 538];

/** E-mail by SMTP with nodemailer: the text and the HTML part, with time limits on each step. */
export function smtpTransport(config: Config['mail']): Transport {
  // The URL's settings, and time limits on connecting, the greeting and each reply.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  } satisfies SMTPTransport.Options);
  return {
    provider: 'smtp',
    async send(m) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: m.to,
          subject: m.subject ?? '',
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
        });
        return { provider: 'smtp', providerMessageId: info.messageId };
      } catch (err) {
        const e = err as Error & { responseCode?: number; code?: string; response?: string };
        const reply = e.responseCode;
        const permanent =
          reply !== undefined && reply >= 500 && reply < 600 && !SMTP_AUTH_REPLIES.includes(reply);
        const what = e.response ?? `${e.code ? `${e.code} ` : ''}${e.message}`;
        throw new DeliveryError(`SMTP: ${what}`.slice(0, 500), permanent);
      }
    },
  };
}

export function createMessaging(config: Config): Messaging {
  const outbox = new Outbox(config.dataDir);
  const { sms: s } = config;
  const sms =
    s.provider === 'http' && s.http
      ? httpSmsTransport({ ...s.http, timeoutMs: s.timeoutMs })
      : s.provider === 'thaibulksms' && s.thaiBulkSms
        ? thaiBulkSmsTransport({ ...s.thaiBulkSms, timeoutMs: s.timeoutMs })
        : outboxTransport(outbox, 'sms');
  const mail =
    config.mail.transport === 'smtp' ? smtpTransport(config.mail) : outboxTransport(outbox, 'email');
  return { sms, mail, outbox };
}
