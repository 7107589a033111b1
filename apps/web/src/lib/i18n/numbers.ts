import type { Language } from '../preferences';

const LOCALES: Record<Language, string> = { th: 'th-TH', en: 'en-US' };
const DECIMAL = /^-?\d+(\.\d+)?$/;

const pointFormats = new Map<Language, Intl.NumberFormat>();
const countFormats = new Map<Language, Intl.NumberFormat>();

/**
 * Money and points travel as decimal strings ("47598.95"; README, Conventions). Intl formats the string
 * itself, so no float ever touches the value. Display only: never compute with the result.
 */
export function formatPoints(value: string | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '–';
  let format = pointFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    pointFormats.set(lang, format);
  }
  return DECIMAL.test(value) ? format.format(value as Intl.StringNumericLiteral) : value;
}

/** Whole numbers (team sizes) with the language's grouping. */
export function formatCount(value: number, lang: Language): string {
  let format = countFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 });
    countFormats.set(lang, format);
  }
  return format.format(value);
}
