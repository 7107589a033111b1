/**
 * A member's suspension entries and what they mean, without zod: the portal's route guard needs
 * them in its first script, which should not carry the schema library. Re-exported by identity.ts.
 */
export const SUSPENSION_PERIODS = ['pre_pending', 'pending', 'suspended', 'cancelled'] as const;
export const SUSPENSION_STATUSES = ['warning', 'active', 'done', 'cancelled'] as const;

export interface SuspensionEntry {
  id: number;
  period: (typeof SUSPENSION_PERIODS)[number];
  status: (typeof SUSPENSION_STATUSES)[number];
  days_left: number | null;
  suspended_at: string | null;
  message: string;
  message_th: string;
  created_at: string;
}

/** A member is suspended when the first (newest) suspension entry is active or done. */
export function isSuspended(entries: readonly Pick<SuspensionEntry, 'status'>[] | null | undefined): boolean {
  const first = entries?.[0];
  return first?.status === 'active' || first?.status === 'done';
}

/**
 * What a suspension leaves reachable (decision 012): `kyc` also reaches the profile's documents,
 * bank and KYC sections, since finishing KYC is the way out. Every suspension entry today is the KYC
 * deadline's, so a suspended member is suspended for KYC; another kind of suspension would be `other`.
 */
export type SuspensionKind = 'none' | 'kyc' | 'other';
export function suspensionKind(
  entries: readonly Pick<SuspensionEntry, 'status' | 'period'>[] | null | undefined,
): SuspensionKind {
  if (!isSuspended(entries)) return 'none';
  return SUSPENSION_PERIODS.includes(entries![0]!.period) ? 'kyc' : 'other';
}
