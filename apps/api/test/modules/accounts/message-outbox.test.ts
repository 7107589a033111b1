import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OtpTransaction } from '@portal/contracts/identity';
import type { StaffMessagePage } from '@portal/contracts/outbox';
import { messageDeliveryJob } from '../../../src/jobs/message-jobs';
import { startScheduler, type Scheduler } from '../../../src/jobs/scheduler';
import { deliverMessages, messagesQueued } from '../../../src/modules/accounts';
import { NOTICES, notify } from '../../../src/modules/accounts/notifications/notify';
import { queueMessages } from '../../../src/modules/accounts/messages/service';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, expectIso } from '../../helpers/expect';
import { login, register, seedSponsor } from '../../helpers/fixtures';
import { staffToken } from '../../helpers/shop';
import { startSmsGateway, type SmsGateway } from '../../helpers/sms-gateway';
import { parseMail, startSmtp, type SmtpCatcher } from '../../helpers/smtp';

/**
 * The message outbox (decision 043) on real parts: a real SMTP server and a local HTTP server playing
 * the SMS relay, both started by the test, the real scheduler running the message-delivery job. While
 * both are down, requests still answer at once and nothing is lost; once they are back everything
 * arrives, once. A message that keeps failing ends `failed` after its tries.
 */

interface OutboxRow {
  id: number;
  channel: string;
  purpose: string;
  recipient: string;
  state: string;
  attempts: number;
  last_error: string | null;
  code: string | null;
  body: string;
}

/** Polls `probe` until it answers something truthy (a state, never a fixed wait). */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rows = async (t: TestApp) =>
  (
    await t.database.pool.query<OutboxRow>(
      `select id, channel, purpose, recipient, state, attempts, last_error, code, body
       from message_outbox order by id`,
    )
  ).rows;

async function startJobs(t: TestApp): Promise<Scheduler> {
  return startScheduler({
    pool: t.database.pool,
    ctx: t.app.ctx,
    log: t.app.log,
    jobs: [messageDeliveryJob],
    pollingIntervalSeconds: 0.2,
  });
}

