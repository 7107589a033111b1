import { z } from 'zod';
import { BANK_ACCOUNT_TYPES, BANK_CODES, type Bank, normaliseAccountNo } from './banks.ts';
import { updateMeBody } from './identity.ts';
import { int32Id } from './ids.ts';
import { MSG } from './messages.ts';
import { cleanText, optionalText, personName } from './text.ts';
import { KYC_ITEM_STATUSES, kycReasonFields } from './kyc.ts';

// ---------------------------------------------------------------------------------------------
// Profile: PUT /member/v1/me
// ---------------------------------------------------------------------------------------------

export const IDENTITY_TYPES = ['id_card', 'passport'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

/** A Thai national ID: 13 digits whose last is the check digit of the first twelve. */
export function isThaiNationalId(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/** An ID card number loses its spaces and dashes; a passport number is upper-cased letters and digits. */
export function normaliseIdentityValue(type: IdentityType, raw: string): string | null {
  if (type === 'id_card') {
    const digits = raw.replace(/[\s-]/g, '');
    return isThaiNationalId(digits) ? digits : null;
  }
  const value = raw.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9]{6,20}$/.test(value) ? value : null;
}

export const AVATAR_MAX_PX = 1024;
export const AVATAR_THUMBNAIL_PX = 128;

/**
 * PUT /v1/me: the profile fields, the identity number, and the avatar as a data URL or raw base64
 * (`null` removes it). Verification flags, KYC status and the owner are not fields: sending them is 422.
 * Name, birthday and identity number are locked while KYC is under review and once identity is verified.
 */
export const updateProfileBody = updateMeBody
  .extend({
    identity_type: z.enum(IDENTITY_TYPES).nullable().optional(),
    identity_value: z.string().trim().max(32).nullable().optional(),
    avatar_base64: z.string().max(20_000_000).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.identity_value === undefined && b.identity_type === undefined) return;
    if (b.identity_value === null && (b.identity_type === null || b.identity_type === undefined)) return;
    if (!b.identity_type || !b.identity_value) {
      const path = b.identity_type ? 'identity_value' : 'identity_type';
      ctx.addIssue({ code: 'custom', path: [path], message: MSG.identityPair });
      return;
    }
    if (!normaliseIdentityValue(b.identity_type, b.identity_value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['identity_value'],
        message: b.identity_type === 'id_card' ? MSG.invalidIdCard : MSG.invalidPassport,
      });
    }
  });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** GET /v1/user-avatars?ids=1,2 (a public call) */
export const userAvatarsQuery = z.object({
  ids: z
    .string()
    .max(1200)
    .transform((v, ctx) => {
      const ids = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > 100 || ids.some((s) => !/^\d{1,15}$/.test(s))) {
        ctx.addIssue({ code: 'custom', message: 'ids must be up to 100 user ids separated by commas' });
        return z.NEVER;
      }
      return [...new Set(ids.map(Number))];
    }),
});
export const userAvatarSchema = z.object({
  user_id: z.number().int(),
  thumbnail: z.string().nullable(),
  original: z.string().nullable(),
});
export type UserAvatar = z.infer<typeof userAvatarSchema>;

// ---------------------------------------------------------------------------------------------
// Documents: multipart, /member/v1/me/documents
// ---------------------------------------------------------------------------------------------

export const DOCUMENT_TYPES = [
  'register_document',
  'government_id',
  'passport',
  'books_bank',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** What a document must be, recognised by its bytes. */
export const DOCUMENT_EXTENSIONS = ['png', 'gif', 'jpg', 'jpeg', 'pdf'] as const;
export const DOCUMENT_MIME_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'application/pdf'] as const;
export const MAX_DOCUMENTS = 30;

/** Free text: invisible characters stripped, trimmed, empty becomes null. */
const text = optionalText;

/** The form fields beside `file` on POST /v1/me/documents. */
export const documentFields = z.strictObject({
  type: z.enum(DOCUMENT_TYPES, { message: MSG.invalidDocumentType }),
  title: text(200),
  description: text(2000),
  note: text(2000),
});
/** POST /v1/me/documents/{id} with `_method=PUT` (or PUT): every field optional, `file` too. */
export const documentUpdateFields = documentFields.partial().extend({
  _method: z
    .string()
    .regex(/^(put|patch)$/i, 'Send _method=PUT to update a document')
    .optional(),
});

