import { fill, type Manual, type ManualSlug } from './content';

export interface SearchHit {
  slug: ManualSlug;
  manual: string;
  section: string;
  heading: string;
  /** Up to about 160 characters of the section around the first match. */
  snippet: string;
}

const normal = (s: string) => s.normalize('NFC').toLocaleLowerCase();

function sectionText(section: Manual['sections'][number], vars: Readonly<Record<string, string>>) {
  return [...(section.body ?? []), ...(section.steps ?? []), ...(section.items ?? []), section.note ?? '']
    .filter(Boolean)
    .map((s) => fill(s, vars))
    .join(' ');
}

function snippetAround(text: string, at: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= 160) return flat;
  const start = Math.max(0, Math.min(at - 50, flat.length - 160));
  const end = Math.min(flat.length, start + 160);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/**
 * The manual sections that contain every word of the query (case-insensitive; Thai is matched as
 * written, since it has no spaces between words). Heading matches come first, then by manual order.
 */
export function searchManuals(
  manuals: readonly (readonly [ManualSlug, Manual])[],
  query: string,
  vars: Readonly<Record<string, string>> = {},
): SearchHit[] {
  const words = normal(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: (SearchHit & { inHeading: boolean; order: number })[] = [];
  let order = 0;
  for (const [slug, manual] of manuals) {
    for (const section of manual.sections) {
      order += 1;
      const heading = fill(section.heading, vars);
      const body = sectionText(section, vars);
      const haystack = normal(`${heading} ${body}`);
      if (!words.every((w) => haystack.includes(w))) continue;
      const inHeading = words.some((w) => normal(heading).includes(w));
      const at = normal(body).indexOf(words[0]!);
      hits.push({
        slug,
        manual: manual.title,
        section: section.id,
        heading,
        snippet: snippetAround(body, Math.max(0, at)),
        inHeading,
        order,
      });
    }
  }
  return hits
    .sort((a, b) => Number(b.inHeading) - Number(a.inHeading) || a.order - b.order)
    .map(({ inHeading: _h, order: _o, ...hit }) => hit);
}
