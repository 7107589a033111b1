import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { register, seedSponsor } from '../../helpers/fixtures';

/** A real SMTP server on loopback that keeps every raw message it receives. */
function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  return new Promise<{ port: number; received: typeof received; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

/** The text of a single-part message, decoded from base64 or quoted-printable. */
function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: 'https://portal.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('e-mail over SMTP', () => {
  it('when MAIL_TRANSPORT is smtp then the activation link is delivered by SMTP, not to the outbox', async () => {
    const sponsor = await seedSponsor(t.database.db);
    const { body } = await register(t.app, sponsor.user.invitationCode, { authen_type_default: 'email' });
    const res = await call(t.app, 'POST', '/member/v1/activate/request', {
      token: await appToken(t.app),
      body: { email: body.email },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([body.email]);
    const text = bodyText(smtp.received[0]!.raw);
    expect(text).toContain('ยืนยันอีเมล');
    expect(text).toMatch(/https:\/\/portal\.example\/auth\/activate\?token=[\w-]{20,}/);
    expect((await t.outbox()).filter((m) => m.channel === 'email')).toHaveLength(0);
  });
});
