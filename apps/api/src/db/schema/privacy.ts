import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './identity';
import { documents } from './profile';

/**
 * Members' personal-data rights (issue 22, item 5; PDPA B.E. 2562). Decision 044 says which law
 * each table answers.
 */

/**
 * Every acceptance of a legal document: the terms or the privacy notice, which version, when and
 * from which address (PDPA section 19: consent is recorded). Append-only; the newest row per
 * document is what the member last accepted.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    version: text('version').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
    ip: text('ip'),
    /** `registration`, or `sign-in` for a member asked again after the document changed. */
    source: text('source').notNull(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.document, t.acceptedAt),
    check('consents_document_check', sql`${t.document} in ('terms','privacy')`),
    check('consents_source_check', sql`${t.source} in ('registration','sign-in')`),
  ],
);

/**
 * Each time staff saw a member's document: the KYC case that lists it (`case`) or its file
 * (`file`). The document's type is copied in, so the line keeps its meaning after the file is
 * erased. Append-only.
 */
export const documentViews = pgTable(
  'document_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose document it is. */
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id, {
      onDelete: 'set null',
    }),
    documentType: text('document_type').notNull(),
    /** The staff user; null for an application client reading the queue (no person). */
    staffUserId: bigint('staff_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The application client when no person signed in. */
    clientId: text('client_id'),
    action: text('action').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('document_views_owner_idx').on(t.ownerUserId, t.viewedAt.desc(), t.id.desc()),
    check('document_views_action_check', sql`${t.action} in ('case','file')`),
  ],
);

/**
 * A member's request to close their account (PDPA section 33: erasure). Staff approve (the personal
 * data is erased or replaced in the same transaction) or reject with a reason. One open request per
 * member.
 */
export const closureRequests = pgTable(
  'closure_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member code when asked: staff still know whose request it was after the erasure. */
    memberCode: text('member_code'),
    reason: text('reason'),
    state: text('state').notNull().default('pending'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: ts('decided_at'),
    /** Why staff rejected it (shown to the member), or a note on the approval. */
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('closure_requests_one_open')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index('closure_requests_state_idx').on(t.state, t.requestedAt),
    index('closure_requests_user_idx').on(t.userId, t.requestedAt),
    check('closure_requests_state_check', sql`${t.state} in ('pending','approved','rejected')`),
  ],
);
