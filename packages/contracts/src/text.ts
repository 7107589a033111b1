import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * Characters that show nothing yet change how text reads: bidirectional controls (U+061C,
 * U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can make a name read backwards on a staff
 * page, and zero-width characters (U+200B–U+200D, U+2060, U+FEFF, the soft hyphen U+00AD), which
 * can make an empty-looking name or two names that look alike. They are stripped from names,
 * addresses and document titles before anything is stored (migration 0009 cleaned older rows).
 */
export const INVISIBLE_CHARACTERS = /[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS, '');
}

/** A visible letter of any script (Thai consonants and vowels included). */
const LETTER = /\p{L}/u;

export const hasLetter = (value: string): boolean => LETTER.test(value);

/**
 * A text field as people type it: invisible characters stripped, then trimmed. Chain the length
 * checks after it (`cleanText().min(1).max(100)`): they count what is stored.
 */
export function cleanText(message?: string) {
  return z
    .string(message ? { message } : undefined)
    .overwrite(stripInvisible)
    .trim();
}

/** A first or last name, a bank account name: clean text of up to `max` characters with a letter in it. */
export function personName(max = 100) {
  return cleanText(MSG.required)
    .min(1, { message: MSG.required, abort: true })
    .max(max)
    .refine(hasLetter, { message: MSG.nameNeedsLetter });
}

/** An optional free text (a building, a branch, a document title): empty becomes null. */
export function optionalText(max: number) {
  return cleanText()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}
