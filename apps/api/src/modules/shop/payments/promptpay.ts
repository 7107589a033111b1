/**
 * PromptPay QR payloads (EMVCo merchant-presented QR, Thai QR Payment): tag-length-value fields
 * closed by a CRC-16/CCITT-FALSE checksum. A 10-digit mobile number or a 13-digit national or tax
 * id is a plain PromptPay transfer (tag 29) with our reference in the additional data (tag 62); a
 * 15-digit biller id is a bill payment (tag 30) that carries the reference as ref1, which the
 * receiving bank reports back in its callback.
 */
import { createHmac } from 'node:crypto';
const PROMPTPAY_AID = 'A000000677010111';
const BILL_PAYMENT_AID = 'A000000677010112';

export const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the ASCII bytes, as 4 upper-case hex digits. */
export function crc16(data: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'ascii')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function account(target: string, reference: string): { merchant: string; additional: string } {
  const digits = target.replace(/\D/g, '');
  if (digits.length === 15) {
    return {
      merchant: tlv('30', tlv('00', BILL_PAYMENT_AID) + tlv('01', digits) + tlv('02', reference)),
      additional: '',
    };
  }
  const id =
    digits.length === 10 && digits.startsWith('0')
      ? tlv('01', `0066${digits.slice(1)}`)
      : digits.length === 13
        ? tlv('02', digits)
        : null;
  if (!id) throw new Error(`not a PromptPay id: ${target}`);
  return { merchant: tlv('29', tlv('00', PROMPTPAY_AID) + id), additional: tlv('62', tlv('05', reference)) };
}

/** The payload for one payment: a dynamic QR (amount fixed) in Thai baht. */
export function promptPayPayload(target: string, amount: string, reference: string): string {
  if (!/^\d+\.\d{2}$/.test(amount)) throw new Error(`not an amount: ${amount}`);
  const { merchant, additional } = account(target, reference);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    merchant +
    tlv('53', '764') +
    tlv('54', amount) +
    tlv('58', 'TH') +
    additional +
    '6304';
  return body + crc16(body);
}

/** Splits a payload into its top-level fields (for tests and for staff to read a QR back). */
export function parseTlv(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i + 4 <= payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

/** The HMAC-SHA256 of the raw body under the callback secret, as the provider sends it. */
export const promptPaySignature = (secret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
