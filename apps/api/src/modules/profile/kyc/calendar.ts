import { addDays, bangkokDate, daysBetween, startOfBangkokDay } from '@portal/plan/dates';
import { dayText } from '../../../lib/day-text';

/**
 * The KYC deadline in business days of Asia/Bangkok (UTC+7 all year: no daylight saving).
 * Days are `YYYY-MM-DD` strings of the Bangkok calendar.
 */

const dayEn = (day: string) => dayText(day).en;
const dayTh = (day: string) => dayText(day).th;

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
  return {
    period: 'suspended',
    suspendedAt: startOfBangkokDay(pendingEnd),
    lastDay: addDays(pendingEnd, -1),
  };
}

/** The last Bangkok day on which completing KYC avoids suspension. */
export const lastDayBeforeSuspension = (from: Date, pre: number, pending: number): string =>
  addDays(bangkokDate(from), pre + pending - 1);

export interface EntryText {
  message: string;
  messageTh: string;
}

/** The texts of suspension entries ("within N days" / "before a date"; README, First start step 5). */
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
