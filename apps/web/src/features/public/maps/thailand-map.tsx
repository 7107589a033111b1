import { useMemo } from 'react';
import { geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { CompanyLocation } from '@portal/contracts/public-info';
import type { Language } from '../../../lib/preferences';
import mapData from './thailand.geo.json';

type Country = Feature<Geometry, { name: string; thailand: boolean }>;
const COUNTRIES = (mapData as unknown as FeatureCollection<Geometry, { name: string; thailand: boolean }>)
  .features as Country[];
const THAILAND = COUNTRIES.find((c) => c.properties.thailand)!;

const WIDTH = 360;
const HEIGHT = 620;
const PAD = 14;

/**
 * Thailand and its neighbours drawn as SVG from the bundled outline (Natural Earth, decision 019):
 * no tiles, no request. Each location is a pin at its coordinates; the shown ones are coloured, the
 * others fade, and the selected one is ringed.
 */
export function ThailandMap({
  locations,
  shown,
  selected,
  onSelect,
  lang,
  label,
}: {
  locations: readonly CompanyLocation[];
  shown: ReadonlySet<string>;
  selected: string | null;
  onSelect: (id: string) => void;
  lang: Language;
  label: string;
}) {
  const { countries, project } = useMemo(() => {
    const projection = geoMercator().fitExtent(
      [
        [PAD, PAD],
        [WIDTH - PAD, HEIGHT - PAD],
      ],
      THAILAND,
    );
    const path = geoPath(projection);
    return {
      countries: COUNTRIES.map((c) => ({
        id: String(c.id),
        thailand: c.properties.thailand,
        d: path(c) ?? '',
      })),
      project: (l: CompanyLocation) => projection([l.lng, l.lat]) ?? [0, 0],
    };
  }, []);

  // The shown pins last, so they are drawn over the faded ones; the selected one on top.
  const order = [...locations].sort(
    (a, b) =>
      Number(shown.has(a.id)) - Number(shown.has(b.id)) ||
      Number(a.id === selected) - Number(b.id === selected),
  );

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="thailand-map"
      style={{
        width: '100%',
        height: 'auto',
        maxHeight: '78vh',
        display: 'block',
        // The sea: also beside the drawing when the box is wider than the map.
        background: 'var(--mantine-color-blue-0)',
      }}
    >
      {countries.map((c) => (
        <path
          key={c.id}
          d={c.d}
          fill={c.thailand ? 'var(--mantine-color-body)' : 'var(--mantine-color-gray-2)'}
          stroke={c.thailand ? 'var(--mantine-color-brand-6, #008a73)' : 'var(--mantine-color-gray-4)'}
          strokeWidth={c.thailand ? 1.2 : 0.6}
        />
      ))}
      {order.map((l) => {
        const [x, y] = project(l);
        const on = shown.has(l.id);
        const isSelected = l.id === selected;
        const color =
          l.kind === 'office' ? 'var(--mantine-color-brand-7, #007261)' : 'var(--mantine-color-orange-7)';
        return (
          <g
            key={l.id}
            transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
            style={{ cursor: 'pointer' }}
            opacity={on ? 1 : 0.25}
            onClick={() => onSelect(l.id)}
            data-testid={`pin-${l.id}`}
            data-shown={on}
          >
            <title>{l.name[lang]}</title>
            {isSelected && <circle r={11} fill="none" stroke={color} strokeWidth={2} />}
            <circle r={l.kind === 'office' ? 6.5 : 5} fill={color} stroke="white" strokeWidth={1.5} />
          </g>
        );
      })}
    </svg>
  );
}
