import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * Members' personal-data rights (issue 22, item 5; PDPA B.E. 2562; decisions 044 and 045): the
 * consent to the terms and the privacy notice, the copy of one's data, the staff's views of one's
 * documents, and closing the account.
 */

const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });

export const LEGAL_DOCUMENT_KINDS = ['terms', 'privacy'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

/**
 * The versions in force of the documents a member accepts, and the date each took effect (the
 * portal's pages show them). A new version here asks every member again at their next sign-in
 * (decision 045).
 */
export const LEGAL_DOCUMENTS: Record<LegalDocumentKind, { version: string; effective: string }> = {
  terms: { version: '1', effective: '2026-11-01' },
  privacy: { version: '2', effective: '2026-11-26' },
};

/** GET /member/v1/me/consents: each document in force, what the member last accepted, and whether to ask. */
export const consentStateSchema = z.object({
  document: z.enum(LEGAL_DOCUMENT_KINDS),
  version: z.string(),
  effective: z.string().meta({ description: 'YYYY-MM-DD' }),
  accepted_version: z.string().nullable(),
  accepted_at: instant.nullable(),
  /** The member has not accepted this version yet: the portal asks at sign-in. */
  due: z.boolean(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;
export const consentsSchema = z.array(consentStateSchema);

/** POST /member/v1/me/consents: the member accepts the version the portal showed. */
export const consentBody = z.strictObject({
  document: z.enum(LEGAL_DOCUMENT_KINDS),
  version: z.string().trim().min(1, MSG.required).max(20),
});
export type ConsentBody = z.input<typeof consentBody>;

export const DOCUMENT_VIEW_ACTIONS = ['case', 'file'] as const;

/** GET /member/v1/me/document-views: who of the staff saw which of the member's documents, when. */
export const documentViewSchema = z.object({
  id: z.number().int(),
  /** Null once the document was deleted; the type stays. */
  document_id: z.number().int().nullable(),
  document_type: z.string(),
  /** `case`: the document was listed in the KYC case staff opened; `file`: its file was downloaded. */
  action: z.enum(DOCUMENT_VIEW_ACTIONS),
  /** The staff member's first name and the first letter of the last, or null for a partner system. */
  viewer: z.string().nullable(),
  viewed_at: instant,
});
export type DocumentView = z.infer<typeof documentViewSchema>;

export const CLOSURE_STATES = ['pending', 'approved', 'rejected'] as const;
export type ClosureState = (typeof CLOSURE_STATES)[number];

/** The closure request's fields, as the portal's form checks them. */
export const closureRequestFields = z.strictObject({ reason: z.string().trim().max(500).optional() });

/** POST /member/v1/me/closure-request: the body may be left out. */
export const closureRequestBody = closureRequestFields
  .nullish()
  .transform((b) => ({ reason: b?.reason ? b.reason : null }));
export type ClosureRequestBody = z.input<typeof closureRequestBody>;

export const closureRequestSchema = z.object({
  id: z.number().int(),
  state: z.enum(CLOSURE_STATES),
  reason: z.string().nullable(),
  requested_at: instant,
  decided_at: instant.nullable(),
  /** Why staff refused, shown to the member. */
  decision_note: z.string().nullable(),
});
export type ClosureRequest = z.infer<typeof closureRequestSchema>;

/** GET /staff/v1/closure-requests?state=&page=&per_page= */
export const closureQueueQuery = z.object({
  state: z.enum([...CLOSURE_STATES, 'all']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClosureQueueQuery = z.input<typeof closureQueueQuery>;

export const staffClosureRequestSchema = closureRequestSchema.extend({
  user_id: z.number().int(),
  member_code: z.string().nullable(),
  /** The member's name while the account is open; "" once erased. */
  name: z.string(),
  decided_by: z.string().nullable(),
});
export type StaffClosureRequest = z.infer<typeof staffClosureRequestSchema>;

export const closureApproveBody = z
  .strictObject({ note: z.string().trim().max(500).optional() })
  .nullish()
  .transform((b) => ({ note: b?.note ? b.note : null }));
export const closureRejectBody = z.strictObject({
  reason: z.string({ message: MSG.required }).trim().min(1, MSG.required).max(500),
});
export type ClosureRejectBody = z.input<typeof closureRejectBody>;
