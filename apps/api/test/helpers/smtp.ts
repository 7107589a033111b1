import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every raw message it receives,
 * and can be stopped and started again on the same port. `reject` makes it refuse the recipients of
 * the next messages with a reply code (550 mailbox unavailable, 451 try later).
 */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedMail[];
  reject: { code: number; message: string } | null;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, done) {
        const r = catcher.reject;
        if (!r) return done();
        const err = new Error(r.message) as Error & { responseCode: number };
        err.responseCode = r.code;
        done(err);
      },
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('latin1')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = make();
      s.on('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  const catcher: SmtpCatcher = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    reject: null,
    stop,
    start: async () => {
      await listen(port);
    },
    close: stop,
  };
  return catcher;
}

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  /** The text/plain part (or the body of a single-part text message). */
  text: string;
  /** The text/html part, when there is one. */
  html: string | undefined;
}

/** Header lines unfolded, names in lower case. */
function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** A part's body as UTF-8 text, from base64 or quoted-printable (bytes kept as latin1 until then). */
function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** An RFC 2047 header (`=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function split(raw: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(raw);
  return m ? [raw.slice(0, m.index), raw.slice(m.index + m[0].length)] : [raw, ''];
}

/** The subject, the text part and the HTML part of a message as nodemailer writes it. */
export function parseMail(raw: string): ParsedMail {
  const [head, body] = split(raw);
  const headers = parseHeaders(head);
  const subject = decodeWords(headers.subject ?? '');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary || !/^multipart\//i.test(type)) {
    return {
      headers,
      subject,
      text: decodeBody(body, headers['content-transfer-encoding']),
      html: undefined,
    };
  }
  let text = '';
  let html: string | undefined;
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const [partHead, partBody] = split(chunk.replace(/^\r?\n/, ''));
    const h = parseHeaders(partHead);
    const content = decodeBody(partBody.replace(/\r?\n$/, ''), h['content-transfer-encoding']);
    if (/^text\/html/i.test(h['content-type'] ?? '')) html = content;
    else if (/^text\/plain/i.test(h['content-type'] ?? '')) text = content;
  }
  return { headers, subject, text, html };
}
