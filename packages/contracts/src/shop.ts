import { z } from 'zod';
import { bigintId } from './ids.ts';
import { cleanText, optionalText, personName } from './text.ts';

/**
 * The shop service (docs/architecture.md, the shop module; docs/plan.md 1.1, 2, 4.6, 5 and E5): catalog,
 * cart, checkout, payment, orders, community shops. Money travels as decimal strings ("1250.00"),
 * PV and LVP as whole numbers. Prices include 7% VAT.
 */

export const PRODUCT_KINDS = ['PRODUCT', 'PACKAGE', 'BUNDLE'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PRODUCT_CATEGORIES = ['health', 'beauty', 'home', 'package'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const SHOP_ORDER_TYPES = ['PACKAGE', 'UPGRADE', 'REPURCHASE', 'DROPSHIP'] as const;
export type ShopOrderType = (typeof SHOP_ORDER_TYPES)[number];
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'packing',
  'shipped',
  'delivered',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** What a buyer may choose; `balance` is set by the shop when points and LVP pay everything. */
export const PAYMENT_METHODS = ['demo', 'transfer', 'promptpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATES = ['pending', 'submitted', 'confirmed', 'rejected', 'canceled'] as const;
export const DELIVERY_METHODS = ['shipping', 'pickup'] as const;
export const ORDER_CHANNELS = ['MEMBER', 'COMMUNITY', 'API'] as const;

export const VAT_PERCENT = 7;
/** The spec's shop language header ('TH' or 'EN'); `Accept-Language` is read as well. */
export const LANGUAGE_HEADER = 'x-language';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A guest reads and pays their community-shop order with the key its checkout answered. */
export const ORDER_KEY_HEADER = 'x-order-key';
/** The PromptPay provider signs its callback: `sha256=<hex HMAC of the raw body>`. */
export const PROMPTPAY_SIGNATURE_HEADER = 'x-promptpay-signature';

// ---- values ---------------------------------------------------------------------------------

/** An amount as typed: "120", "120.5", "120.50"; never negative, never more than two decimals. */
export const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'An amount such as "120.00", not negative, at most two decimals');
export const money = z.string().meta({ description: 'THB as a decimal string, e.g. "1250.00"' });

/**
 * The most one unit of a product may cost, and carry in PV or LVP (issue 19, item 7). With at most
 * 999 of a product and 200 products in an order (the order caps' ceilings), no order a contract lets
 * through overflows its columns: money numeric(14,2), PV and LVP integer (200 × 999 × 10,000 < 2^31).
 */
export const MAX_UNIT_PRICE = 1_000_000;
export const MAX_POINTS_PER_UNIT = 10_000;
const unitPriceMessage = `A price such as "120.00", at most ${MAX_UNIT_PRICE.toLocaleString('en-US')}.00, two decimals`;
/** A unit price as typed (retail, member or selling price): an amount of at most MAX_UNIT_PRICE. */
export const unitPrice = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, unitPriceMessage)
  .refine((v) => Number(v) <= MAX_UNIT_PRICE, unitPriceMessage);
export const pointsPerUnit = z.number().int().min(0).max(MAX_POINTS_PER_UNIT);
export const productCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/, 'A product code of 2 to 32 letters, digits, - or _');
export const productCodeParam = z.object({ productCode: productCode });
export const orderNumberParam = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{4,32}$/),
});
export const quantity = z.number().int().min(1).max(999);
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'Send an Idempotency-Key header of 8 to 128 letters, digits or _.:-');
const isoDate = z.string().meta({ description: 'ISO 8601 instant (UTC)' });
const businessDate = z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' });

// ---- envelope helpers -----------------------------------------------------------------------

export { envelopeOf, pageOf, statusSchema } from './envelope.ts';

// ---- catalog --------------------------------------------------------------------------------

export const productImage = z.object({ id: z.number().int(), url: z.string(), thumbnail_url: z.string() });
export const bundleItem = z.object({ code: z.string(), name: z.string(), quantity: z.number().int() });
export type BundleItem = z.infer<typeof bundleItem>;

/**
 * A product as the shop shows it. `name`/`description` follow the language header. Visitors
 * (application tokens) see the retail price only: `member_price`, `pv_per_unit` and `lvp_per_unit`
 * are null for them.
 */
