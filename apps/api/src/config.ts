import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Whom to believe about the client's address (X-Forwarded-For): nobody (`false`, the default: the
 * address is the connection's), the nearest N proxies (a hop count), or the proxies at these addresses
 * (a comma-separated list of addresses and CIDR ranges). Never "every hop": a client would then name
 * its own address (issue 19), so `true` is refused with what to write instead.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (['false', '0', 'no', ''].includes(v)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (['true', 'yes'].includes(v)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe every X-Forwarded-For hop: give the number of proxies in front (1) or their addresses (127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    const list = v.split(',').map((a) => a.trim());
    const bad = list.filter((a) => {
      const [address = '', bits, ...rest] = a.split('/');
      const family = net.isIP(address);
      if (!family || rest.length) return true;
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    });
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: not an address or CIDR range: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

const clientSchema = z.object({
  id: z.string().min(1),
  secret: z.string().min(1),
  /** `public` clients ship their secret in a bundle, so they only get the application scope. */
  kind: z.enum(['public', 'confidential']).default('confidential'),
  scopes: z.array(z.string()).default(['public']),
});
export type OAuthClient = z.infer<typeof clientSchema>;

const envSchema = z.object({
  /** `production` (set by the operator, never by `npm start`): the start refuses unsafe settings (production-checks.ts). */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO_MODE: bool.optional(),
  DEMO_SEED: bool.optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('portal:'),
  PUBLIC_URL: z.string().url().optional(),
  SHOP_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  /** The company's details and locations for /contact and /maps (decision 019). */
  COMPANY_FILE: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  APP_TOKEN_TTL: z.coerce.number().int().min(30).default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  APP_KEYS: z.string().default('portal-web'),
  OAUTH_CLIENTS: z.string().optional(),
  /** Messages (decision 037): how e-mail and SMS leave, and how the outbox retries them. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Member Portal <no-reply@portal.test>'),
  MAIL_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(20),
  SMS_PROVIDER: z.enum(['outbox', 'http', 'thaibulksms']).default('outbox'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_API_SECRET: z.string().min(1).optional(),
  SMS_SENDER: z.string().min(1).max(11).optional(),
  SMS_CREDIT_TYPE: z.enum(['standard', 'corporate']).optional(),
  SMS_GATEWAY_URL: z.string().url().default('https://api-v2.thaibulksms.com'),
  SMS_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MESSAGE_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).default(600),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  RESET_TTL_SECONDS: z.coerce.number().int().min(60).default(1800),
  ACTIVATION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Consecutive failed sign-ins of one account from any address (NIST 800-63B 5.2.2: at most 100). */
  RATE_LIMIT_LOGIN_CEILING: z.coerce.number().int().min(1).max(100).default(100),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER_CODE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_OTP: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(1200),
  // JSON bodies of the portal's forms are a few kB; a route that needs more sets its own limit.
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  STORAGE_DIR: z.string().optional(),
  /** Uploads in an S3-compatible bucket instead of STORAGE_DIR (parseStorageUrl says the form). */
  STORAGE_URL: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  /** Backups (README, Backups): where the nightly ones go, how many are kept, whether they are taken. */
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_NIGHTLY: bool.optional(),
  KYC_PRE_PENDING_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  KYC_PENDING_DAYS: z.coerce.number().int().min(1).max(3650).default(15),
  SHOP_PAYMENT_METHODS: z.string().optional(),
  PROMPTPAY_ID: z
    .string()
    .regex(
      /^(0\d{9}|\d{13}|\d{15})$/,
      'a mobile number (10 digits), a national or tax id (13) or a biller id (15)',
    )
    .optional(),
  PROMPTPAY_CALLBACK_SECRET: z.string().min(32).optional(),
  SHOP_TRANSFER_ACCOUNT: z
    .string()
    .regex(/^[a-z]+\|[0-9-]{10,20}\|.{1,100}$/, 'bank code|account number|account name')
    .optional(),
  SHOP_SHIPPING_FEE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/)
    .default('50.00'),
  SHOP_FREE_SHIPPING_FROM: z
    .string()
    .regex(/^(\d{1,8}(\.\d{1,2})?)?$/)
    .default('1000.00'),
  SHOP_PAYMENT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  /** A bank transfer without a slip yet holds its units this long; a slip extends it to SHOP_PAYMENT_HOURS (issue 19). */
  SHOP_TRANSFER_NO_SLIP_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  /** A PromptPay order holds its units this long for the provider's callback. */
  SHOP_PROMPTPAY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /** One order of a member: at most this many units of a product, this many products, this total. */
  SHOP_MEMBER_MAX_LINE_QUANTITY: z.coerce.number().int().min(1).max(999).default(50),
  SHOP_MEMBER_MAX_ORDER_LINES: z.coerce.number().int().min(1).max(200).default(30),
  SHOP_MEMBER_MAX_ORDER_TOTAL: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .default('100000.00'),
  /** One guest order in a community shop: the same three caps. */
  SHOP_GUEST_MAX_LINE_QUANTITY: z.coerce.number().int().min(1).max(999).default(10),
  SHOP_GUEST_MAX_ORDER_LINES: z.coerce.number().int().min(1).max(50).default(10),
  SHOP_GUEST_MAX_ORDER_TOTAL: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .default('20000.00'),
  /** Unpaid orders holding stock at once: per member, per guest e-mail or telephone, per client address. */
  SHOP_MAX_UNPAID_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(3),
  SHOP_MAX_UNPAID_PER_GUEST: z.coerce.number().int().min(1).max(1000).default(2),
  SHOP_MAX_UNPAID_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  /** The staff desk's plan simulator (issue 19): how large a scenario may be and how long it may run. */
  SIMULATOR_MAX_MEMBERS: z.coerce.number().int().min(1).default(5_000),
  SIMULATOR_MAX_EVENTS: z.coerce.number().int().min(1).default(20_000),
  SIMULATOR_MAX_DAYS: z.coerce.number().int().min(1).default(3_660),
  SIMULATOR_TIME_LIMIT_SECONDS: z.coerce.number().positive().max(3600).default(120),
  SIMULATOR_QUEUE: z.coerce.number().int().min(1).default(10),
  /** A request must arrive whole within this time (a slow upload on a phone fits; a trickle does not). */
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(10 * 60_000)
    .default(60_000),
  /** Operations (issue 21): a bearer token that lets /metrics answer beyond this machine. */
  METRICS_TOKEN: z.string().min(32).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Demo mode: the /dev routes (outbox, later the business clock) answer, to a loopback visitor or
   * staff; outbox codes are echoed to the terminal. On by default only on the embedded database.
   */
  demoMode: boolean;
  demoSeed: boolean;
  /** Shared rate-limit counters and token revocations for several processes (else in memory). */
  redisUrl: string | undefined;
  /** Every key the portal writes to Redis starts with this (several portals may share one Redis). */
  redisKeyPrefix: string;
  publicUrl: string;
  shopUrl: string | null;
  webDist: string;
  /** JSON file with the company's details and locations (contracts public-info.ts). */
  companyFile: string;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  appTokenTtl: number;
  refreshTokenTtl: number;
  appKeys: string[];
  clients: OAuthClient[];
  mail: { transport: 'outbox' | 'smtp'; smtpUrl: string | undefined; from: string; timeoutMs: number };
  /** SMS (decision 037): the demo outbox file, a generic HTTP relay, or ThaiBulkSMS. */
  sms: SmsSettings;
  /** The message outbox: tries per message, and the first wait between two (doubling each time). */
  messages: { maxAttempts: number; retryMs: number };
  otp: { ttlSeconds: number; maxAttempts: number; resendSeconds: number };
  resetTtlSeconds: number;
  activationTtlSeconds: number;
  rateLimit: {
    /** Failed sign-ins per account from one address (and the account's budget before it is "under attack"). */
    login: number;
    /** Failed sign-ins from one address across all accounts. */
    loginAddress: number;
    /** Consecutive failed sign-ins of an account from any address before only known devices may try. */
    loginCeiling: number;
    otp: number;
    windowSeconds: number;
    global: number;
    /** Registrations per address per hour. */
    register: number;
    /** Registrations per invitation code per ten minutes. */
    registerCode: number;
  };
  bodyLimit: number;
  uploadMaxBytes: number;
  avatarMaxBytes: number;
  /** Uploaded files (documents, avatars): outside any served folder. */
  storageDir: string;
  /** With STORAGE_URL: the bucket that holds the uploaded files instead of storageDir. */
  storageS3: S3StorageSettings | null;
  /**
   * Backups of the database and the uploads (lib/backup.ts): the nightly job writes them to `dir`
   * and keeps the last `keep`; on by default with the embedded database only (an external
   * PostgreSQL is backed up with its own tools, README Backups).
   */
  backup: { dir: string; keep: number; nightly: boolean };
  /**
   * The KYC deadline (README, First start step 5; decision 009): pre-pending days after registration,
   * then pending days, then suspended.
   */
  kyc: { prePendingDays: number; pendingDays: number };
  /** The shop (issue 7): which payment providers take payments, and their settings. */
  shop: ShopSettings;
  logLevel: string;
  trustProxy: false | number | string[];
  requestTimeoutMs: number;
  simulator: { maxMembers: number; maxEvents: number; maxDays: number; timeLimitMs: number; queue: number };
  secureCookies: boolean;
  /** NODE_ENV=production: the server refuses to start on demo settings (production-checks.ts, decision 036). */
  production: boolean;
  /** GET /metrics answers a request with `Authorization: Bearer <token>`, besides this machine's own. */
  metricsToken: string | null;
}

export interface S3StorageSettings {
  bucket: string;
  /** Every key is stored under it: '' or a path ending in '/'. */
  prefix: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2 …); AWS itself when absent. */
  endpoint: string | undefined;
  region: string;
  /** `bucket` in the path (http://host/bucket/key) rather than in the host name; most non-AWS stores want it. */
  forcePathStyle: boolean;
  /** From the URL; else the AWS SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profile, role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const S3_PARAMS = ['endpoint', 'region', 'forcePathStyle'];

/**
 * STORAGE_URL: `s3://[ACCESS_KEY_ID:SECRET@]bucket[/prefix][?endpoint=URL&region=NAME&forcePathStyle=true]`,
 * for example `s3://portal-uploads/live?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true`.
 * The region is the URL's, else AWS_REGION or AWS_DEFAULT_REGION, else us-east-1 (what most
 * S3-compatible stores answer to).
 */
export function parseStorageUrl(
  value: string,
  env: { AWS_REGION?: string; AWS_DEFAULT_REGION?: string } = {},
): S3StorageSettings {
  const fail = (why: string): never => {
    throw new Error(`Invalid settings:\n  STORAGE_URL: ${why}`);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('not a URL; expected s3://bucket/prefix?endpoint=…');
  }
  if (url.protocol !== 's3:') fail(`only s3:// is known, not ${url.protocol}//`);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail(`"${bucket}" is not a bucket name`);
  const segments = decodeURIComponent(url.pathname)
    .split('/')
    .filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..' || !/^[A-Za-z0-9._-]+$/.test(s)))
    fail('the prefix may hold letters, digits, dots, dashes and underscores between slashes');
  const unknown = [...url.searchParams.keys()].filter((k) => !S3_PARAMS.includes(k));
  if (unknown.length) fail(`unknown parameter ${unknown.join(', ')} (known: ${S3_PARAMS.join(', ')})`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    fail('endpoint must be an http:// or https:// address');
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle)) fail('forcePathStyle is true or false');
  const user = decodeURIComponent(url.username);
  const secret = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(secret))
    fail('give both the access key id and the secret (s3://ID:SECRET@bucket), or neither');
  return {
    bucket,
    prefix: segments.length ? `${segments.join('/')}/` : '',
    endpoint,
    region: url.searchParams.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    credentials: user ? { accessKeyId: user, secretAccessKey: secret } : undefined,
  };
}

export interface SmsSettings {
  provider: 'outbox' | 'http' | 'thaibulksms';
  timeoutMs: number;
  /** SMS_PROVIDER=http: a JSON POST to `url`, with a bearer `token` when set. */
  http: { url: string; token: string | undefined } | null;
  /** SMS_PROVIDER=thaibulksms: its API's address, the account's key and secret, sender and credit type. */
  thaiBulkSms: {
    url: string;
    apiKey: string;
    apiSecret: string;
    sender: string | undefined;
    creditType: 'standard' | 'corporate' | undefined;
  } | null;
}

/** SMS_PROVIDER and what each provider needs; a provider without its settings is refused. */
function smsSettings(e: z.infer<typeof envSchema>): SmsSettings {
  const fail = (line: string): never => {
    throw new Error(`Invalid settings:\n  ${line}`);
  };
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) fail('SMS_HTTP_URL: required when SMS_PROVIDER=http');
  if (e.SMS_PROVIDER === 'thaibulksms' && !(e.SMS_API_KEY && e.SMS_API_SECRET))
    fail('SMS_API_KEY and SMS_API_SECRET: required when SMS_PROVIDER=thaibulksms');
  return {
    provider: e.SMS_PROVIDER,
    timeoutMs: Math.round(e.SMS_TIMEOUT_SECONDS * 1000),
    http: e.SMS_PROVIDER === 'http' ? { url: e.SMS_HTTP_URL!, token: e.SMS_HTTP_TOKEN } : null,
    thaiBulkSms:
      e.SMS_PROVIDER === 'thaibulksms'
        ? {
            url: e.SMS_GATEWAY_URL,
            apiKey: e.SMS_API_KEY!,
            apiSecret: e.SMS_API_SECRET!,
            sender: e.SMS_SENDER,
            creditType: e.SMS_CREDIT_TYPE,
          }
        : null,
  };
}

