import { describe, expect, it } from 'vitest';
import type { Address } from '@portal/contracts/profile';
import {
  addressBodyOf,
  cascadeReady,
  changeCascade,
  EMPTY_CASCADE,
  formatAddress,
  formValuesOf,
  isConsistent,
  missingCascade,
  placeMatches,
  placeOptions,
  type CascadeState,
} from './address-cascade';

const SUBS = [
  { id: 1, post_code: '10200' },
  { id: 2, post_code: '10300' },
];

const chosen: CascadeState = { provinceId: 1, districtId: 10, subdistrictId: 1, postCode: '10200' };

describe('address cascade', () => {
  it('fills the post code from the chosen sub-district', () => {
    const s = changeCascade(
      { ...EMPTY_CASCADE, provinceId: 1, districtId: 10 },
      {
        level: 'subdistrict',
        id: 2,
        subdistricts: SUBS,
      },
    );
    expect(s).toEqual({ provinceId: 1, districtId: 10, subdistrictId: 2, postCode: '10300' });
  });

  it('leaves the post code empty for a sub-district it does not know', () => {
    const s = changeCascade(chosen, { level: 'subdistrict', id: 99, subdistricts: SUBS });
    expect(s.postCode).toBe('');
    expect(s.subdistrictId).toBe(99);
  });

  it('clears district, sub-district and post code when the province changes', () => {
    expect(changeCascade(chosen, { level: 'province', id: 2 })).toEqual({
      provinceId: 2,
      districtId: null,
      subdistrictId: null,
      postCode: '',
    });
  });

  it('clears sub-district and post code when the district changes, keeping the province', () => {
    expect(changeCascade(chosen, { level: 'district', id: 11 })).toEqual({
      provinceId: 1,
      districtId: 11,
      subdistrictId: null,
      postCode: '',
    });
  });

  it('keeps everything when the same choice is made again', () => {
    expect(changeCascade(chosen, { level: 'province', id: 1 })).toBe(chosen);
    expect(changeCascade(chosen, { level: 'district', id: 10 })).toBe(chosen);
    expect(changeCascade(chosen, { level: 'subdistrict', id: 1, subdistricts: SUBS })).toBe(chosen);
  });

  it('clears everything below when a choice is cleared', () => {
    expect(changeCascade(chosen, { level: 'province', id: null })).toEqual(EMPTY_CASCADE);
  });

  it('loads a list only once the level above is chosen', () => {
    expect(cascadeReady(EMPTY_CASCADE)).toEqual({ districts: false, subdistricts: false });
    expect(cascadeReady({ ...EMPTY_CASCADE, provinceId: 1 })).toEqual({
      districts: true,
      subdistricts: false,
    });
    expect(cascadeReady(chosen)).toEqual({ districts: true, subdistricts: true });
  });

  it('tells what is still missing', () => {
    expect(missingCascade(EMPTY_CASCADE)).toEqual(['province', 'district', 'subdistrict']);
    expect(missingCascade({ ...EMPTY_CASCADE, provinceId: 1 })).toEqual(['district', 'subdistrict']);
    expect(missingCascade(chosen)).toEqual([]);
  });

  it('checks a choice against the loaded lists', () => {
    const districts = [{ id: 10, province_id: 1 }];
    const subdistricts = [{ id: 1, district_id: 10 }];
    expect(isConsistent(chosen, { districts, subdistricts })).toBe(true);
    expect(isConsistent({ ...chosen, provinceId: 2 }, { districts, subdistricts })).toBe(false);
    expect(isConsistent({ ...chosen, subdistrictId: 5 }, { districts, subdistricts })).toBe(false);
  });
});