export const documentFileSchema = z.object({
  /** The sanitised original name, for display only; the stored name is made by the server. */
  name: z.string(),
  mime_type: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int(),
  /** Download (bearer token required): the member's own route, or the staff route in staff answers. */
  url: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const memberDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  title: z.string().nullable(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(KYC_ITEM_STATUSES),
  /** Why staff rejected it (status fail). */
  reason: z.string().nullable(),
  ...kycReasonFields,
  file: documentFileSchema,
  created_at: z.string(),
  updated_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type MemberDocument = z.infer<typeof memberDocumentSchema>;

export const documentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  type: z.enum(DOCUMENT_TYPES).optional(),
});

// ---------------------------------------------------------------------------------------------
// Bank accounts: /member/v1/me/banks
// ---------------------------------------------------------------------------------------------

export const MAX_BANK_ACCOUNTS = 10;

const accountNo = z
  .string({ message: MSG.required })
  .max(40)
  .transform((v, ctx) => {
    const digits = normaliseAccountNo(v);
    if (!digits) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidAccountNo });
      return z.NEVER;
    }
    return digits;
  });

export const bankAccountBody = z.strictObject({
  code: z.enum(BANK_CODES, { message: MSG.invalidBank }),
  account_name: personName(200),
  account_no: accountNo,
  type: z.enum(BANK_ACCOUNT_TYPES, { message: MSG.invalidAccountType }),
  branch: text(200),
});
export type BankAccountBody = z.input<typeof bankAccountBody>;
export const bankAccountUpdateBody = bankAccountBody.partial();

/** A Thai bank (GET /v1/banks); the type is banks.ts `Bank`. */
export const bankSchema = z.object({
  code: z.enum(BANK_CODES),
  bot_code: z.string(),
  name_en: z.string(),
  name_th: z.string(),
  /** Merged banks stay readable on old accounts but cannot be chosen for new ones. */
  selectable: z.boolean(),
}) satisfies z.ZodType<Bank>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  code: z.enum(BANK_CODES),
  bank: bankSchema,
  account_name: z.string(),
  /** Digits only. */
  account_no: z.string(),
  /** Grouped for reading: 123-4-56789-0. */
  account_no_display: z.string(),
  type: z.enum(BANK_ACCOUNT_TYPES),
  branch: z.string().nullable(),
  status: z.enum(KYC_ITEM_STATUSES),
  reason: z.string().nullable(),
  ...kycReasonFields,
  /** The account name is the member's name (titles, spaces and case aside); staff see a warning when not. */
  name_matches: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Addresses: /member/v1/me/addresses
// ---------------------------------------------------------------------------------------------

export const ADDRESS_TYPES = ['home', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const THAILAND_ID = 764;
export const MAX_ADDRESSES = 20;

const phone = z
  .string()
  .max(32)
  .transform((v, ctx) => {
    const digits = v.replace(/[\s\-().]/g, '').replace(/^\+66/, '0');
    if (digits === '') return null;
    if (!/^0\d{8,9}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidTelephone });
      return z.NEVER;
    }
    return digits;
  })
  .nullable()
  .optional();

/**
 * A Thai address (country 764) names its sub-district, district and province by id from
 * GET /v1/subdistricts, /v1/districts, /v1/provinces; the post code fills itself from the
 * sub-district when left out. An address abroad gives the names as text instead.
 */
export const addressBody = z.strictObject({
  type: z.enum(ADDRESS_TYPES, { message: MSG.invalidAddressType }),
  number: cleanText(MSG.required).min(1, MSG.required).max(50),
  building: text(200),
  alley: text(100),
  street: text(100),
  subdistrict_id: int32Id.nullable().optional(),
  district_id: int32Id.nullable().optional(),
  province_id: int32Id.nullable().optional(),
  subdistrict_name: text(100),
  district_name: text(100),
  province_name: text(100),
  post_code: text(12),
  telephone: phone,
  country_id: int32Id.default(THAILAND_ID),
  /** Shipping only: the default shipping address (exactly one is). */
  is_default: z.boolean().optional(),
});
export type AddressBody = z.input<typeof addressBody>;
/** PUT: any subset; the result is checked as a whole. The type cannot change. */
export const addressUpdateBody = addressBody.partial().extend({ country_id: int32Id.optional() });

export const placeSchema = z.object({ id: z.number().int(), name_th: z.string(), name_en: z.string() });
export type Place = z.infer<typeof placeSchema>;

const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });

export const addressSchema = z.object({
  id: z.number().int(),
  type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
  number: z.string(),
  building: z.string().nullable(),
  alley: z.string().nullable(),
  street: z.string().nullable(),
  subdistrict: placeSchema.nullable(),
  district: placeSchema.nullable(),
  province: placeSchema.nullable(),
  /** Names as text for an address abroad (for a Thai address, the Thai names of the places above). */
  subdistrict_name: z.string().nullable(),
  district_name: z.string().nullable(),
  province_name: z.string().nullable(),
  post_code: z.string().nullable(),
  telephone: z.string().nullable(),
  country: z.object({ id: z.number().int(), code: z.string(), name_th: z.string(), name_en: z.string() }),
  created_at: instant,
  updated_at: instant,
});
export type Address = z.infer<typeof addressSchema>;

export const addressListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  type: z.enum(ADDRESS_TYPES).optional(),
});
