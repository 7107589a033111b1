import { THAILAND_ID, type Address } from './profile.ts';

const isBangkok = (a: Address) => a.province?.name_en === 'Bangkok' || a.province?.name_th === 'กรุงเทพมหานคร';

/**
 * The address as one line, the way Thai (or English) envelopes write it: in Thai, Bangkok's แขวง and
 * เขต, elsewhere ตำบล, อำเภอ and จังหวัด, with the house number, village or building, soi and road
 * before them and the post code last. The portal's address book and the WHT certificate (50 ทวิ) print it.
 */
export function formatAddress(a: Address, lang: 'th' | 'en'): string {
  const pick = (p: Address['province'], fallback: string | null) =>
    p ? (lang === 'th' ? p.name_th : p.name_en) || p.name_th : (fallback ?? '');
  const sub = pick(a.subdistrict, a.subdistrict_name);
  const dist = pick(a.district, a.district_name);
  const prov = pick(a.province, a.province_name);
  const parts: string[] = [a.number];
  if (lang === 'th') {
    const bkk = isBangkok(a);
    if (a.building) parts.push(a.building);
    if (a.alley) parts.push(`ซอย${a.alley.replace(/^ซอย\s*/, '')}`);
    if (a.street) parts.push(`ถนน${a.street.replace(/^ถนน\s*/, '')}`);
    if (sub) parts.push(`${bkk ? 'แขวง' : 'ตำบล'}${sub}`);
    if (dist) parts.push(`${bkk ? 'เขต' : 'อำเภอ'}${dist}`);
    if (prov) parts.push(bkk || a.country.id !== THAILAND_ID ? prov : `จังหวัด${prov}`);
  } else {
    for (const part of [a.building, a.alley ? `Soi ${a.alley}` : null, a.street, sub, dist, prov])
      if (part) parts.push(part);
  }
  if (a.post_code) parts.push(a.post_code);
  if (a.country.id !== THAILAND_ID) parts.push(lang === 'th' ? a.country.name_th : a.country.name_en);
  return parts.join(lang === 'th' ? ' ' : ', ').replace(/, (\d{5})$/, ' $1');
}
