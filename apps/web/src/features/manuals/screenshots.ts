import type { Language } from '../../lib/preferences';
import type { Shot } from './content';

// The portal's screens as `npm run manuals:screenshots` took them (scripts/manuals-screenshots.ts),
// one WebP per screen and language; Vite fingerprints each file.
const FILES = import.meta.glob<string>('./screenshots/*/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});

/** Width and height every screenshot is saved at (the script's viewport, scaled down). */
export const SHOT_SIZE = { width: 1024, height: 640 } as const;

export function shotUrl(lang: Language, shot: Shot): string | null {
  return FILES[`./screenshots/${lang}/${shot}.webp`] ?? null;
}
