import { z } from 'zod';

const int = z.number().int();

export const countrySchema = z.object({
  id: int,
  code: z.string(),
  alpha3: z.string(),
  name_th: z.string(),
  name_en: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const provinceSchema = z.object({ id: int, code: int, name_th: z.string(), name_en: z.string() });
export type Province = z.infer<typeof provinceSchema>;
export const districtSchema = z.object({
  id: int,
  code: int,
  province_id: int,
  name_th: z.string(),
  name_en: z.string(),
});
export type District = z.infer<typeof districtSchema>;
export const subdistrictSchema = z.object({
  id: int,
  code: int,
  district_id: int,
  name_th: z.string(),
  name_en: z.string(),
  post_code: z.string(),
});
export type Subdistrict = z.infer<typeof subdistrictSchema>;
/** Page sizes the specification fixes for the lists. */
export const PAGE_SIZE = { countries: 200, provinces: 300, districts: 300, subdistricts: 300 } as const;
