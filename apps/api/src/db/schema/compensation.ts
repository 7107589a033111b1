import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './identity';
import { members } from './network';

/**
 * The money side (docs/plan.md, E1 for the ledger). Postings and income lines are append-only rows
 * with natural keys, so every closing and job is an idempotent insert; balances are sums of rows.
 */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** The plan's parameters (section 7), one row per version; a version applies from its date. */
export const planVersions = pgTable('plan_versions', {
  version: serial('version').primaryKey(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  params: jsonb('params').notNull(),
  note: text('note'),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ORDER_TYPES = ['PACKAGE', 'UPGRADE', 'REPURCHASE', 'DROPSHIP'] as const;

/** A shop order as the engine sees it: what was bought, by whom, when it was paid or canceled. */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    /** The buyer; for DROPSHIP the member whose community shop sold it. */
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    orderType: text('order_type').notNull(),
    packageCode: text('package_code'),
    status: text('status').notNull().default('pending_payment'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    holdPoints: boolean('hold_points').notNull().default(false),
    pvTotal: integer('pv_total').notNull().default(0),
    lvpTotal: integer('lvp_total').notNull().default(0),
    subtotal: money('subtotal').notNull().default('0'),
    shippingAmount: money('shipping_amount').notNull().default('0'),
    vatAmount: money('vat_amount').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    lvpUsed: integer('lvp_used').notNull().default(0),
    pointsUsed: money('points_used').notNull().default('0'),
    netAmount: money('net_amount').notNull().default('0'),
    paidAt: ts('paid_at'),
    /** Business date of the payment (Asia/Bangkok): the effective date of everything it posts. */
    paidDate: date('paid_date', { mode: 'string' }),
    canceledAt: ts('canceled_at'),
    canceledDate: date('canceled_date', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_no_key').on(t.orderNo),
    index('orders_member_idx').on(t.memberId, t.paidDate),
    index('orders_paid_date_idx').on(t.paidDate),
    check('orders_type_check', sql`${t.orderType} in ('PACKAGE','UPGRADE','REPURCHASE','DROPSHIP')`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull().default(''),
    qty: integer('qty').notNull(),
    unitPrice: money('unit_price').notNull().default('0'),
    memberPrice: money('member_price').notNull().default('0'),
    retailPrice: money('retail_price').notNull().default('0'),
    /** Community-shop (dropship) orders: the price the member chose for the customer. */
    sellingPrice: money('selling_price'),
    pvPerUnit: integer('pv_per_unit').notNull().default(0),
    lvpPerUnit: integer('lvp_per_unit').notNull().default(0),
  },
  (t) => [uniqueIndex('order_items_line_key').on(t.orderId, t.lineNo)],
);

/**
 * PV as it was paid, released or reversed, posted once at the member it belongs to (never at every
 * ancestor): `personal` counts for activity and MTA; `flows_up` goes to every placement ancestor on
 * the member's side (the closing sums subtrees); `own_side` counts in the member's own leg.
 */
export const volumePostings = pgTable(
  'volume_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    naturalKey: text('natural_key').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    pv: integer('pv').notNull(),
    personal: boolean('personal').notNull(),
    flowsUp: boolean('flows_up').notNull(),
    ownSide: text('own_side'),
    /** Counts toward MTA_MIN_PV (REPURCHASE PV not held, and releases to SELF of REPURCHASE lots). */
    repurchase: boolean('repurchase').notNull().default(false),
    /** ORDER, RELEASE, or REVERSAL of one of those (dated the cancellation). */
    kind: text('kind').notNull(),
    /** What the posting comes from: `order:<id>` or `release:<id>`; a reversal names what it reverses. */
    source: text('source').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('volume_postings_key').on(t.naturalKey),
    index('volume_postings_date_idx').on(t.effectiveDate),
    index('volume_postings_member_idx').on(t.memberId, t.effectiveDate),
    check('volume_postings_side_check', sql`${t.ownSide} is null or ${t.ownSide} in ('left','right')`),
  ],
);

/** LVP (plan 2.3): INCREASE, DECREASE, OTHER with a remark; the balance is their sum. */
export const lvpPostings = pgTable(
  'lvp_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    naturalKey: text('natural_key').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    type: text('type').notNull(),
    points: integer('points').notNull(),
    remark: text('remark').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lvp_postings_key').on(t.naturalKey),
    index('lvp_postings_member_idx').on(t.memberId, t.effectiveDate),
    check('lvp_postings_type_check', sql`${t.type} in ('INCREASE','DECREASE','OTHER')`),
  ],
);

/** The point balance (plan 5.2): the point part of cycle income, spent on orders. */
export const pointPostings = pgTable(
  'point_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    naturalKey: text('natural_key').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** CYCLE (credited by a closing), USE (paid an order), REFUND (a canceled order), OTHER (staff). */
    kind: text('kind').notNull(),
    points: money('points').notNull(),
    remark: text('remark').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_postings_key').on(t.naturalKey),
    index('point_postings_member_idx').on(t.memberId, t.effectiveDate),
  ],
);

/**
 * Income lines (plan 4, 6): WAITING → PAID or VOID. A PAID line never changes; a correction is a
 * negative line with the same key and `correction` set.
 *
 * Stored with fillfactor 50 (migration 0034, decision 050): a payout run marks millions of lines PAID,
 * and each new row version then fits on its own page, a heap-only (HOT) update that touches none of
 * the indexes. So no index may read `state` or `payout_id`: the run finds the WAITING lines by a
 * sequential read, a member's by `income_lines_member_idx`.
 *
 * No foreign keys (migration 0035, decision 050), as `closing_rows` (decision 018): the per-row checks
 * took a row lock on the member and the order of every line, 25 of the 73 s that writing a
 * 1,000,000-member month's 1.47 million MTA lines took. Only the engine and the posting functions
 * write lines, with member and order ids they read in the same transaction, and members and orders
 * are never deleted.
 */
export const incomeLines = pgTable(
  'income_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** The order number, or the closing date for CYCLE. */
    source: text('source').notNull(),
    generation: integer('generation').notNull().default(0),
    correction: boolean('correction').notNull().default(false),
    orderId: bigint('order_id', { mode: 'number' }),
    orderItemId: bigint('order_item_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    /** CYCLE only: the part already credited to the point balance (plan 5.2). */
    pointPart: money('point_part').notNull().default('0'),
    incomeDate: date('income_date', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('WAITING'),
    voidedDate: date('voided_date', { mode: 'string' }),
    payoutId: bigint('payout_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('income_lines_key').on(t.memberId, t.type, t.source, t.generation, t.correction),
    index('income_lines_member_idx').on(t.memberId, t.incomeDate),
    index('income_lines_order_idx').on(t.orderId),
    check('income_lines_type_check', sql`${t.type} in ('CYCLE','REFERRER','CASHBACK','MTA','DROPSHIP')`),
    check('income_lines_state_check', sql`${t.state} in ('WAITING','PAID','VOID')`),
    // A line is voided by a cancellation on a day: the reports date the reversal by it.
    check('income_lines_void_dated_check', sql`${t.state} <> 'VOID' or ${t.voidedDate} is not null`),
  ],
);

/** One row per member and closed day with volume or carry (plan 3.1). */
export const closingRows = pgTable(
  'closing_rows',
  {
    // No foreign key: a closing writes a row for most members every day, and the per-row key check
    // (a share lock on every member row) doubled its time at 1,000,000 members (decision 018).
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    closingDate: date('closing_date', { mode: 'string' }).notNull(),
    carryInLeft: bigint('carry_in_left', { mode: 'number' }).notNull(),
    carryInRight: bigint('carry_in_right', { mode: 'number' }).notNull(),
    newLeft: bigint('new_left', { mode: 'number' }).notNull(),
    newRight: bigint('new_right', { mode: 'number' }).notNull(),
    cycles: integer('cycles').notNull(),
    packageCode: text('package_code'),
    cycleValue: integer('cycle_value').notNull(),
    incomePercent: numeric('income_percent', { precision: 6, scale: 4 }).notNull(),
    maxIncomePerDay: money('max_income_per_day').notNull(),
    gross: money('gross').notNull(),
    paid: money('paid').notNull(),
    flushed: money('flushed').notNull(),
    pointPart: money('point_part').notNull(),
    cashPart: money('cash_part').notNull(),
    carryOutLeft: bigint('carry_out_left', { mode: 'number' }).notNull(),
    carryOutRight: bigint('carry_out_right', { mode: 'number' }).notNull(),
    qualified: boolean('qualified').notNull(),
    reason: text('reason'),
    planVersion: integer('plan_version').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.closingDate] }),
    index('closing_rows_date_idx').on(t.closingDate),
  ],
);

