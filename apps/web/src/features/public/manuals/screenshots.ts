import type { Language } from '../../../lib/preferences';
import type { Shot } from './content';

export { SHOT_SIZE } from './content';

// The portal's screens as `npm run manuals:screenshots` took them (scripts/manuals-screenshots.ts),
// one WebP per screen and language; Vite fingerprints each file.
const FILES = import.meta.glob<string>('./portal-shots/*/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function shotUrl(lang: Language, shot: Shot): string | null {
  return FILES[`./portal-shots/${lang}/${shot}.webp`] ?? null;
}