export const productSchema = z.object({
  code: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  category: z.enum(PRODUCT_CATEGORIES),
  name: z.string(),
  name_th: z.string(),
  name_en: z.string(),
  description: z.string(),
  description_th: z.string(),
  description_en: z.string(),
  images: z.array(productImage),
  retail_price: money,
  member_price: money.nullable(),
  pv_per_unit: z.number().int().nullable(),
  lvp_per_unit: z.number().int().nullable(),
  /** Units left; null when not counted (packages). */
  stock: z.number().int().nullable(),
  in_stock: z.boolean(),
  active: z.boolean(),
  package_code: z.string().nullable(),
  bundle_items: z.array(bundleItem),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuery = z.object({
  q: cleanText().max(100).optional(),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
});

/** GET /shop/v1/me/packages: the plan's packages as the member may buy them now. */
export const packageOffer = z.object({
  code: z.string(),
  product_code: z.string(),
  name: z.string(),
  price: money,
  pv: z.number().int(),
  /** What the member pays now: the price, or the difference for an upgrade; null when not buyable. */
  price_to_pay: money.nullable(),
  pv_to_get: z.number().int().nullable(),
  order_type: z.enum(['PACKAGE', 'UPGRADE']).nullable(),
});
export const packageOffers = z.object({ current: z.string().nullable(), packages: z.array(packageOffer) });
export type PackageOffers = z.infer<typeof packageOffers>;

// ---- cart -----------------------------------------------------------------------------------

export const CART_UNAVAILABLE_REASONS = ['not_sold', 'out_of_stock', 'not_an_upgrade'] as const;
export type CartUnavailableReason = (typeof CART_UNAVAILABLE_REASONS)[number];
export const cartItemSchema = z.object({
  product_code: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: money,
  line_total: money,
  pv_per_unit: z.number().int(),
  lvp_per_unit: z.number().int(),
  stock: z.number().int().nullable(),
  /** Active and with enough units left for the quantity. */
  available: z.boolean(),
  /**
   * Why the line cannot be bought as it stands (null when it can): no longer sold, not enough units
   * left, or a package that is not an upgrade of the member's package (issue 23).
   */
  unavailable_reason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  total_quantity: z.number().int(),
  subtotal: money,
  pv_total: z.number().int(),
  lvp_total: z.number().int(),
  /**
   * The cart holds a package beside other lines: a package is bought on its own, so the checkout
   * refuses this cart until one or the other is removed (issue 23).
   */
  package_with_products: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartAddBody = z.strictObject({ product_code: productCode, quantity: quantity.default(1) });
export const cartSetBody = z.strictObject({ quantity });
/** GET /shop/cart/{userId}?t=timestamp (the spec's cart call; `t` only defeats caches). */
export const cartQuery = z.object({ t: z.string().max(32).optional() });
export const cartUserParam = z.object({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

// ---- checkout -------------------------------------------------------------------------------

const thaiPhone = z
  .string()
  .trim()
  .regex(/^0\d{8,9}$/, 'The telephone must be a Thai number of 9 or 10 digits');

/** A delivery address written out (a guest's, or a snapshot of the member's address book). */
export const shippingAddressSchema = z.object({
  recipient: z.string(),
  telephone: z.string().nullable(),
  address_line: z.string(),
  subdistrict: z.string().nullable(),
  district: z.string().nullable(),
  province: z.string().nullable(),
  post_code: z.string().nullable(),
  country: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const guestAddressBody = z.strictObject({
  recipient: personName(100),
  telephone: thaiPhone,
  address_line: cleanText().min(1).max(300),
  subdistrict: optionalText(100),
  district: optionalText(100),
  province: cleanText().min(1).max(100),
  post_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'The post code must be 5 digits'),
});

export const memberDelivery = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('shipping'), address_id: bigintId }),
  z.strictObject({ method: z.literal('pickup') }),
]);

/** POST /shop/v1/orders (header Idempotency-Key): the member's cart becomes an order. */
export const checkoutBody = z.strictObject({
  /** Checked against the cart: REPURCHASE for products, PACKAGE or UPGRADE for a package. */
  order_type: z.enum(['REPURCHASE', 'PACKAGE', 'UPGRADE']).optional(),
  delivery: memberDelivery,
  payment_method: z.enum(PAYMENT_METHODS),
  /** LVP to spend (1 LVP = 1.00 THB), at most the balance. */
  use_lvp: z.number().int().min(0).max(100_000_000).default(0),
  /** Point balance to spend, at most the balance. */
  use_points: amountText.default('0'),
  /** Put this repurchase's PV on hold (plan 5.1). */
  hold_points: z.boolean().default(false),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** POST /shop/v1/community/{shopCode}/orders: a guest buys in a member's community shop. */
export const guestCheckoutBody = z.strictObject({
  items: z
    .array(z.strictObject({ product_code: productCode, quantity }))
    .min(1)
    .max(50),
  customer: z.strictObject({
    name: personName(100),
    telephone: thaiPhone,
    email: z.email().max(254).optional(),
  }),
  delivery: z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('shipping'), address: guestAddressBody }),
    z.strictObject({ method: z.literal('pickup') }),
  ]),
  payment_method: z.enum(PAYMENT_METHODS),
});
export type GuestCheckoutBody = z.input<typeof guestCheckoutBody>;

// ---- orders ---------------------------------------------------------------------------------

export const orderItemSchema = z.object({
  line_no: z.number().int(),
  product_code: z.string(),
  product_name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  quantity: z.number().int(),
  unit_price: money,
  line_total: money,
  /** The seller's own price: null in what a community shop's customer (a guest) is shown. */
  member_price: money.nullable(),
  retail_price: money,
  selling_price: money.nullable(),
  pv_per_unit: z.number().int(),
  lvp_per_unit: z.number().int(),
  bundle_items: z.array(bundleItem),
});

export const paymentSchema = z.object({
  method: z.enum([...PAYMENT_METHODS, 'balance']),
  state: z.enum(PAYMENT_STATES),
  amount: money,
  reference: z.string(),
  expires_at: isoDate.nullable(),
  confirmed_at: isoDate.nullable(),
  /** PromptPay: the EMVCo payload to show as a QR code. */
  promptpay_payload: z.string().nullable(),
  /** Bank transfer: where to send the money. */
  transfer_to: z.object({ bank: z.string(), account_no: z.string(), account_name: z.string() }).nullable(),
  slips: z.array(
    z.object({
      id: z.number().int(),
      file_name: z.string(),
      status: z.enum(['submitted', 'confirmed', 'rejected']),
      reason: z.string().nullable(),
      uploaded_at: isoDate,
    }),
  ),
});
export type Payment = z.infer<typeof paymentSchema>;

/** An order with the spec's report-row fields. */
export const orderSchema = z.object({
  order_no: z.string(),
  order_type: z.enum(SHOP_ORDER_TYPES),
  channel: z.enum(ORDER_CHANNELS),
  package_code: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  hold_points: z.boolean(),
  items: z.array(orderItemSchema),
  subtotal: money,
  shipping_amount: money,
  /** The VAT part of the VAT-inclusive total. */
  vat_amount: money,
  total_amount: money,
  lvp_used: z.number().int(),
  points_used: money,
  /** What is left to pay after points and LVP. */
  net_amount: money,
  pv_total: z.number().int(),
  lvp_total: z.number().int(),
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    address: shippingAddressSchema.nullable(),
  }),
  tracking_no: z.string().nullable(),
  carrier: z.string().nullable(),
  payment: paymentSchema.nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
  payment_date: businessDate.nullable(),
  canceled_at: isoDate.nullable(),
  canceled_date: businessDate.nullable(),
  cancel_reason: z.string().nullable(),
  packed_at: isoDate.nullable(),
  shipped_at: isoDate.nullable(),
  delivered_at: isoDate.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** The checkout's answer; a guest also gets the key that reads and pays the order. */
export const checkoutResult = z.object({ order: orderSchema, guest_key: z.string().nullable() });
export type CheckoutResult = z.infer<typeof checkoutResult>;

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

// ---- community shops ------------------------------------------------------------------------

export const shopCodeParam = z.object({
  shopCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,32}$/),
});
export const communityShopSchema = z.object({
  shop_code: z.string(),
  owner_name: z.string(),
  member_code: z.string(),
});
export const communityProductSchema = productSchema.extend({ selling_price: money });
export type CommunityProduct = z.infer<typeof communityProductSchema>;