describe('place options and search', () => {
  const places = [
    { id: 1, name_th: 'กรุงเทพมหานคร', name_en: 'Bangkok' },
    { id: 39, name_th: 'เชียงใหม่', name_en: 'Chiang Mai' },
    { id: 2, name_th: 'สมุทรปราการ', name_en: 'Samut Prakarn' },
  ];

  it('labels in the reader language, sorted in its order', () => {
    expect(placeOptions(places, 'en').map((o) => o.label)).toEqual([
      'Bangkok',
      'Chiang Mai',
      'Samut Prakarn',
    ]);
    expect(placeOptions(places, 'th').map((o) => o.value)).toEqual(['1', '39', '2']);
    expect(placeOptions(undefined, 'th')).toEqual([]);
  });

  it('finds a place by its Thai or English name, with or without a prefix', () => {
    expect(placeMatches(places[1]!, 'chiang')).toBe(true);
    expect(placeMatches(places[1]!, 'เชียง')).toBe(true);
    expect(placeMatches(places[1]!, 'จังหวัดเชียงใหม่')).toBe(true);
    expect(placeMatches(places[1]!, 'CHIANGMAI')).toBe(true);
    expect(placeMatches(places[0]!, 'เชียง')).toBe(false);
    expect(placeMatches(places[0]!, '  ')).toBe(true);
  });
});

const address = (over: Partial<Address> = {}): Address => ({
  id: 5,
  type: 'home',
  is_default: false,
  number: '12/3',
  building: 'หมู่บ้านสุขใจ',
  alley: '5',
  street: 'พหลโยธิน',
  subdistrict: { id: 1, name_th: 'พระบรมมหาราชวัง', name_en: 'Phra Borom Maha Ratchawang' },
  district: { id: 1, name_th: 'พระนคร', name_en: 'Phra Nakhon' },
  province: { id: 1, name_th: 'กรุงเทพมหานคร', name_en: 'Bangkok' },
  subdistrict_name: null,
  district_name: null,
  province_name: null,
  post_code: '10200',
  telephone: '021234567',
  country: { id: 764, code: 'TH', name_th: 'ไทย', name_en: 'Thailand' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('address form', () => {
  it('starts from an address and sends the Thai body back', () => {
    const values = formValuesOf(address());
    expect(values.cascade).toEqual({ provinceId: 1, districtId: 1, subdistrictId: 1, postCode: '10200' });
    expect(addressBodyOf('home', { ...values, building: '  ', number: ' 12/3 ' })).toEqual({
      type: 'home',
      number: '12/3',
      building: null,
      alley: '5',
      street: 'พหลโยธิน',
      telephone: '021234567',
      province_id: 1,
      district_id: 1,
      subdistrict_id: 1,
      post_code: '10200',
      country_id: 764,
    });
  });

  it('sends is_default for shipping addresses only', () => {
    const values = { ...formValuesOf(null), is_default: true };
    expect(addressBodyOf('shipping', values).is_default).toBe(true);
    expect('is_default' in addressBodyOf('home', values)).toBe(false);
  });

  it('writes Bangkok with แขวง/เขต and other provinces with ตำบล/อำเภอ/จังหวัด', () => {
    expect(formatAddress(address(), 'th')).toBe(
      '12/3 หมู่บ้านสุขใจ ซอย5 ถนนพหลโยธิน แขวงพระบรมมหาราชวัง เขตพระนคร กรุงเทพมหานคร 10200',
    );
    const cm = address({
      building: null,
      alley: null,
      street: null,
      subdistrict: { id: 9, name_th: 'ศรีภูมิ', name_en: 'Si Phum' },
      district: { id: 9, name_th: 'เมืองเชียงใหม่', name_en: 'Mueang Chiang Mai' },
      province: { id: 39, name_th: 'เชียงใหม่', name_en: 'Chiang Mai' },
      post_code: '50200',
    });
    expect(formatAddress(cm, 'th')).toBe('12/3 ตำบลศรีภูมิ อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50200');
    expect(formatAddress(cm, 'en')).toBe('12/3, Si Phum, Mueang Chiang Mai, Chiang Mai 50200');
  });
});
