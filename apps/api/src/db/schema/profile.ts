import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './identity';
import { members } from './network';
import { countries, districts, provinces, subdistricts } from './reference';

const ITEM_STATUSES = sql.raw(`('draft','waiting_for_review','in_progress_review','success','fail')`);
const KYC_STATUSES = sql.raw(
  `('draft','incomplete_documents','incomplete_information','waiting_for_review','in_progress_review','success','fail')`,
);

/** An uploaded document. The file lives in storage under `storage_key`; `file_name` is display text only. */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title'),
    description: text('description'),
    note: text('note'),
    status: text('status').notNull().default('draft'),
    reason: text('reason'),
    /** The part of the KYC this document was submitted under; set on submit. */
    reviewTarget: text('review_target'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('documents_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('documents_storage_key').on(t.storageKey),
    check(
      'documents_type_check',
      sql`${t.type} in ('register_document','government_id','passport','books_bank','other')`,
    ),
    check('documents_status_check', sql`${t.status} in ${ITEM_STATUSES}`),
    check(
      'documents_target_check',
      sql`${t.reviewTarget} is null or ${t.reviewTarget} in ('identity','bank')`,
    ),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    accountNo: text('account_no').notNull(),
    accountName: text('account_name').notNull(),
    accountType: text('account_type').notNull(),
    branch: text('branch'),
    status: text('status').notNull().default('draft'),
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId),
    check('bank_accounts_no_check', sql`${t.accountNo} ~ '^[0-9]{10,15}$'`),
    check('bank_accounts_type_check', sql`${t.accountType} in ('savings','fixed','current')`),
    check('bank_accounts_status_check', sql`${t.status} in ${ITEM_STATUSES}`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    number: text('number').notNull(),
    building: text('building'),
    alley: text('alley'),
    street: text('street'),
    subdistrictId: integer('subdistrict_id').references(() => subdistricts.id),
    districtId: integer('district_id').references(() => districts.id),
    provinceId: integer('province_id').references(() => provinces.id),
    subdistrictName: text('subdistrict_name'),
    districtName: text('district_name'),
    provinceName: text('province_name'),
    postCode: text('post_code'),
    telephone: text('telephone'),
    countryId: integer('country_id')
      .notNull()
      .default(764)
      .references(() => countries.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.type),
    // One home address; among shipping addresses exactly one default (kept by the service in one transaction).
    uniqueIndex('addresses_one_home')
      .on(t.userId)
      .where(sql`${t.type} = 'home'`),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.type} = 'shipping' and ${t.isDefault}`),
    check('addresses_type_check', sql`${t.type} in ('home','shipping')`),
    check('addresses_default_check', sql`${t.type} = 'shipping' or not ${t.isDefault}`),
  ],
);

/**
 * A member's KYC: the member-level status and each part's. A member without a row has given
 * nothing yet (draft). `deadline_from` starts the KYC deadline clock; null means the registration.
 */
export const memberKyc = pgTable(
  'member_kyc',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    identityStatus: text('identity_status').notNull().default('draft'),
    bankStatus: text('bank_status').notNull().default('draft'),
    identityReason: text('identity_reason'),
    bankReason: text('bank_reason'),
    submittedAt: ts('submitted_at'),
    reviewStartedAt: ts('review_started_at'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: ts('decided_at'),
    deadlineFrom: ts('deadline_from'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_kyc_status_idx').on(t.status, t.submittedAt),
    check('member_kyc_status_check', sql`${t.status} in ${KYC_STATUSES}`),
    check('member_kyc_identity_check', sql`${t.identityStatus} in ${ITEM_STATUSES}`),
    check('member_kyc_bank_check', sql`${t.bankStatus} in ${ITEM_STATUSES}`),
  ],
);

/** Every KYC decision and submission: who, when, what. Append-only. */
export const kycAudit = pgTable(
  'kyc_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    target: text('target'),
    reason: text('reason'),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('kyc_audit_member_idx').on(t.memberId, t.createdAt),
    check('kyc_audit_action_check', sql`${t.action} in ('submit','start','approve','reject')`),
    check('kyc_audit_target_check', sql`${t.target} is null or ${t.target} in ('identity','bank')`),
  ],
);
