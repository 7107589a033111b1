import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    gender: text('gender').notNull().default('male'),
    isActive: boolean('is_active').notNull().default(true),
    type: text('type').notNull().default('member'),
    invitationCode: text('invitation_code').notNull(),
    isVerifiesEmail: boolean('is_verifies_email').notNull().default(false),
    isVerifiesMobile: boolean('is_verifies_mobile').notNull().default(false),
    isVerifiesIdentity: boolean('is_verifies_identity').notNull().default(false),
    isVerifiesBank: boolean('is_verifies_bank').notNull().default(false),
    mobileVerifiedAt: ts('mobile_verified_at'),
    emailVerifiedAt: ts('email_verified_at'),
    identityType: text('identity_type'),
    identityValue: text('identity_value'),
    countryId: integer('country_id').notNull().default(764),
    isSync: boolean('is_sync').notNull().default(false),
    authenTypeDefault: text('authen_type_default').notNull().default('mobile'),
    language: text('language').notNull().default('th'),
    /** Also send notifications by e-mail / SMS (the portal always shows them). */
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    avatarOriginal: text('avatar_original'),
    avatarThumbnail: text('avatar_thumbnail'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /**
     * When the member's account was closed at their request and their personal data erased (issue
     * 22, item 5; decision 044): the row stays as an anonymous node of the tree and its ledger.
     */
    closedAt: ts('closed_at'),
    /** Access tokens issued before this stop working (logout everywhere, deactivation, a change of standing). */
    tokensValidAfter: ts('tokens_valid_after'),
    /** What member search matches: name, mobile and e-mail, lower-cased (trigram-indexed). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || mobile || ' ' || email)`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_invitation_code_key').on(t.invitationCode),
    check('users_gender_check', sql`${t.gender} in ('male','female')`),
    check('users_type_check', sql`${t.type} in ('member','staff','admin')`),
    check('users_language_check', sql`${t.language} in ('th','en')`),
    index('users_tokens_valid_after_idx')
      .on(t.tokensValidAfter)
      .where(sql`${t.tokensValidAfter} is not null`),
  ],
);

/** One row per issued refresh token; rotation links tokens of one sign-in by family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    clientId: text('client_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

/**
 * Consecutive failed sign-ins of an account from every address (issue 19, item 6; decision 013).
 * `account` is `user:<id>`, or `id:<sha256 of the identifier>` for an identifier no account has, so
 * that both are counted and answered alike. A sign-in that succeeds and a new password delete it.
 */
export const signInFailures = pgTable('sign_in_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailedAt: ts('last_failed_at').notNull().defaultNow(),
});

/**
 * Browsers that signed in to an account: the SHA-256 of the token in their `portal_device` cookie.
 * Past the ceiling of failed sign-ins, a password is still taken from them (decision 013).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('known_devices_user_idx').on(t.userId)],
);

/**
 * One verification model for every purpose (onboarding, reset-password, change-email, change-mobile):
 * an OTP code and, for links, a token; both stored hashed.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash'),
    tokenHash: text('token_hash'),
    refCode: text('ref_code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    killedAt: ts('killed_at'),
  },
  (t) => [
    uniqueIndex('verifications_token_key').on(t.tokenHash),
    index('verifications_target_idx').on(t.target, t.purpose, t.createdAt),
    check('verifications_channel_check', sql`${t.channel} in ('sms','email')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    titleTh: text('title_th').notNull(),
    body: text('body').notNull(),
    bodyTh: text('body_th').notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set once the dispatcher has handled the e-mail / SMS copy (sent, or not wanted). */
    dispatchedAt: ts('dispatched_at'),
    /** The event's key (payout:…, title:…, hold-deadline:…, order-canceled:…): one notice per event. */
    naturalKey: text('natural_key'),
  },
  (t) => [
    uniqueIndex('notifications_natural_key').on(t.naturalKey),
    index('notifications_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);