describe('while the mail server and the SMS gateway are away', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let gateway: SmsGateway;
  let scheduler: Scheduler;
  beforeAll(async () => {
    smtp = await startSmtp();
    gateway = await startSmsGateway('http', { token: 'relay-token' });
    t = await createTestApp({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${gateway.url}/sms`,
      SMS_HTTP_TOKEN: 'relay-token',
      SMS_TIMEOUT_SECONDS: '2',
      MAIL_TIMEOUT_SECONDS: '2',
      MESSAGE_RETRY_SECONDS: '0.1',
      MESSAGE_MAX_ATTEMPTS: '50',
      RATE_LIMIT_OTP: '1000',
      PUBLIC_URL: 'https://portal.example',
    });
    scheduler = await startJobs(t);
  });
  afterAll(async () => {
    await scheduler?.stop(5_000);
    await t?.close();
    await smtp?.close();
    await gateway?.close();
  });

  it('when both are down then requests answer at once, every message waits and is tried again, and once they are back each arrives exactly once', async () => {
    const token = await appToken(t.app);
    const sponsor = await seedSponsor(t.database.db);
    await smtp.stop();
    await gateway.stop();

    const thai = await register(t.app, sponsor.user.invitationCode);
    const english = await register(t.app, sponsor.user.invitationCode);
    await t.database.pool.query(`update users set language = 'en', notify_sms = true where id = $1`, [
      english.user.id,
    ]);

    // Codes by SMS, a reset and an activation by e-mail, a notification by e-mail and SMS: every
    // request answers as it would with both servers up.
    const otps: OtpTransaction[] = [];
    for (const m of [thai, english]) {
      const res = await call(t.app, 'POST', '/member/v1/otp-transactions', {
        token,
        body: { username: m.user.mobile },
      });
      otps.push(expectData<OtpTransaction>(res, 201));
    }
    expect(otps.map((o) => o.delivery)).toEqual(['pending', 'pending']);
    const reset = await call(t.app, 'POST', '/member/v1/password-reset/request', {
      token,
      body: { email: thai.user.email },
    });
    expect(reset.statusCode).toBe(200);
    const activation = await call(t.app, 'POST', '/member/v1/activate/request', {
      token,
      body: { email: english.user.email },
    });
    expect(activation.statusCode).toBe(200);
    await notify(t.database.db, english.user.id, NOTICES.passwordChanged());

    // Every message is kept, and tried (and failed) at least twice while the servers are away.
    const waiting = await waitFor('every message tried twice', async () => {
      const all = await rows(t);
      return (
        all.length === 6 && all.every((r) => r.state !== 'sent' && r.attempts >= 2 && r.last_error) && all
      );
    });
    expect(waiting.map((r) => [r.channel, r.purpose]).sort()).toEqual(
      [
        ['email', 'notification'],
        ['email', 'onboarding'],
        ['email', 'reset-password'],
        ['sms', 'notification'],
        ['sms', 'onboarding'],
        ['sms', 'onboarding'],
      ].sort(),
    );
    expect(waiting.every((r) => r.state === 'queued' || r.state === 'sending')).toBe(true);
    expect(waiting.find((r) => r.channel === 'sms')!.last_error).toMatch(/^SMS relay: /);
    expect(waiting.find((r) => r.channel === 'email')!.last_error).toMatch(/^SMTP: /);
    // The OTP screen is told the SMS did not go yet.
    const status = expectData<OtpTransaction>(
      await call(t.app, 'GET', `/member/v1/otp-transactions/${otps[0]!.id}`, { token }),
    );
    expect(status).toMatchObject({ id: otps[0]!.id, ref_code: otps[0]!.ref_code, delivery: 'retrying' });
    expect(smtp.received).toHaveLength(0);
    expect(gateway.received).toHaveLength(0);

    await smtp.start();
    await gateway.start();
    const sent = await waitFor('every message sent', async () => {
      const all = await rows(t);
      return all.every((r) => r.state === 'sent') && all;
    });
    expect(sent).toHaveLength(6);

    // Each SMS once, each in its member's language.
    const sms = gateway.received.map((r) => r.to).sort();
    expect(sms).toEqual([english.user.mobile, english.user.mobile, thai.user.mobile].sort());
    const thaiCode = gateway.received.find((r) => r.to === thai.user.mobile)!;
    expect(thaiCode.text).toMatch(
      new RegExp(`^รหัส OTP \\d{6} \\(Ref: ${otps[0]!.ref_code}\\) สำหรับยืนยันบัญชีสมาชิก`),
    );
    const englishCode = gateway.received.find(
      (r) => r.to === english.user.mobile && r.text.startsWith('OTP'),
    )!;
    expect(englishCode.text).toContain(`(Ref: ${otps[1]!.ref_code}) to verify your member account`);
    expect(
      gateway.received.filter(
        (r) => r.to === english.user.mobile && r.text.startsWith('Your password was changed'),
      ),
    ).toHaveLength(1);

    // Each e-mail once, as text and HTML in its member's language.
    const mails = smtp.received.map((m) => ({ to: m.to, ...parseMail(m.raw) }));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      [english.user.email, english.user.email, thai.user.email].sort(),
    );
    const resetMail = mails.find((m) => m.to[0] === thai.user.email)!;
    expect(resetMail.subject).toBe('รีเซ็ตรหัสผ่าน');
    expect(resetMail.text).toMatch(/รหัสสำหรับรีเซ็ตรหัสผ่านคือ \d{6}/);
    expect(resetMail.html).toContain('<html lang="th">');
    const activationMail = mails.find((m) => m.subject === 'Confirm your e-mail address')!;
    expect(activationMail.to).toEqual([english.user.email]);
    expect(activationMail.html).toContain('<html lang="en">');
    const notice = mails.find((m) => m.subject === 'Your password was changed')!;
    expect(notice.text).toContain('your other devices were signed out');
    expect(notice.html).toContain('Open the member portal');

    // Delivered: no code is kept, the text keeps its words without it.
    expect(sent.every((r) => r.code === null)).toBe(true);
    const otpRow = sent.find((r) => r.recipient === thai.user.mobile)!;
    expect(otpRow.body).toMatch(/^รหัส OTP •{6} \(Ref: /);
    const after = expectData<OtpTransaction>(
      await call(t.app, 'GET', `/member/v1/otp-transactions/${otps[0]!.id}`, { token }),
    );
    expect(after.delivery).toBe('sent');

    // Nothing more goes out on later runs.
    await scheduler.send('message-delivery');
    await waitFor('a later run', async () => {
      const { rows: runs } = await t.database.pool.query(
        `select 1 from pgboss.job where name = 'message-delivery' and data->>'trigger' = 'manual' and state = 'completed'`,
      );
      return runs.length > 0;
    });
    expect(gateway.received).toHaveLength(3);
    expect(smtp.received).toHaveLength(3);
  }, 60_000);
});

describe('a message that keeps failing', () => {
  let t: TestApp;
  let gateway: SmsGateway;
  let scheduler: Scheduler;
  beforeAll(async () => {
    gateway = await startSmsGateway('http');
    t = await createTestApp({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${gateway.url}/sms`,
      MESSAGE_RETRY_SECONDS: '0.1',
      MESSAGE_MAX_ATTEMPTS: '3',
    });
    scheduler = await startJobs(t);
  });
  afterAll(async () => {
    await scheduler?.stop(5_000);
    await t?.close();
    await gateway?.close();
  });
  afterEach(() => {
    gateway.mode = { kind: 'ok' };
  });

  it('when the gateway answers 503 every time then after 3 tries the message is failed with the last error, and the OTP screen is told', async () => {
    gateway.mode = { kind: 'error', status: 503, description: 'gateway overloaded' };
    const token = await appToken(t.app);
    const sponsor = await seedSponsor(t.database.db);
    const m = await register(t.app, sponsor.user.invitationCode);
    const otp = expectData<OtpTransaction>(
      await call(t.app, 'POST', '/member/v1/otp-transactions', { token, body: { username: m.user.mobile } }),
      201,
    );
    const failed = await waitFor('the message failed', async () => {
      const [row] = (await rows(t)).filter((r) => r.recipient === m.user.mobile);
      return row?.state === 'failed' && row;
    });
    expect(failed).toMatchObject({
      attempts: 3,
      last_error: 'SMS relay answered 503: {"error":"gateway overloaded"} (after 3 tries)',
      code: null,
    });
    expect(gateway.requests).toBeGreaterThanOrEqual(3);
    expect(gateway.received).toHaveLength(0);
    const status = expectData<OtpTransaction>(
      await call(t.app, 'GET', `/member/v1/otp-transactions/${otp.id}`, { token }),
    );
    expect(status.delivery).toBe('failed');

    // Staff see it, and why; the code it carried is not shown.
    const staff = (await staffToken(t)).token;
    const page = expectData<StaffMessagePage>(
      await call(t.app, 'GET', '/staff/v1/messages?state=failed&channel=sms', { token: staff }),
    );
    const shown = page.items.find((i) => i.to === m.user.mobile)!;
    expect(shown).toMatchObject({
      channel: 'sms',
      purpose: 'onboarding',
      state: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'SMS relay answered 503: {"error":"gateway overloaded"} (after 3 tries)',
      provider: null,
      next_attempt_at: null,
    });
    expectIso(shown.failed_at);
    expect(shown.text).toMatch(new RegExp(`^รหัส OTP •{6} \\(Ref: ${otp.ref_code}\\)`));
    expect(page.counts.failed).toBeGreaterThanOrEqual(1);
    expect(page.items.every((i) => i.state === 'failed' && i.channel === 'sms')).toBe(true);
    const byNumber = expectData<StaffMessagePage>(
      await call(t.app, 'GET', `/staff/v1/messages?q=${m.user.mobile.slice(2)}`, { token: staff }),
    );
    expect(byNumber.items.map((i) => i.id)).toEqual([shown.id]);
    expect(
      expectData<StaffMessagePage>(
        await call(t.app, 'GET', '/staff/v1/messages?state=sent', { token: staff }),
      ).items,
    ).toEqual([]);
    // Members do not.
    const member = await login(t.app, m.user.email);
    expectError(
      await call(t.app, 'GET', '/staff/v1/messages', { token: member.access_token }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, 'GET', '/staff/v1/messages?state=lost', { token: staff }),
      422,
      'VALIDATION_ERROR',
    );
  }, 30_000);

  it('when the gateway refuses the request itself (400) then the message fails at the first try', async () => {
    gateway.mode = { kind: 'error', status: 400, description: 'bad message' };
    await queueMessages(t.database.db, t.app.ctx.config, [
      { channel: 'sms', purpose: 'notification', to: '0812345670', language: 'th', text: 'ทดสอบ' },
    ]);
    messagesQueued();
    const failed = await waitFor('the message failed', async () => {
      const [row] = (await rows(t)).filter((r) => r.recipient === '0812345670');
      return row?.state === 'failed' && row;
    });
    expect(failed).toMatchObject({
      attempts: 1,
      last_error: 'SMS relay answered 400: {"error":"bad message"}',
    });
  });
});

