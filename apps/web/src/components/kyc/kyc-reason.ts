import type { TFunction } from 'i18next';
import { KYC_REJECT_REASONS, type KycRejectReason } from '@portal/contracts/kyc';

/** A rejection reason as the API sends it: the stored text, and its key and note when from the list. */
export interface ReasonOf {
  reason: string | null;
  reason_key?: KycRejectReason | null;
  reason_note?: string | null;
}

const KNOWN = new Set<string>(KYC_REJECT_REASONS);

/**
 * Why staff rejected a part of a KYC, in the reader's language: a reason from the staff's list in
 * Thai or English with the staff's note after it; a reason written in full (or one this portal does
 * not know yet) as written. Null when there is none.
 */
export function kycReasonText(t: TFunction<'profile'>, r: ReasonOf): string | null {
  if (!r.reason) return null;
  const key = r.reason_key;
  if (!key || !KNOWN.has(key)) return r.reason;
  const text = t(`kycReasons.${key}`, { defaultValue: r.reason });
  return r.reason_note ? `${text} — ${r.reason_note}` : text;
}
