// Writes src/features/public/maps/thailand.geo.json: Thailand's outline (Natural Earth 1:50m) and
// its neighbours (1:110m, for context), from the world-atlas package (ISC; Natural Earth data is in
// the public domain). Run once when the data should change: node apps/web/scripts/make-thailand-map.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const load = (file) => JSON.parse(fs.readFileSync(require.resolve(`world-atlas/${file}`), 'utf8'));

const THAILAND = '764';
const NEIGHBOURS = { 104: 'Myanmar', 418: 'Laos', 116: 'Cambodia', 458: 'Malaysia', 704: 'Vietnam' };

const round = (coords) =>
  typeof coords[0] === 'number'
    ? [Math.round(coords[0] * 1000) / 1000, Math.round(coords[1] * 1000) / 1000]
    : coords.map(round);

function pick(topology, ids) {
  return feature(topology, topology.objects.countries).features.filter((f) => ids.includes(String(f.id)));
}

const fine = pick(load('countries-50m.json'), [THAILAND]);
const coarse = pick(load('countries-110m.json'), Object.keys(NEIGHBOURS));
const out = {
  type: 'FeatureCollection',
  features: [...fine, ...coarse].map((f) => ({
    type: 'Feature',
    id: String(f.id),
    properties: { name: f.properties.name, thailand: String(f.id) === THAILAND },
    geometry: { type: f.geometry.type, coordinates: round(f.geometry.coordinates) },
  })),
};
const target = path.resolve(import.meta.dirname, '../src/features/public/maps/thailand.geo.json');
fs.writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`wrote ${target} (${fs.statSync(target).size} bytes, ${out.features.length} features)`);
