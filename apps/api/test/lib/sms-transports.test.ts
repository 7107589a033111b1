import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createMessaging, DeliveryError } from '../../src/lib/messaging';
import { templates } from '../../src/lib/templates';
import { startSmsGateway, type SmsGateway } from '../helpers/sms-gateway';

/**
 * The SMS adapters (decision 037) against a local HTTP server that speaks each gateway's API: what
 * they send, what they make of the gateway's answers and errors, and their time limit.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sms-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const smsOf = (env: Record<string, string>) =>
  createMessaging(loadConfig({ DATA_DIR: dataDir, SMS_TIMEOUT_SECONDS: '0.5', ...env })).sms;

const message = {
  to: '0812345678',
  purpose: 'onboarding',
  text: 'รหัส OTP 123456 (Ref: ABCD)',
  code: '123456',
};

/** The DeliveryError a send ends with (it must end with one). */
async function failure(p: Promise<unknown>): Promise<DeliveryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryError);
  return err as DeliveryError;
}

describe('SMS_PROVIDER=http', () => {
  let gw: SmsGateway;
  beforeAll(async () => {
    gw = await startSmsGateway('http', { token: 'relay-token' });
  });
  afterEach(() => {
    gw.mode = { kind: 'ok' };
  });
  afterAll(() => gw.close());
  const sms = () =>
    smsOf({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `${gw.url}/send`, SMS_HTTP_TOKEN: 'relay-token' });

  it('when a message is sent then the relay gets a JSON {to, text} with the bearer token and a 2xx is sent', async () => {
    const before = gw.received.length;
    expect(await sms().send(message)).toEqual({ provider: 'http' });
    expect(gw.received.slice(before)).toEqual([
      {
        to: '0812345678',
        text: message.text,
        authorization: 'Bearer relay-token',
        contentType: 'application/json',
      },
    ]);
  });

  it('when the relay answers 5xx, 401 or 429 then the error may pass; a 400 or 422 is permanent', async () => {
    for (const [status, permanent] of [
      [500, false],
      [503, false],
      [401, false],
      [429, false],
      [400, true],
      [422, true],
    ] as const) {
      gw.mode = { kind: 'error', status, description: `status ${status}` };
      const err = await failure(sms().send(message));
      expect([status, err.permanent]).toEqual([status, permanent]);
      expect(err.message).toContain(`SMS relay answered ${status}`);
    }
  });

  it('when the relay takes the request and never answers then the send fails at its time limit, and may pass', async () => {
    gw.mode = { kind: 'hang' };
    const err = await failure(sms().send(message));
    expect(err.message).toBe('SMS relay: no answer within 0.5 s');
    expect(err.permanent).toBe(false);
  });

  it('when the relay is down then the send fails with the connection error, and may pass', async () => {
    await gw.stop();
    try {
      const err = await failure(sms().send(message));
      // Refused, or the kept-alive connection of the previous test closed under it.
      expect(err.message).toMatch(/^SMS relay: (ECONNREFUSED|UND_ERR_SOCKET other side closed)/);
      expect(err.permanent).toBe(false);
    } finally {
      await gw.start();
    }
    expect(await sms().send(message)).toEqual({ provider: 'http' });
  });
});

