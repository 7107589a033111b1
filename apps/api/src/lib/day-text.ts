/** How a business date (`YYYY-MM-DD`) reads in the texts the API writes: notices, suspension entries. */

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_TH = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
];

/** "17 Nov 2026" and, in the Buddhist era, "17 พ.ย. 2569". */
export function dayText(date: string): { en: string; th: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { en: `${d} ${MONTHS_EN[m - 1]} ${y}`, th: `${d} ${MONTHS_TH[m - 1]} ${y + 543}` };
}