describe('delivered once', () => {
  let t: TestApp;
  let gateway: SmsGateway;
  beforeAll(async () => {
    gateway = await startSmsGateway('http');
    t = await createTestApp({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `${gateway.url}/sms` });
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  it('when two runs deliver at the same time then each message is sent once', async () => {
    const numbers = Array.from({ length: 30 }, (_, i) => `08${String(10_000_000 + i)}`);
    await queueMessages(
      t.database.db,
      t.app.ctx.config,
      numbers.map((to) => ({
        channel: 'sms',
        purpose: 'notification',
        to,
        language: 'th',
        text: `ถึง ${to}`,
      })),
    );
    const runs = await Promise.all([
      deliverMessages(t.app.ctx, { batch: 4 }),
      deliverMessages(t.app.ctx, { batch: 4 }),
      deliverMessages(t.app.ctx, { batch: 4 }),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(30);
    expect(gateway.received.map((r) => r.to).sort()).toEqual(numbers);
  });

  it('when a run died while sending then its message is sent again once its lease has run out, and not before', async () => {
    await queueMessages(t.database.db, t.app.ctx.config, [
      { channel: 'sms', purpose: 'notification', to: '0899999990', language: 'th', text: 'ค้างอยู่' },
    ]);
    // As a process that took it and died would leave it.
    await t.database.pool.query(
      `update message_outbox set state = 'sending', attempts = 1, lease_until = now() + interval '1 hour'
       where recipient = '0899999990'`,
    );
    expect((await deliverMessages(t.app.ctx)).sent).toBe(0);
    await t.database.pool.query(
      `update message_outbox set lease_until = now() - interval '1 second' where recipient = '0899999990'`,
    );
    expect((await deliverMessages(t.app.ctx)).sent).toBe(1);
    expect(gateway.received.filter((r) => r.to === '0899999990')).toHaveLength(1);
    const [row] = (await rows(t)).filter((r) => r.recipient === '0899999990');
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('when a code expires before it could be sent then it is failed, not sent late', async () => {
    await queueMessages(t.database.db, t.app.ctx.config, [
      {
        channel: 'sms',
        purpose: 'onboarding',
        to: '0899999991',
        language: 'th',
        text: 'รหัส OTP 123456',
        code: '123456',
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    await deliverMessages(t.app.ctx);
    const [row] = (await rows(t)).filter((r) => r.recipient === '0899999991');
    expect(row).toMatchObject({ state: 'failed', last_error: 'expired before it could be sent', code: null });
    expect(row!.body).toBe('รหัส OTP ••••••');
    expect(gateway.received.some((r) => r.to === '0899999991')).toBe(false);
  });

  it('when a message still waits (nothing delivers it here) then staff see its words without the live code', async () => {
    await queueMessages(t.database.db, t.app.ctx.config, [
      {
        channel: 'sms',
        purpose: 'change-mobile',
        to: '0812345671',
        language: 'en',
        text: 'OTP 654321 (Ref: ABCD) to change your mobile number.',
        code: '654321',
      },
    ]);
    const staff = (await staffToken(t)).token;
    const page = expectData<StaffMessagePage>(
      await call(t.app, 'GET', '/staff/v1/messages?q=0812345671', { token: staff }),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ state: 'queued', language: 'en', attempts: 0 });
    expect(page.items[0]!.text).toBe('OTP •••••• (Ref: ABCD) to change your mobile number.');
    expectIso(page.items[0]!.next_attempt_at);
  });
});
