import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './identity';

/**
 * A network member. The referrer (sponsor) tree and the placement (binary) tree are separate:
 * `referrer_member_id` is who invited them, `placement_parent_id` + `side` is where they sit.
 */
export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberUuid: uuid('member_uuid').notNull().defaultRandom(),
    memberCode: text('member_code').notNull(),
    referrerMemberId: bigint('referrer_member_id', { mode: 'number' }).references(
      (): AnyPgColumn => members.id,
    ),
    placementParentId: bigint('placement_parent_id', { mode: 'number' }).references(
      (): AnyPgColumn => members.id,
    ),
    side: text('side'),
    placedAt: ts('placed_at'),
    /** Levels below the top of the tree; null until placed. */
    depth: integer('depth'),
    /**
     * A skip pointer to an ancestor (Myers' jump pointers): following jumps where they do not
     * overshoot finds any ancestor in O(log depth) steps, so "is X in my downline" stays cheap at
     * depths in the thousands. Null for the top and the unplaced.
     */
    jumpId: bigint('jump_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
    leftTeam: integer('left_team').notNull().default(0),
    rightTeam: integer('right_team').notNull().default(0),
    point: numeric('point', { precision: 14, scale: 2 }).notNull().default('0'),
    package: text('package'),
    businessTitle: text('business_title'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_user_key').on(t.userId),
    uniqueIndex('members_code_key').on(t.memberCode),
    uniqueIndex('members_uuid_key').on(t.memberUuid),
    unique('members_slot_key').on(t.placementParentId, t.side),
    index('members_referrer_idx').on(t.referrerMemberId),
    index('members_waiting_idx')
      .on(t.referrerMemberId)
      .where(sql`${t.depth} is null`),
    index('members_placed_at_idx').on(t.placedAt),
    check('members_side_check', sql`${t.side} is null or ${t.side} in ('left','right')`),
    check('members_slot_pair_check', sql`(${t.placementParentId} is null) = (${t.side} is null)`),
  ],
);

/** Newest first decides suspension: active or done means suspended. */
export const suspensionEntries = pgTable(
  'suspension_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    status: text('status').notNull(),
    daysLeft: integer('days_left'),
    suspendedAt: ts('suspended_at'),
    message: text('message').notNull(),
    messageTh: text('message_th').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('suspension_entries_member_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    check('suspension_period_check', sql`${t.period} in ('pre_pending','pending','suspended','cancelled')`),
    check('suspension_status_check', sql`${t.status} in ('warning','active','done','cancelled')`),
  ],
);
