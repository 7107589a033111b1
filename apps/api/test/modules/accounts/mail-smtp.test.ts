import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { deliverMessages } from '../../../src/modules/accounts';
import { register, seedSponsor } from '../../helpers/fixtures';
import { parseMail, startSmtp, type SmtpCatcher } from '../../helpers/smtp';

let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
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
    // The request only wrote the message; the message outbox sends it (decision 043).
    expect(smtp.received).toHaveLength(0);
    expect(await deliverMessages(t.app.ctx)).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([body.email]);
    const mail = parseMail(smtp.received[0]!.raw);
    expect(mail.subject).toBe('ยืนยันอีเมลของคุณ');
    expect(mail.text).toContain('กรุณายืนยันอีเมลของคุณ');
    const link = /https:\/\/portal\.example\/auth\/activate\?token=[\w-]{20,}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    // The same words as HTML, the link as a button.
    expect(mail.html).toContain('<html lang="th">');
    expect(mail.html).toContain('กรุณายืนยันอีเมลของคุณ');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect((await t.outbox()).filter((m) => m.channel === 'email')).toHaveLength(0);
  });
});
