import { describe, expect, it } from 'vitest';
import type { CompanyLocation } from '@portal/contracts/public-info';
import { directionsUrl, filterLocations, provinceOptions } from './locations';

const at = (id: string, code: string, th: string, en: string, kind: CompanyLocation['kind'] = 'pickup') =>
  ({
    id,
    kind,
    name: { th: id, en: id },
    province: { code, th, en },
    address: { th: '-', en: '-' },
    lat: 13.7,
    lng: 100.5,
    phone: '02-000-0000',
    hours: { th: '-', en: '-' },
  }) satisfies CompanyLocation;

const LIST = [
  at('a', '10', 'กรุงเทพมหานคร', 'Bangkok', 'office'),
  at('b', '50', 'เชียงใหม่', 'Chiang Mai'),
  at('c', '10', 'กรุงเทพมหานคร', 'Bangkok'),
  at('d', '83', 'ภูเก็ต', 'Phuket'),
];

describe('the map list', () => {
  it('filters by province and by kind, keeping the configured order', () => {
    expect(filterLocations(LIST, { province: '10' }).map((l) => l.id)).toEqual(['a', 'c']);
    expect(filterLocations(LIST, { province: '10', kind: 'pickup' }).map((l) => l.id)).toEqual(['c']);
    expect(filterLocations(LIST, {}).map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterLocations(LIST, { province: '99' })).toEqual([]);
  });

  it('offers each province once with its count, sorted in the reader’s language', () => {
    expect(provinceOptions(LIST, 'en')).toEqual([
      { value: '10', label: 'Bangkok', count: 2 },
      { value: '50', label: 'Chiang Mai', count: 1 },
      { value: '83', label: 'Phuket', count: 1 },
    ]);
    expect(provinceOptions(LIST, 'th').map((o) => o.label)).toEqual(['กรุงเทพมหานคร', 'เชียงใหม่', 'ภูเก็ต']);
  });

  it('links directions to the coordinates', () => {
    expect(directionsUrl({ lat: 13.765, lng: 100.569 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=13.765,100.569',
    );
  });
});
