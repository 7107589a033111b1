// The tree's sides, the depth of a downline page and the KYC statuses, without zod: the web's
// organization page takes them without the schemas of network.ts (issue 24).

export const SIDES = ['left', 'right'] as const;
export type Side = (typeof SIDES)[number];

export const MAX_DOWNLINE_DEPTH = 5;
export const DEFAULT_DOWNLINE_DEPTH = 3;

export const KYC_STATUSES = [
  'draft',
  'incomplete_documents',
  'incomplete_information',
  'waiting_for_review',
  'in_progress_review',
  'success',
  'fail',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
