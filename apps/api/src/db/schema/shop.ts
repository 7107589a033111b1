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
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { orderItems, orders } from './compensation';
import { users } from './identity';
import { members } from './network';

/**
 * The shop (issue 7): catalog, carts, the shop's side of an order (delivery, idempotency, guest
 * access, fulfilment), payments with their slips, members' community-shop prices, and the audit
 * trail of staff actions. The order itself and its lines are the engine's `orders` and
 * `order_items` (schema/compensation.ts): what a payment or a cancellation posts reads those.
 */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Order numbers: `SO` + the Bangkok date (YYMMDD) + this sequence, six digits. */
export const shopOrderNoSeq = pgSequence('shop_order_no_seq', { startWith: 1 });

export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    /** PRODUCT, PACKAGE (plan 1.1, priced by the plan) or BUNDLE (its own PV; its parts count for nothing). */
    kind: text('kind').notNull().default('PRODUCT'),
    category: text('category').notNull(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionTh: text('description_th').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    retailPrice: money('retail_price').notNull(),
    memberPrice: money('member_price').notNull(),
    pvPerUnit: integer('pv_per_unit').notNull().default(0),
    lvpPerUnit: integer('lvp_per_unit').notNull().default(0),
    /** Units left; null = not counted (packages). Decremented only by a conditional update. */
    stock: integer('stock'),
    active: boolean('active').notNull().default(true),
    /** The plan's package code, for kind PACKAGE. */
    packageCode: text('package_code'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.code),
    uniqueIndex('products_package_key')
      .on(t.packageCode)
      .where(sql`${t.packageCode} is not null`),
    index('products_category_idx').on(t.category, t.sortOrder),
    check('products_kind_check', sql`${t.kind} in ('PRODUCT','PACKAGE','BUNDLE')`),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_price_check', sql`${t.memberPrice} >= 0 and ${t.memberPrice} <= ${t.retailPrice}`),
    check('products_points_check', sql`${t.pvPerUnit} >= 0 and ${t.lvpPerUnit} >= 0`),
    check('products_package_check', sql`(${t.kind} = 'PACKAGE') = (${t.packageCode} is not null)`),
  ],
);

/** Product pictures, re-encoded on upload; served without a token (an <img> sends none). */
export const productImages = pgTable(
  'product_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** `products/<uuid>-original.jpg`; the thumbnail is the same name with `-thumbnail`. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_images_key').on(t.storageKey),
    index('product_images_product_idx').on(t.productId, t.position),
  ],
);

/** What a bundle holds (shown as the order's bundle items). */
export const bundleComponents = pgTable(
  'bundle_components',
  {
    bundleId: bigint('bundle_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentId: bigint('component_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.componentId] }),
    check('bundle_components_qty_check', sql`${t.qty} > 0`),
    check('bundle_components_self_check', sql`${t.bundleId} <> ${t.componentId}`),
  ],
);

/** A signed-in member's cart (GET /shop/cart/{userId}). */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);

/** A member's community-shop price per product (plan 4.6): member price ≤ selling price ≤ retail. */
export const sellingPrices = pgTable(
  'selling_prices',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.productId] })],
);

/** The shop's side of an order: who ordered it how, where it goes, and how far it got. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** MEMBER (a member's own checkout), COMMUNITY (a guest in a member's shop), API (POST /dropship_income). */
    channel: text('channel').notNull(),
    buyerUserId: bigint('buyer_user_id', { mode: 'number' }).references(() => users.id),
    /** `user:<id>`, `shop:<member id>` or `client:<id>`: a repeated key within it answers the same order. */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    deliveryMethod: text('delivery_method').notNull(),
    shippingAddress: jsonb('shipping_address'),
    /** A guest's name, telephone and e-mail. */
    customer: jsonb('customer'),
    /** SHA-256 of the key a guest reads and pays their order with. */
    guestKeyHash: text('guest_key_hash'),
    paymentMethod: text('payment_method').notNull(),
    trackingNo: text('tracking_no'),
    carrier: text('carrier'),
    packedAt: ts('packed_at'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    /** Set when a cancellation put the units back on the shelf. */
    stockReturnedAt: ts('stock_returned_at'),
    /** The address the checkout came from: unpaid orders holding stock are capped per address (issue 19). */
    clientAddress: text('client_address'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_orders_idempotency_key').on(t.idempotencyScope, t.idempotencyKey),
    index('shop_orders_buyer_idx').on(t.buyerUserId, t.createdAt),
    check('shop_orders_channel_check', sql`${t.channel} in ('MEMBER','COMMUNITY','API')`),
    check('shop_orders_delivery_check', sql`${t.deliveryMethod} in ('shipping','pickup')`),
  ],
);

