import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server playing an SMS gateway for the tests (decision 037): the generic relay of
 * SMS_PROVIDER=http (a JSON `{to, text}`, bearer token) or ThaiBulkSMS's API v2 (`POST /sms`, HTTP
 * Basic with the key and secret, a form of msisdn, message, sender and force; 201 with
 * phone_number_list and bad_phone_number_list, errors as `{"error": {"code", "name", "description"}}`).
 * On demand it answers an error, never answers (the adapter's timeout), or is stopped and started
 * again on the same port.
 */
export interface ReceivedSms {
  to: string;
  text: string;
  /** ThaiBulkSMS only: the form's sender and force. */
  sender?: string | null;
  force?: string | null;
  authorization: string | undefined;
  contentType: string | undefined;
}

export type GatewayMode =
  | { kind: 'ok' }
  /** Answer this status (and, for ThaiBulkSMS, its documented error body). */
  | { kind: 'error'; status: number; name?: string; description?: string }
  /** Take the request and never answer it. */
  | { kind: 'hang' };

export interface SmsGateway {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedSms[];
  /** Requests that reached it, answered or not. */
  readonly requests: number;
  mode: GatewayMode;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const THAI_MOBILE = /^(66|0)[689]\d{8}$/;

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startSmsGateway(
  kind: 'http' | 'thaibulksms',
  credentials: { token?: string; apiKey?: string; apiSecret?: string } = {},
): Promise<SmsGateway> {
  const received: ReceivedSms[] = [];
  let requests = 0;
  let messageIds = 0;
  const hanging = new Set<http.ServerResponse>();

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests += 1;
    const body = await readBody(req);
    const mode = gateway.mode;
    if (mode.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (kind === 'http') {
      if (req.method !== 'POST') return json(res, 405, { error: 'POST only' });
      if (credentials.token && req.headers.authorization !== `Bearer ${credentials.token}`)
        return json(res, 401, { error: 'bad token' });
      if (mode.kind === 'error') return json(res, mode.status, { error: mode.description ?? 'refused' });
      const { to, text } = JSON.parse(body) as { to: string; text: string };
      received.push({
        to,
        text,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      });
      return json(res, 200, { ok: true });
    }

    // ThaiBulkSMS API v2
    if (req.method !== 'POST' || req.url !== '/sms')
      return json(res, 404, { error: { code: 404, name: 'NOT_FOUND', description: 'Not found' } });
    const expected = `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.apiSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return json(res, 401, {
        error: { code: 401, name: 'UNAUTHORIZED', description: 'Invalid API key or secret' },
      });
    if (mode.kind === 'error')
      return json(res, mode.status, {
        error: { code: mode.status, name: mode.name ?? 'ERROR', description: mode.description ?? 'Error' },
      });
    const form = new URLSearchParams(body);
    const numbers = (form.get('msisdn') ?? '').split(',').filter(Boolean);
    const message = form.get('message');
    if (!numbers.length || !message)
      return json(res, 400, {
        error: { code: 400, name: 'BAD_REQUEST', description: 'msisdn and message are required' },
      });
    const good = numbers.filter((n) => THAI_MOBILE.test(n));
    const bad = numbers.filter((n) => !THAI_MOBILE.test(n));
    for (const n of good)
      received.push({
        to: n,
        text: message,
        sender: form.get('sender'),
        force: form.get('force'),
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      });
    return json(res, 201, {
      remaining_credit: 1000 - good.length,
      total_use_credit: good.length,
      credit_type: form.get('force') ?? 'standard',
      phone_number_list: good.map((number) => ({
        number,
        message_id: `msg-${++messageIds}`,
        used_credit: 1,
      })),
      bad_phone_number_list: bad.map((number) => ({ number, message: 'Invalid phone number' })),
    });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const gateway: SmsGateway = {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    get requests() {
      return requests;
    },
    mode: { kind: 'ok' },
    stop,
    start: async () => {
      await listen(port);
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
  return gateway;
}