describe('SMS_PROVIDER=thaibulksms', () => {
  let gw: SmsGateway;
  beforeAll(async () => {
    gw = await startSmsGateway('thaibulksms', { apiKey: 'key-1', apiSecret: 'secret-1' });
  });
  afterEach(() => {
    gw.mode = { kind: 'ok' };
  });
  afterAll(() => gw.close());
  const sms = (env: Record<string, string> = {}) =>
    smsOf({
      SMS_PROVIDER: 'thaibulksms',
      SMS_GATEWAY_URL: gw.url,
      SMS_API_KEY: 'key-1',
      SMS_API_SECRET: 'secret-1',
      SMS_SENDER: 'PORTAL',
      SMS_CREDIT_TYPE: 'corporate',
      ...env,
    });

  it('when a message is sent then POST /sms carries Basic auth and a form of msisdn (66…), message, sender and force; the message id comes back', async () => {
    const before = gw.received.length;
    const delivered = await sms().send(message);
    expect(delivered).toEqual({
      provider: 'thaibulksms',
      providerMessageId: expect.stringMatching(/^msg-\d+$/),
    });
    expect(gw.received.slice(before)).toEqual([
      {
        to: '66812345678',
        text: message.text,
        sender: 'PORTAL',
        force: 'corporate',
        authorization: `Basic ${Buffer.from('key-1:secret-1').toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });

  it('when no sender or credit type is set then the form leaves them to the account', async () => {
    const before = gw.received.length;
    await smsOf({
      SMS_PROVIDER: 'thaibulksms',
      SMS_GATEWAY_URL: gw.url,
      SMS_API_KEY: 'key-1',
      SMS_API_SECRET: 'secret-1',
    }).send(message);
    expect(gw.received.slice(before)).toMatchObject([{ to: '66812345678', sender: null, force: null }]);
  });

  it('when the key or secret is wrong then the 401 and its error name are kept, and the error may pass (the operator fixes the key)', async () => {
    const err = await failure(sms({ SMS_API_SECRET: 'wrong' }).send(message));
    expect(err.message).toBe('ThaiBulkSMS answered 401: 401 UNAUTHORIZED Invalid API key or secret');
    expect(err.permanent).toBe(false);
  });

  it('when the gateway puts the number in bad_phone_number_list then the message failed for good with its reason', async () => {
    const err = await failure(sms().send({ ...message, to: '0212345678' }));
    expect(err.message).toBe('ThaiBulkSMS refused 66212345678: Invalid phone number');
    expect(err.permanent).toBe(true);
  });

  it('when the gateway answers a documented error then 400 is permanent and 500 may pass', async () => {
    gw.mode = {
      kind: 'error',
      status: 400,
      name: 'SENDER_NOT_ALLOWED',
      description: 'Sender is not approved',
    };
    const bad = await failure(sms().send(message));
    expect(bad.message).toBe('ThaiBulkSMS answered 400: 400 SENDER_NOT_ALLOWED Sender is not approved');
    expect(bad.permanent).toBe(true);
    gw.mode = { kind: 'error', status: 500, name: 'INTERNAL_ERROR', description: 'Try again' };
    const down = await failure(sms().send(message));
    expect(down.message).toBe('ThaiBulkSMS answered 500: 500 INTERNAL_ERROR Try again');
    expect(down.permanent).toBe(false);
  });

  it('when the gateway never answers then the send fails at its time limit', async () => {
    gw.mode = { kind: 'hang' };
    const err = await failure(sms().send(message));
    expect(err.message).toBe('ThaiBulkSMS: no answer within 0.5 s');
    expect(err.permanent).toBe(false);
  });
});

describe('SMS settings', () => {
  it('when a provider lacks what it needs then the settings are refused with one clear line', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'http' })).toThrow(
      'SMS_HTTP_URL: required when SMS_PROVIDER=http',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'thaibulksms', SMS_API_KEY: 'k' })).toThrow(
      'SMS_API_KEY and SMS_API_SECRET: required when SMS_PROVIDER=thaibulksms',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
  });

  it('when nothing is set then SMS goes to the demo outbox file', async () => {
    const messaging = createMessaging(loadConfig({ DATA_DIR: dataDir }));
    expect(await messaging.sms.send(message)).toEqual({ provider: 'outbox' });
    const [last] = await messaging.outbox.read(1);
    expect(last).toMatchObject({ channel: 'sms', to: '0812345678', code: '123456', text: message.text });
  });
});

describe('the OTP text', () => {
  it('when it is Thai then it says the code, the reference, what it is for, how long it lasts and never to tell it, as Thai banks do', () => {
    expect(templates.otpSms('th', 'onboarding', '482913', 'K7Q2', 10)).toBe(
      'รหัส OTP 482913 (Ref: K7Q2) สำหรับยืนยันบัญชีสมาชิก ใช้ได้ภายใน 10 นาที ห้ามบอกรหัสนี้แก่ผู้อื่นไม่ว่ากรณีใด',
    );
    expect(templates.otpSms('th', 'change-mobile', '482913', 'K7Q2', 5)).toContain(
      'สำหรับเปลี่ยนเบอร์มือถือ ใช้ได้ภายใน 5 นาที',
    );
  });

  it('when the member reads English then it says the same in English', () => {
    expect(templates.otpSms('en', 'onboarding', '482913', 'K7Q2', 10)).toBe(
      'OTP 482913 (Ref: K7Q2) to verify your member account. Valid for 10 minutes. Never share this code with anyone.',
    );
  });
});