/** The shop's side of an order line: which product it was and, for a bundle, what was in it. */
export const shopOrderLines = pgTable('shop_order_lines', {
  orderItemId: bigint('order_item_id', { mode: 'number' })
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  productId: bigint('product_id', { mode: 'number' })
    .notNull()
    .references(() => products.id),
  kind: text('kind').notNull(),
  bundleItems: jsonb('bundle_items').notNull().default([]),
});

/**
 * The payment of an order (one per order) through a provider: `demo`, `transfer` (a slip staff
 * confirm), `promptpay` (a QR; the provider's callback confirms), `balance` (the point balance
 * and LVP covered everything). A confirmation moves it to `confirmed` once.
 */
export const shopPayments = pgTable(
  'shop_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** pending → submitted (a slip) → confirmed, or rejected (a new slip may follow), or canceled. */
    state: text('state').notNull().default('pending'),
    amount: money('amount').notNull(),
    /** What the payer quotes (the PromptPay bill reference). */
    reference: text('reference').notNull(),
    /** The provider's own transaction id, once confirmed by its callback. */
    providerTxnId: text('provider_txn_id'),
    /** Until when the unpaid order holds its units: short before a transfer slip, then `window_ends_at`. */
    expiresAt: ts('expires_at'),
    /** The full payment window (SHOP_PAYMENT_HOURS) a transfer slip extends `expires_at` to. */
    windowEndsAt: ts('window_ends_at'),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: text('confirmed_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_payments_order_key').on(t.orderId),
    uniqueIndex('shop_payments_reference_key').on(t.reference),
    // The unpaid orders holding stock (few at any time): counted per buyer and address at checkout.
    index('shop_payments_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('pending','submitted','rejected')`),
    uniqueIndex('shop_payments_provider_txn_key')
      .on(t.method, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    check('shop_payments_method_check', sql`${t.method} in ('demo','transfer','promptpay','balance')`),
    check(
      'shop_payments_state_check',
      sql`${t.state} in ('pending','submitted','confirmed','rejected','canceled')`,
    ),
  ],
);

/** Transfer slips: every upload is kept with what staff decided about it. */
export const paymentSlips = pgTable(
  'payment_slips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => shopPayments.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** submitted, confirmed or rejected. */
    status: text('status').notNull().default('submitted'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_slips_key').on(t.storageKey),
    index('payment_slips_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_slips_sha_idx').on(t.sha256),
    check('payment_slips_status_check', sql`${t.status} in ('submitted','confirmed','rejected')`),
  ],
);

/** Every staff action on products and orders, and every payment confirmation, with who did it. */
export const shopAudit = pgTable(
  'shop_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, {
      onDelete: 'set null',
    }),
    /** `user:<id>`, `client:<id>`, `provider:<method>` or `system`. */
    actor: text('actor').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id),
    action: text('action').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_audit_order_idx').on(t.orderId, t.createdAt),
    index('shop_audit_product_idx').on(t.productId, t.createdAt),
  ],
);

/**
 * One-time login codes of the portal's Online Shopping link: the link carries a code instead of the
 * access token; the shop trades it once, within 60 s, for a session (shop/session). Stored hashed.
 */
export const shopLoginCodes = pgTable(
  'shop_login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session (refresh-token family) that asked for the code: the code dies with it (issue 19). */
    sessionId: uuid('session_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('shop_login_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A buyer's cancellation within the cooling-off period of the Direct Sales and Direct Marketing Act
 * (issue 22 item 4, decision 042): one per order, asked within COOLING_OFF_DAYS of the delivery;
 * staff record the goods received back, then refund (the shop's cancel of a paid order, with its
 * credit note), due REFUND_DAYS after the request.
 */
export const coolingOffRequests = pgTable(
  'cooling_off_requests',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.id),
    requestedAt: ts('requested_at').notNull(),
    /** `user:<id>` or `guest`. */
    requestedBy: text('requested_by').notNull(),
    reason: text('reason'),
    /** The last day the buyer could ask (the delivery day plus the period). */
    periodEndsOn: date('period_ends_on', { mode: 'string' }).notNull(),
    /** The refund's last day: the request's day plus REFUND_DAYS. */
    refundDueOn: date('refund_due_on', { mode: 'string' }).notNull(),
    goodsReceivedAt: ts('goods_received_at'),
    goodsReceivedBy: bigint('goods_received_by', { mode: 'number' }).references(() => users.id),
    refundedAt: ts('refunded_at'),
    refundedBy: bigint('refunded_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    index('cooling_off_requests_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.refundedAt} is null`),
  ],
);
