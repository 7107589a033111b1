/**
 * Runtime configuration. The API server serves /config.json so one build runs behind any base
 * URLs; the defaults below match a same-origin deployment and keep the portal usable when the
 * file cannot be loaded.
 */
export interface RuntimeConfig {
  memberBaseUrl: string;
  networkBaseUrl: string;
  shopBaseUrl: string;
  /** The staff API (KYC review); the server does not list it, so the default same-origin path applies. */
  staffBaseUrl: string;
  /**
   * The online shop of the sidebar's Online Shopping link: the built-in `/ecommerce` unless the
   * server names another; the sidebar hides the link when it is null.
   */
  shopUrl: string | null;
  /** The shop's payment methods on offer (SHOP_PAYMENT_METHODS). */
  paymentMethods: string[];
  appKey: string;
  clientId: string;
  clientSecret: string;
  demo: boolean;
  appVersion: string;
}

export const DEFAULT_CONFIG: Readonly<RuntimeConfig> = Object.freeze({
  memberBaseUrl: '/member',
  networkBaseUrl: '/network',
  shopBaseUrl: '/shop',
  staffBaseUrl: '/staff',
  shopUrl: '/ecommerce',
  paymentMethods: ['demo', 'transfer', 'promptpay'],
  appKey: 'portal-web',
  clientId: 'portal-web',
  clientSecret: 'public',
  demo: false,
  appVersion: '0.1.1',
});

const CONFIG_TIMEOUT_MS = 15_000;

let current: RuntimeConfig = { ...DEFAULT_CONFIG };

export function getConfig(): Readonly<RuntimeConfig> {
  return current;
}

/** Keeps only fields of the expected type, so a half-broken file cannot break the client. */
export function mergeConfig(raw: unknown): RuntimeConfig {
  const merged: RuntimeConfig = { ...DEFAULT_CONFIG };
  if (!raw || typeof raw !== 'object') return merged;
  const input = raw as Record<string, unknown>;
  const strings = [
    'memberBaseUrl',
    'networkBaseUrl',
    'shopBaseUrl',
    'staffBaseUrl',
    'appKey',
    'clientId',
    'clientSecret',
    'appVersion',
  ] as const;
  for (const key of strings) {
    const value = input[key];
    if (typeof value === 'string' && value.length > 0) merged[key] = value.replace(/\/+$/, '') || value;
  }
  if (typeof input.shopUrl === 'string' && input.shopUrl.length > 0) merged.shopUrl = input.shopUrl;
  if (input.shopUrl === null) merged.shopUrl = null;
  if (Array.isArray(input.paymentMethods))
    merged.paymentMethods = input.paymentMethods.filter((m): m is string => typeof m === 'string');
  if (typeof input.demo === 'boolean') merged.demo = input.demo;
  return merged;
}

export function setConfig(config: RuntimeConfig): void {
  current = config;
}

export async function loadConfig(): Promise<RuntimeConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONFIG_TIMEOUT_MS);
  try {
    const res = await fetch('/config.json', { cache: 'no-store', signal: controller.signal });
    current = res.ok ? mergeConfig(await res.json()) : { ...DEFAULT_CONFIG };
  } catch {
    current = { ...DEFAULT_CONFIG };
  } finally {
    clearTimeout(timer);
  }
  return current;
}