export const sellingPriceSchema = z.object({
  product_code: z.string(),
  name: z.string(),
  member_price: money,
  retail_price: money,
  selling_price: money,
  /** False while the member has not chosen a price (the retail price applies). */
  custom: z.boolean(),
});
export type SellingPrice = z.infer<typeof sellingPriceSchema>;
export const sellingPriceBody = z.strictObject({ selling_price: unitPrice });

// ---- network API: dropship income -----------------------------------------------------------

/** One row of community-career income (plan 4.6): one line of a paid DROPSHIP order. */
export const dropshipIncomeSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  selling_price: money,
  member_price: money,
  grand_total: money,
  compensation: money,
  income_date: businessDate,
  member_uuid: z.string(),
  state: z.enum(['WAITING', 'PAID', 'VOID']),
});
export type DropshipIncome = z.infer<typeof dropshipIncomeSchema>;

/** POST /network/api/v1/dropship_income: a community-shop sale paid elsewhere, recorded once per reference. */
export const dropshipIncomeBody = z.strictObject({
  member_uuid: z.uuid(),
  /** The selling system's order reference: sending it again answers the same rows. */
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{4,64}$/),
  items: z
    .array(z.strictObject({ product_code: productCode, quantity, selling_price: unitPrice }))
    .min(1)
    .max(50),
});
/** PUT /network/api/v1/dropship_income/{id}: corrects a line's quantity or selling price. */
export const dropshipIncomeUpdateBody = z
  .strictObject({ quantity: quantity.optional(), selling_price: unitPrice.optional() })
  .refine(
    (b) => b.quantity !== undefined || b.selling_price !== undefined,
    'Give a quantity or a selling price',
  );

