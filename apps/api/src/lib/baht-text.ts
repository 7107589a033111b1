/**
 * An amount of baht in Thai words, as written on tax forms and cheques ("หนึ่งร้อยยี่สิบบาทห้าสิบสตางค์",
 * "สองพันบาทถ้วน"). The amount is a decimal string with two decimals; no float is involved.
 */
const DIGITS = ['', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

function below1e6(digits: string): string {
  let out = '';
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    const d = Number(digits[i]);
    const place = n - i - 1;
    if (d === 0) continue;
    if (place === 1 && d === 1) out += 'สิบ';
    else if (place === 1 && d === 2) out += 'ยี่สิบ';
    else if (place === 0 && d === 1 && n > 1 && digits.slice(0, -1).replace(/0/g, '') !== '') out += 'เอ็ด';
    else out += DIGITS[d]! + PLACES[place]!;
  }
  return out;
}

/** Whole numbers of any size: groups of six digits joined by ล้าน. */
function words(integer: string): string {
  const clean = integer.replace(/^0+/, '');
  if (clean === '') return '';
  if (clean.length <= 6) return below1e6(clean);
  return `${words(clean.slice(0, -6))}ล้าน${below1e6(clean.slice(-6).replace(/^0+/, '') || '0')}`;
}

export function bahtText(amount: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new Error(`not an amount: ${amount}`);
  const [, sign, whole, frac = ''] = m;
  const satang = (frac + '00').slice(0, 2);
  const bahtWords = words(whole!);
  const satangWords = words(satang);
  const body =
    bahtWords === '' && satangWords === ''
      ? 'ศูนย์บาทถ้วน'
      : `${bahtWords ? `${bahtWords}บาท` : ''}${satangWords ? `${satangWords}สตางค์` : 'ถ้วน'}`;
  return sign ? `ลบ${body}` : body;
}