export type ShopPaymentMethod = 'demo' | 'transfer' | 'promptpay';
export interface ShopSettings {
  paymentMethods: ShopPaymentMethod[];
  /** PromptPay QR: the receiving id, and the secret its provider signs callbacks with. */
  promptPay: { id: string; callbackSecret: string } | null;
  /** Bank transfer: the account buyers pay into (a slip is then confirmed by staff). */
  transferAccount: { bank: string; accountNo: string; accountName: string } | null;
  shippingFee: string;
  /** Orders of at least this total ship free; null: never free. */
  freeShippingFrom: string | null;
  /**
   * Hours a transfer order with a slip sent waits for its payment (the full window: a rejected slip
   * may be replaced until then) before it is canceled.
   */
  paymentHours: number;
  /** How long an unpaid order holds its units by payment kind, before a slip (issue 19). */
  holdMinutes: { transferNoSlip: number; promptpay: number };
  /** Per order (member, guest) and on the unpaid orders holding stock at once. */
  caps: {
    member: OrderCaps;
    guest: OrderCaps;
    unpaid: { perMember: number; perGuest: number; perAddress: number };
  };
}

export interface OrderCaps {
  lineQuantity: number;
  lines: number;
  /** The order's total (goods and shipping), baht as a decimal string. */
  total: string;
}

