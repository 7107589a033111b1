import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Six digits from a secure source. */
export const otpCode = (length = 6) => Array.from({ length }, () => String(randomInt(0, 10))).join('');

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I: people read these aloud
export const refCode = (length = 4) =>
  Array.from({ length }, () => REF_ALPHABET[randomInt(0, REF_ALPHABET.length)]).join('');

export const invitationCode = () => refCode(8);

export const urlToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
