/**
 * Money without floats (plan section 0): amounts are integers of satang (0.01 THB) as bigint, rates
 * are exact decimal fractions, and a computed line is rounded half-up once, at the line. The engine
 * computes with these, and the portal shows the plan's figures with the same ones (figures.ts).
 */
export type Satang = bigint;

export interface Rate {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "0.12" → 12/100, exactly. */
export function rate(text: string): Rate {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const den = 10n ** BigInt(frac.length);
  const num = BigInt(m[2]! + frac) * (m[1] ? -1n : 1n);
  return { num, den };
}

/** "1250.5" → 125050n satang; more than two decimals are refused rather than rounded. */
export function satang(text: string | number): Satang {
  const s = typeof text === 'number' ? String(text) : text.trim();
  const m = DECIMAL.exec(s);
  if (!m || (m[3]?.length ?? 0) > 2) throw new Error(`not an amount: ${text}`);
  const sign = m[1] ? -1n : 1n;
  return sign * (BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0')));
}

/** 125050n → "1250.50" (the wire and the numeric column). */
export function baht(value: Satang): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Rounds num/den half-up (away from zero on .5) to an integer. */
export function divHalfUp(num: bigint, den: bigint): bigint {
  if (den < 0n) return divHalfUp(-num, -den);
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const q = (abs * 2n + den) / (2n * den);
  return neg ? -q : q;
}

/** amount × rate, rounded half-up to the satang. */
export function applyRate(amount: Satang, r: Rate): Satang {
  return divHalfUp(amount * r.num, r.den);
}

/** PV × rate × PV_THB as money: e.g. 500 PV × 20% × 1.00 = 100.00. */
export function pvMoney(pv: number | bigint, r: Rate, pvThb: Rate): Satang {
  return divHalfUp(BigInt(pv) * 100n * r.num * pvThb.num, r.den * pvThb.den);
}

export const min = (a: Satang, b: Satang) => (a < b ? a : b);
export const sum = (values: Iterable<Satang>) => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/**
 * A rate as the percent people read, exactly (no float): "0.125" → "12.5", "0.10" → "10",
 * "0.0001" → "0.01". The caller adds the sign ("%") its language writes.
 */
export function percentText(text: string): string {
  const { num, den } = rate(text);
  // den is 10^k; × 100 leaves k − 2 decimals
  const decimals = den.toString().length - 3;
  if (decimals <= 0) return String(num * 10n ** BigInt(-decimals));
  const abs = (num < 0n ? -num : num).toString().padStart(decimals + 1, '0');
  const whole = abs.slice(0, -decimals);
  const frac = abs.slice(-decimals).replace(/0+$/, '');
  return `${num < 0n ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A stored rate ("0.1200", numeric(6,4)) as the plan writes it: "0.12", "0.125", "0.00". */
export function rateText(stored: string): string {
  const [whole, frac = ''] = stored.split('.');
  return `${whole}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
}