/** Hold lots (plan 5.1): paid PV not yet posted, released by hand or at the deadline. */
export const holdLots = pgTable(
  'hold_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    pvTotal: integer('pv_total').notNull(),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** A cancellation takes the unreleased PV away. */
    canceledDate: date('canceled_date', { mode: 'string' }),
    repurchase: boolean('repurchase').notNull(),
  },
  (t) => [uniqueIndex('hold_lots_order_key').on(t.orderId), index('hold_lots_deadline_idx').on(t.deadline)],
);

export const holdReleases = pgTable(
  'hold_releases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lotId: bigint('lot_id', { mode: 'number' })
      .notNull()
      .references(() => holdLots.id),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    pv: integer('pv').notNull(),
    target: text('target').notNull(),
    auto: boolean('auto').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('hold_releases_lot_idx').on(t.lotId),
    check('hold_releases_target_check', sql`${t.target} in ('SELF','LEFT','RIGHT')`),
    check('hold_releases_pv_check', sql`${t.pv} > 0`),
  ],
);

/** Business titles reached (plan 1.3): one row per title, never demoted. */
export const titleHistory = pgTable(
  'title_history',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    fromTitle: text('from_title').notNull(),
    toTitle: text('to_title').notNull(),
    achievedDate: date('achieved_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.toTitle] })],
);

/** Every closing, MTA month, hold deadline and payout run: who, when, which plan, what it wrote. */
export const engineRuns = pgTable(
  'engine_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    planVersion: integer('plan_version').notNull(),
    status: text('status').notNull(),
    startedBy: text('started_by').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    counts: jsonb('counts').notNull().default({}),
    totals: jsonb('totals').notNull().default({}),
  },
  (t) => [
    uniqueIndex('engine_runs_done_key')
      .on(t.type, t.businessDate)
      .where(sql`${t.status} = 'done'`),
    check('engine_runs_type_check', sql`${t.type} in ('DAILY','MTA','HOLD_DEADLINE','PAYOUT')`),
  ],
);

