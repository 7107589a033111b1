import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { Outbox } from './outbox';

export interface Message {
  to: string;
  purpose: string;
  subject?: string;
  text: string;
  code?: string;
  link?: string;
}

export interface SmsProvider {
  send(msg: Message): Promise<void>;
}
export interface MailProvider {
  send(msg: Message & { subject: string }): Promise<void>;
}

export interface Messaging {
  sms: SmsProvider;
  mail: MailProvider;
  outbox: Outbox;
}

export function createMessaging(config: Config): Messaging {
  const outbox = new Outbox(config.dataDir);
  const sms: SmsProvider = { send: (m) => outbox.append({ channel: 'sms', ...m }) };
  let mail: MailProvider = { send: (m) => outbox.append({ channel: 'email', ...m }) };
  if (config.mail.transport === 'smtp') {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    mail = {
      send: async (m) => {
        await transport.sendMail({ from: config.mail.from, to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  return { sms, mail, outbox };
}
