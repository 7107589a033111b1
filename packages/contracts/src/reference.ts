export interface Country {
  id: number;
  code: string;
  alpha3: string;
  name_th: string;
  name_en: string;
}
export interface Province {
  id: number;
  code: number;
  name_th: string;
  name_en: string;
}
export interface District {
  id: number;
  code: number;
  province_id: number;
  name_th: string;
  name_en: string;
}
export interface Subdistrict {
  id: number;
  code: number;
  district_id: number;
  name_th: string;
  name_en: string;
  post_code: string;
}
/** Page sizes the specification fixes for the lists. */
export const PAGE_SIZE = { countries: 200, provinces: 300, districts: 300, subdistricts: 300 } as const;
