import type { Outbox } from './outbox';

/**
 * The ways a message leaves the portal (decision 037): SMS by the demo outbox file, a generic HTTP
 * relay or ThaiBulkSMS; e-mail by the outbox file or SMTP (lib/mail.ts). A transport sends one message
 * and says so, or throws a DeliveryError that says whether trying again may help. Retrying is the
 * message outbox's business (modules/accounts/messages), never the transport's.
 */

/** One message as a transport sends it. `code` and `link` are what the demo outbox shows. */
export interface OutgoingMessage {
  to: string;
  purpose: string;
  subject?: string;
  text: string;
  html?: string;
  code?: string;
  link?: string;
}

/** What a transport answers for a message it handed on. */
export interface Delivered {
  /** The transport's name: outbox, http, thaibulksms, smtp. */
  provider: string;
  /** The gateway's or mail server's id for the message, when it gives one. */
  providerMessageId?: string;
}

/**
 * A message not handed on. `permanent`: the gateway refused this message itself (a number it will
 * not send to, a request it calls malformed), so sending it again cannot help; otherwise (no answer,
 * a timeout, a 5xx, credentials or credit to fix) a later try may.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface Transport {
  readonly provider: string;
  send(message: OutgoingMessage): Promise<Delivered>;
}

/** The demo default: one JSON line per message in DATA_DIR/outbox.jsonl (shown at /dev/outbox). */
export function outboxTransport(outbox: Outbox, channel: 'sms' | 'email'): Transport {
  return {
    provider: 'outbox',
    async send(m) {
      await outbox.append({
        channel,
        to: m.to,
        purpose: m.purpose,
        ...(m.subject !== undefined ? { subject: m.subject } : {}),
        text: m.text,
        ...(m.code !== undefined ? { code: m.code } : {}),
        ...(m.link !== undefined ? { link: m.link } : {}),
      });
      return { provider: 'outbox' };
    },
  };
}

/**
 * Whether an HTTP error status means the request itself is wrong. 401/402/403 (credentials, credit
 * or a sender name to fix), 408, 425 and 429 (come back later) and every 5xx may pass with time.
 */
export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 402, 403, 408, 425, 429].includes(status);
}

/** A POST with a time limit; a network failure or a timeout is a DeliveryError that may pass. */
async function post(
  what: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new DeliveryError(`${what}: no answer within ${timeoutMs / 1000} s`, false);
    // ECONNREFUSED, or UND_ERR_SOCKET (other side closed) for a kept-alive connection it dropped.
    const cause = [e.cause?.code, e.cause?.message].filter(Boolean).join(' ') || e.message;
    throw new DeliveryError(`${what}: ${cause}`, false);
  }
}

/** At most `max` characters of a body, for an error message kept with the message. */
async function bodyText(res: Response, max = 300): Promise<string> {
  const text = await res.text().catch(() => '');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export interface HttpSmsSettings {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token: string | undefined;
  timeoutMs: number;
}

/**
 * SMS_PROVIDER=http: a POST of `{"to": "0812345678", "text": "…"}` as JSON to SMS_HTTP_URL, for a
 * company that relays to its own gateway. Any 2xx means sent.
 */
export function httpSmsTransport(s: HttpSmsSettings): Transport {
  return {
    provider: 'http',
    async send(m) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (s.token) headers.authorization = `Bearer ${s.token}`;
      const res = await post(
        'SMS relay',
        s.url,
        { headers, body: JSON.stringify({ to: m.to, text: m.text }) },
        s.timeoutMs,
      );
      if (res.ok) {
        await res.body?.cancel().catch(() => {});
        return { provider: 'http' };
      }
      const detail = await bodyText(res);
      throw new DeliveryError(
        `SMS relay answered ${res.status}${detail ? `: ${detail}` : ''}`,
        isPermanentStatus(res.status),
      );
    },
  };
}

export interface ThaiBulkSmsSettings {
  /** The API's address: https://api-v2.thaibulksms.com (tests point it at their own server). */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** A sender name approved on the account; the account's default when absent. */
  sender: string | undefined;
  /** `force`: which credit pays, standard or corporate; the account's default when absent. */
  creditType: 'standard' | 'corporate' | undefined;
  timeoutMs: number;
}

/** A Thai mobile as the gateway's `msisdn` wants it: 0812345678 -> 66812345678. */
export const msisdn = (mobile: string) => (/^0\d{9}$/.test(mobile) ? `66${mobile.slice(1)}` : mobile);

interface ThaiBulkSmsAnswer {
  phone_number_list?: { number?: string; message_id?: string; used_credit?: number }[];
  bad_phone_number_list?: { number?: string; message?: string }[];
}
interface ThaiBulkSmsError {
  error?: { code?: number | string; name?: string; description?: string };
}

/**
 * SMS_PROVIDER=thaibulksms: ThaiBulkSMS's SMS API v2 (decision 037). `POST {url}/sms` with HTTP Basic
 * authentication (the API key and secret), a form body of `msisdn`, `message`, `sender` and `force`;
 * it answers 201 with `phone_number_list` (each number with its `message_id`) and
 * `bad_phone_number_list` (numbers it refused, each with a `message`), or an error status with
 * `{"error": {"code", "name", "description"}}`.
 */
export function thaiBulkSmsTransport(s: ThaiBulkSmsSettings): Transport {
  const endpoint = `${s.url.replace(/\/+$/, '')}/sms`;
  const authorization = `Basic ${Buffer.from(`${s.apiKey}:${s.apiSecret}`).toString('base64')}`;
  return {
    provider: 'thaibulksms',
    async send(m) {
      const form = new URLSearchParams({ msisdn: msisdn(m.to), message: m.text });
      if (s.sender) form.set('sender', s.sender);
      if (s.creditType) form.set('force', s.creditType);
      const res = await post(
        'ThaiBulkSMS',
        endpoint,
        {
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
        },
        s.timeoutMs,
      );
      const text = await res.text().catch(() => '');
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (!res.ok) {
        const e = (json as ThaiBulkSmsError | null)?.error;
        const what = e
          ? [e.code, e.name, e.description].filter((x) => x !== undefined && x !== '').join(' ')
          : text.slice(0, 300);
        throw new DeliveryError(
          `ThaiBulkSMS answered ${res.status}${what ? `: ${what}` : ''}`,
          isPermanentStatus(res.status),
        );
      }
      const answer = (json ?? {}) as ThaiBulkSmsAnswer;
      const sent = answer.phone_number_list?.[0];
      if (sent) return { provider: 'thaibulksms', providerMessageId: sent.message_id };
      const bad = answer.bad_phone_number_list?.[0];
      if (bad)
        throw new DeliveryError(
          `ThaiBulkSMS refused ${bad.number ?? m.to}: ${bad.message ?? 'bad number'}`,
          true,
        );
      throw new DeliveryError(`ThaiBulkSMS answered ${res.status} without the number in its lists`, false);
    },
  };
}
