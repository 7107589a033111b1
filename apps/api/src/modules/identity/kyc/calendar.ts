/**
 * The KYC deadline in business days of Asia/Bangkok (UTC+7 all year: no daylight saving).
 * Days are `YYYY-MM-DD` strings of the Bangkok calendar.
 */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export const bangkokDay = (at: Date): string =>
  new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number): string =>
  new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
/** The instant a Bangkok day begins. */
export const bangkokMidnight = (day: string): Date => new Date(dayMs(day) - BANGKOK_OFFSET_MS);

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

/** `31 Oct 2026` */
export function dayEn(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_EN[m - 1]} ${y}`;
}
/** `31 ต.ค. 2569` (Buddhist era) */
export function dayTh(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_TH[m - 1]} ${y + 543}`;
}

export type DeadlinePeriod =
  | { period: 'pre_pending'; daysLeft: number; endsOn: string }
  | { period: 'pending'; daysLeft: number; endsOn: string }
  | { period: 'suspended'; suspendedAt: Date; lastDay: string };

/**
 * Where a member stands on `today`: pre-pending for `pre` days from the day the clock started, then
 * pending for `pending` days, then suspended from the day after. `endsOn` is the first day of the next period.
 */
export function deadlinePeriod(
  anchorDay: string,
  today: string,
  pre: number,
  pending: number,
): DeadlinePeriod {
  const preEnd = addDays(anchorDay, pre);
  const pendingEnd = addDays(preEnd, pending);
  if (today < preEnd) return { period: 'pre_pending', daysLeft: daysBetween(today, preEnd), endsOn: preEnd };
  if (today < pendingEnd)
    return { period: 'pending', daysLeft: daysBetween(today, pendingEnd), endsOn: pendingEnd };
  return { period: 'suspended', suspendedAt: bangkokMidnight(pendingEnd), lastDay: addDays(pendingEnd, -1) };
}

/** The last Bangkok day on which completing KYC avoids suspension. */
export const lastDayBeforeSuspension = (from: Date, pre: number, pending: number): string =>
  addDays(bangkokDay(from), pre + pending - 1);

export interface EntryText {
  message: string;
  messageTh: string;
}

/** The texts of suspension entries (DESIGN 5: "within N days" / "before a date"). */
export function deadlineText(p: DeadlinePeriod): EntryText {
  switch (p.period) {
    case 'pre_pending':
      return {
        message: `Please complete identity and bank verification (KYC) within ${p.daysLeft} days.`,
        messageTh: `กรุณายืนยันตัวตนและบัญชีธนาคาร (KYC) ภายใน ${p.daysLeft} วัน`,
      };
    case 'pending':
      return {
        message: `Please complete identity and bank verification (KYC) before ${dayEn(p.endsOn)} (${p.daysLeft} days left), or your account will be suspended.`,
        messageTh: `กรุณายืนยันตัวตนและบัญชีธนาคาร (KYC) ก่อนวันที่ ${dayTh(p.endsOn)} (เหลืออีก ${p.daysLeft} วัน) มิฉะนั้นบัญชีของคุณจะถูกระงับ`,
      };
    case 'suspended':
      return {
        message: `Your account is suspended because identity and bank verification (KYC) was not completed by ${dayEn(p.lastDay)}. Complete KYC to restore it.`,
        messageTh: `บัญชีของคุณถูกระงับ เนื่องจากไม่ได้ยืนยันตัวตนและบัญชีธนาคาร (KYC) ภายในวันที่ ${dayTh(p.lastDay)} กรุณายืนยัน KYC เพื่อเปิดใช้งานอีกครั้ง`,
      };
  }
}

export const CANCELLED_TEXT: EntryText = {
  message: 'Your identity and bank account are verified: the KYC deadline no longer applies.',
  messageTh: 'ยืนยันตัวตนและบัญชีธนาคารเรียบร้อยแล้ว ไม่มีกำหนดเวลายืนยัน KYC อีกต่อไป',
};
