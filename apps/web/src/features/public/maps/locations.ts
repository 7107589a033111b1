import type { CompanyLocation, LocationKind } from '@portal/contracts/public-info';
import type { Language } from '../../../lib/preferences';

export interface LocationFilter {
  /** A province's two-digit code; empty for every province. */
  province?: string | null;
  kind?: LocationKind | null;
}

/** The locations that pass the filter, in the configuration's order. */
export function filterLocations(
  locations: readonly CompanyLocation[],
  filter: LocationFilter,
): CompanyLocation[] {
  return locations.filter(
    (l) =>
      (!filter.province || l.province.code === filter.province) && (!filter.kind || l.kind === filter.kind),
  );
}

/** The provinces that have a location, once each, sorted by their name in the reader's language. */
export function provinceOptions(
  locations: readonly CompanyLocation[],
  lang: Language,
): { value: string; label: string; count: number }[] {
  const byCode = new Map<string, { value: string; label: string; count: number }>();
  for (const l of locations) {
    const found = byCode.get(l.province.code);
    if (found) found.count += 1;
    else byCode.set(l.province.code, { value: l.province.code, label: l.province[lang], count: 1 });
  }
  return [...byCode.values()].sort((a, b) => a.label.localeCompare(b.label, lang === 'th' ? 'th' : 'en'));
}

/** A link that opens directions to the location in the visitor's map app (a click, not a request of ours). */
export function directionsUrl(location: Pick<CompanyLocation, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${location.lat},${location.lng}`;
}
