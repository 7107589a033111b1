import type { Address, AddressBody, AddressType } from '@portal/contracts/profile';
import { THAILAND_ID } from '@portal/contracts/profile';
import type { District, Province, Subdistrict } from '@portal/contracts/reference';
import type { Language } from './preferences';

/**
 * The Thai address cascade as pure functions: province → district → sub-district, each list
 * depending on the choice above it, and the post code following the sub-district.
 */
export interface CascadeState {
  provinceId: number | null;
  districtId: number | null;
  subdistrictId: number | null;
  postCode: string;
}

export const EMPTY_CASCADE: CascadeState = {
  provinceId: null,
  districtId: null,
  subdistrictId: null,
  postCode: '',
};

export type CascadeChange =
  | { level: 'province'; id: number | null }
  | { level: 'district'; id: number | null }
  | {
      level: 'subdistrict';
      id: number | null;
      subdistricts: readonly Pick<Subdistrict, 'id' | 'post_code'>[];
    };

/** A new choice clears everything below it; a sub-district fills the post code. */
export function changeCascade(state: CascadeState, change: CascadeChange): CascadeState {
  switch (change.level) {
    case 'province':
      if (change.id === state.provinceId) return state;
      return { ...EMPTY_CASCADE, provinceId: change.id };
    case 'district':
      if (change.id === state.districtId) return state;
      return { ...state, districtId: change.id, subdistrictId: null, postCode: '' };
    case 'subdistrict': {
      if (change.id === state.subdistrictId) return state;
      const found = change.subdistricts.find((s) => s.id === change.id);
      return { ...state, subdistrictId: change.id, postCode: found?.post_code ?? '' };
    }
  }
}

/** Which list may be loaded now: a district list needs a province, a sub-district list a district. */
export function cascadeReady(state: CascadeState) {
  return { districts: state.provinceId !== null, subdistricts: state.districtId !== null };
}

type Named = Pick<Province, 'id' | 'name_th' | 'name_en'>;

/** Select options in the reader's language, in its alphabetical order. */
export function placeOptions(places: readonly Named[] | undefined, lang: Language) {
  const name = (p: Named) => (lang === 'th' ? p.name_th : p.name_en) || p.name_th || p.name_en;
  return [...(places ?? [])]
    .map((p) => ({ value: String(p.id), label: name(p) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang === 'th' ? 'th' : 'en'));
}

/** Search in either language, ignoring case, spaces and the usual Thai prefixes people type. */
export function normaliseSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/^(จังหวัด|จ\.|อำเภอ|อ\.|เขต|ตำบล|ต\.|แขวง)\s*/, '')
    .replace(/\s+/g, '');
}

export function placeMatches(place: Named, query: string): boolean {
  const q = normaliseSearch(query);
  if (!q) return true;
  return normaliseSearch(place.name_th).includes(q) || normaliseSearch(place.name_en).includes(q);
}

/** A value that must be a sub-district of the chosen district, from a loaded list. */
export function isConsistent(
  state: CascadeState,
  lists: {
    districts?: readonly Pick<District, 'id' | 'province_id'>[];
    subdistricts?: readonly Pick<Subdistrict, 'id' | 'district_id'>[];
  },
): boolean {
  if (state.districtId !== null && lists.districts) {
    const d = lists.districts.find((x) => x.id === state.districtId);
    if (!d || d.province_id !== state.provinceId) return false;
  }
  if (state.subdistrictId !== null && lists.subdistricts) {
    const s = lists.subdistricts.find((x) => x.id === state.subdistrictId);
    if (!s || s.district_id !== state.districtId) return false;
  }
  return true;
}

/** What the address form edits. */
export interface AddressFormValues {
  number: string;
  building: string;
  alley: string;
  street: string;
  telephone: string;
  is_default: boolean;
  cascade: CascadeState;
}

export function formValuesOf(address: Address | null | undefined): AddressFormValues {
  return {
    number: address?.number ?? '',
    building: address?.building ?? '',
    alley: address?.alley ?? '',
    street: address?.street ?? '',
    telephone: address?.telephone ?? '',
    is_default: address?.is_default ?? false,
    cascade: address
      ? {
          provinceId: address.province?.id ?? null,
          districtId: address.district?.id ?? null,
          subdistrictId: address.subdistrict?.id ?? null,
          postCode: address.post_code ?? '',
        }
      : EMPTY_CASCADE,
  };
}

/** The body of POST/PUT /v1/me/addresses for a Thai address. */
export function addressBodyOf(type: AddressType, v: AddressFormValues): AddressBody {
  return {
    type,
    number: v.number.trim(),
    building: v.building.trim() || null,
    alley: v.alley.trim() || null,
    street: v.street.trim() || null,
    telephone: v.telephone.trim() || null,
    province_id: v.cascade.provinceId,
    district_id: v.cascade.districtId,
    subdistrict_id: v.cascade.subdistrictId,
    post_code: v.cascade.postCode || null,
    country_id: THAILAND_ID,
    ...(type === 'shipping' ? { is_default: v.is_default } : {}),
  };
}

/** What is still missing before the form may be sent (the server checks again). */
export function missingCascade(state: CascadeState): ('province' | 'district' | 'subdistrict')[] {
  const missing: ('province' | 'district' | 'subdistrict')[] = [];
  if (state.provinceId === null) missing.push('province');
  if (state.districtId === null) missing.push('district');
  if (state.subdistrictId === null) missing.push('subdistrict');
  return missing;
}

/** The address as one line, the way Thai (or English) envelopes write it (shared with the API's WHT certificate). */
export { formatAddress } from '@portal/contracts/address-text';