/** One transfer of a payout run (plan 6). */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    gross: money('gross').notNull(),
    wht: money('wht').notNull(),
    pointPart: money('point_part').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    bankCode: text('bank_code'),
    accountNo: text('account_no'),
    accountName: text('account_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payouts_run_member_key').on(t.runDate, t.memberId)],
);

/**
 * Points per side as a member reads them between closings (plan 10: "current carry L/R (last closing)
 * + today's unclosed new L/R"): recomputed from the ledger by one pass over the tree after every
 * closing and every few minutes (compensation/preview.ts). Only members with a non-zero side.
 */
export const volumePreview = pgTable('volume_preview', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  leftPoints: bigint('left_points', { mode: 'number' }).notNull(),
  rightPoints: bigint('right_points', { mode: 'number' }).notNull(),
  asOf: date('as_of', { mode: 'string' }),
});

/**
 * The members a payout run did not pay and why (plan 6: not payable, no approved bank account on
 * file, nothing to pay, below the minimum transfer): written by the PAYOUT run in its transaction, so staff see who was held back.
 */
export const payoutHolds = pgTable(
  'payout_holds',
  {
    runDate: date('run_date', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    gross: money('gross').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runDate, t.memberId] }),
    check(
      'payout_holds_reason_check',
      sql`${t.reason} in ('NOT_PAYABLE','NO_BANK_ACCOUNT','NOTHING_TO_PAY','BELOW_MINIMUM')`,
    ),
  ],
);

/**
 * What staff did to the engine, append-only: who started a closing, who adjusted a member's LVP or
 * point balance (and why), who created a plan version.
 */
export const engineAudit = pgTable(
  'engine_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    businessDate: date('business_date', { mode: 'string' }),
    detail: jsonb('detail').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('engine_audit_action_idx').on(t.action, t.createdAt),
    index('engine_audit_member_idx').on(t.memberId, t.createdAt),
    check(
      'engine_audit_action_check',
      sql`${t.action} in ('CLOSING_STARTED','LVP_ADJUSTED','POINTS_ADJUSTED','PLAN_VERSION_CREATED')`,
    ),
  ],
);

/**
 * A closing staff started from the portal: it runs after the answer, so the page follows it here
 * (RUNNING, then DONE with the runs it recorded, or FAILED with the rule or error that stopped it).
 */
export const closingRequests = pgTable(
  'closing_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id),
    status: text('status').notNull().default('RUNNING'),
    error: text('error'),
    /** The engine runs it recorded or found done: [{ id, type, already_done }]. */
    runs: jsonb('runs').notNull().default([]),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('closing_requests_started_idx').on(t.startedAt),
    check('closing_requests_status_check', sql`${t.status} in ('RUNNING','DONE','FAILED')`),
  ],
);
