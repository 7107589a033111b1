import type { FastifyRequest } from 'fastify';
import { LANGUAGE_HEADER } from '@portal/contracts/shop';

export type Lang = 'th' | 'en';

/**
 * The shop's language (spec: "a language header 'TH' is sent"): `X-Language: TH|EN` first, then the
 * first language of `Accept-Language` (`TH`, `en-US,en;q=0.9`); Thai when neither names one.
 */
export function languageOf(request: FastifyRequest): Lang {
  for (const header of [request.headers[LANGUAGE_HEADER], request.headers['accept-language']]) {
    if (typeof header !== 'string') continue;
    const first = header.split(',')[0]?.trim().slice(0, 2).toLowerCase();
    if (first === 'th' || first === 'en') return first;
  }
  return 'th';
}

/** The text of a Thai/English pair in the asked language. */
export const pick = (lang: Lang, th: string, en: string) => (lang === 'en' ? en || th : th || en);