/**
 * Payment providers: `demo` pays at once and exists only in demo mode; `transfer` needs the account
 * to pay into; `promptpay` needs the id and the callback secret. By default every provider whose
 * settings are there.
 */
function shopSettings(e: z.infer<typeof envSchema>, demoMode: boolean): ShopSettings {
  const account =
    e.SHOP_TRANSFER_ACCOUNT ?? (demoMode ? 'kbank|000-0-00000-0|Member Portal Demo' : undefined);
  const [bank, accountNo, accountName] = account?.split('|') ?? [];
  const transferAccount = bank && accountNo && accountName ? { bank, accountNo, accountName } : null;
  const promptPay =
    e.PROMPTPAY_ID && e.PROMPTPAY_CALLBACK_SECRET
      ? { id: e.PROMPTPAY_ID, callbackSecret: e.PROMPTPAY_CALLBACK_SECRET }
      : null;
  const available: Record<ShopPaymentMethod, string | null> = {
    demo: demoMode ? null : 'demo payments exist only in demo mode',
    transfer: transferAccount ? null : 'needs SHOP_TRANSFER_ACCOUNT',
    promptpay: promptPay ? null : 'needs PROMPTPAY_ID and PROMPTPAY_CALLBACK_SECRET',
  };
  const all: ShopPaymentMethod[] = ['demo', 'transfer', 'promptpay'];
  let paymentMethods = all.filter((m) => available[m] === null);
  if (e.SHOP_PAYMENT_METHODS !== undefined) {
    const asked = e.SHOP_PAYMENT_METHODS.split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    for (const m of asked) {
      if (!all.includes(m as ShopPaymentMethod))
        throw new Error(`Invalid settings:\n  SHOP_PAYMENT_METHODS: unknown method ${m}`);
      const why = available[m as ShopPaymentMethod];
      if (why) throw new Error(`Invalid settings:\n  SHOP_PAYMENT_METHODS: ${m} ${why}`);
    }
    paymentMethods = all.filter((m) => asked.includes(m));
  }
  return {
    paymentMethods,
    promptPay,
    transferAccount,
    shippingFee: e.SHOP_SHIPPING_FEE,
    freeShippingFrom: e.SHOP_FREE_SHIPPING_FROM === '' ? null : e.SHOP_FREE_SHIPPING_FROM,
    paymentHours: e.SHOP_PAYMENT_HOURS,
    holdMinutes: { transferNoSlip: e.SHOP_TRANSFER_NO_SLIP_MINUTES, promptpay: e.SHOP_PROMPTPAY_MINUTES },
    caps: {
      member: {
        lineQuantity: e.SHOP_MEMBER_MAX_LINE_QUANTITY,
        lines: e.SHOP_MEMBER_MAX_ORDER_LINES,
        total: e.SHOP_MEMBER_MAX_ORDER_TOTAL,
      },
      guest: {
        lineQuantity: e.SHOP_GUEST_MAX_LINE_QUANTITY,
        lines: e.SHOP_GUEST_MAX_ORDER_LINES,
        total: e.SHOP_GUEST_MAX_ORDER_TOTAL,
      },
      unpaid: {
        perMember: e.SHOP_MAX_UNPAID_PER_MEMBER,
        perGuest: e.SHOP_MAX_UNPAID_PER_GUEST,
        perAddress: e.SHOP_MAX_UNPAID_PER_ADDRESS,
      },
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${lines}`);
  }
  const e = parsed.data;
  const demoMode = e.DEMO_MODE ?? !e.DATABASE_URL;
  const clients = e.OAUTH_CLIENTS
    ? z.array(clientSchema).parse(JSON.parse(e.OAUTH_CLIENTS))
    : [clientSchema.parse({ id: 'portal-web', secret: 'public', kind: 'public', scopes: ['public'] })];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) throw new Error('Invalid settings:\n  SMTP_URL: required');
  const dataDir = path.resolve(e.DATA_DIR);
  const webDist = path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist'));
  const storageDir = path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'uploads'));
  if (storageDir === webDist || storageDir.startsWith(webDist + path.sep)) {
    throw new Error('Invalid settings:\n  STORAGE_DIR: must not be inside the served portal folder');
  }
  if (e.STORAGE_URL && e.STORAGE_DIR)
    throw new Error(
      'Invalid settings:\n  STORAGE_URL: set STORAGE_URL (a bucket) or STORAGE_DIR (a folder), not both',
    );
  const storageS3 = e.STORAGE_URL ? parseStorageUrl(e.STORAGE_URL, e) : null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demoMode,
    demoSeed: e.DEMO_SEED ?? demoMode,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl,
    shopUrl: e.SHOP_URL ?? null,
    companyFile: path.resolve(e.COMPANY_FILE ?? path.join(import.meta.dirname, '../company.json')),
    webDist,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    appTokenTtl: e.APP_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    appKeys: e.APP_KEYS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    clients,
    mail: {
      transport: e.MAIL_TRANSPORT,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      timeoutMs: Math.round(e.MAIL_TIMEOUT_SECONDS * 1000),
    },
    sms: smsSettings(e),
    messages: { maxAttempts: e.MESSAGE_MAX_ATTEMPTS, retryMs: Math.round(e.MESSAGE_RETRY_SECONDS * 1000) },
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      resendSeconds: e.OTP_RESEND_SECONDS,
    },
    resetTtlSeconds: e.RESET_TTL_SECONDS,
    activationTtlSeconds: e.ACTIVATION_TTL_SECONDS,
    rateLimit: {
      login: e.RATE_LIMIT_LOGIN,
      loginAddress: e.RATE_LIMIT_LOGIN_ADDRESS,
      loginCeiling: e.RATE_LIMIT_LOGIN_CEILING,
      register: e.RATE_LIMIT_REGISTER,
      registerCode: e.RATE_LIMIT_REGISTER_CODE,
      otp: e.RATE_LIMIT_OTP,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      global: e.RATE_LIMIT_GLOBAL,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    storageDir,
    storageS3,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      keep: e.BACKUP_KEEP,
      nightly: e.BACKUP_NIGHTLY ?? !e.DATABASE_URL,
    },
    kyc: { prePendingDays: e.KYC_PRE_PENDING_DAYS, pendingDays: e.KYC_PENDING_DAYS },
    shop: shopSettings(e, demoMode),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    simulator: {
      maxMembers: e.SIMULATOR_MAX_MEMBERS,
      maxEvents: e.SIMULATOR_MAX_EVENTS,
      maxDays: e.SIMULATOR_MAX_DAYS,
      timeLimitMs: Math.max(1, Math.round(e.SIMULATOR_TIME_LIMIT_SECONDS * 1000)),
      queue: e.SIMULATOR_QUEUE,
    },
    secureCookies: publicUrl.startsWith('https://'),
    production: e.NODE_ENV === 'production',
    metricsToken: e.METRICS_TOKEN ?? null,
    ...overrides,
  };
}