// ---- staff ----------------------------------------------------------------------------------

const productFields = {
  category: z.enum(PRODUCT_CATEGORIES),
  name_th: cleanText().min(1).max(200),
  name_en: cleanText().min(1).max(200),
  description_th: cleanText().max(4000),
  description_en: cleanText().max(4000),
  retail_price: unitPrice,
  member_price: unitPrice,
  pv_per_unit: pointsPerUnit,
  lvp_per_unit: pointsPerUnit,
  stock: z.number().int().min(0).max(10_000_000),
  active: z.boolean(),
  sort_order: z.number().int().min(0).max(100_000),
  bundle_items: z.array(z.strictObject({ product_code: productCode, quantity })).max(20),
};

export const staffProductBody = z.strictObject({
  ...productFields,
  code: productCode,
  kind: z.enum(['PRODUCT', 'BUNDLE']).default('PRODUCT'),
  description_th: productFields.description_th.default(''),
  description_en: productFields.description_en.default(''),
  active: productFields.active.default(true),
  sort_order: productFields.sort_order.default(0),
  bundle_items: productFields.bundle_items.default([]),
});
export type StaffProductBody = z.input<typeof staffProductBody>;
/** PUT: only the fields given change (no defaults); the code and kind never change. */
export const staffProductUpdateBody = z.strictObject(productFields).partial();

export const staffProductListQuery = productListQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});

export const staffOrderQuery = z.object({
  q: cleanText().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  order_type: z.enum(SHOP_ORDER_TYPES).optional(),
  /** Orders with a transfer slip waiting for a decision. */
  slip_waiting: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

export const auditEntrySchema = z.object({
  action: z.string(),
  actor: z.string(),
  actor_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: isoDate,
});

export const staffOrderSchema = orderSchema.extend({
  buyer: z.object({
    member_code: z.string(),
    name: z.string(),
    user_id: z.number().int().nullable(),
  }),
  customer: z.object({ name: z.string(), telephone: z.string(), email: z.string().nullable() }).nullable(),
  audit: z.array(auditEntrySchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderRow = orderSchema
  .pick({
    order_no: true,
    order_type: true,
    channel: true,
    status: true,
    payment_status: true,
    total_amount: true,
    net_amount: true,
    created_at: true,
    paid_at: true,
  })
  .extend({
    buyer_name: z.string(),
    member_code: z.string(),
    payment_method: z.string(),
    slip_waiting: z.boolean(),
  });
export type StaffOrderRow = z.infer<typeof staffOrderRow>;

export const reasonBody = z.strictObject({ reason: cleanText().min(3).max(500) });
export const shipBody = z.strictObject({
  tracking_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'A tracking number of 4 to 40 letters, digits or -'),
  carrier: cleanText().min(1).max(60).optional(),
});

/** The PromptPay provider's callback body (signed; see PROMPTPAY_SIGNATURE_HEADER). */
export const promptPayCallbackBody = z.strictObject({
  reference: z.string().regex(/^[A-Z0-9]{6,25}$/),
  amount: amountText,
  transaction_id: z.string().regex(/^[A-Za-z0-9_.:-]{4,64}$/),
  paid_at: z.iso.datetime({ offset: true }).optional(),
});
export type PromptPayCallback = z.infer<typeof promptPayCallbackBody>;

// ---- the Online Shopping link's one-time login code -----------------------------------------

/** How long a login code lives, in seconds. */
export const SHOP_LOGIN_CODE_TTL = 60;
/** POST /shop/v1/session/code (the member): a code for the shop link, instead of the access token. */
export const shopLoginCodeSchema = z.object({ code: z.string(), expires_in: z.number().int() });
export type ShopLoginCode = z.infer<typeof shopLoginCodeSchema>;
/** POST /shop/v1/session (the shop, by its app key): the code, traded once for a session. */
export const shopSessionBody = z.strictObject({ code: z.string().trim().min(16).max(100) });
