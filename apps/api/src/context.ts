import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Db } from './db/client';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './lib/counters';
import type { Messaging } from './lib/messaging';
import { RateLimiter } from './lib/rate-limiter';
import { MemoryRevocationStore, RedisRevocationStore, type RevocationStore } from './lib/revocations';
import type { Storage } from './lib/storage';
import type { TokenSigner } from './lib/tokens';

/** What every module needs, built once in app.ts and handed to the route plugins. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The database `db` reaches (a worker thread of the engine opens its own pool there). */
  databaseUrl: string;
  signer: TokenSigner;
  messaging: Messaging;
  limits: Limits;
  /** Access tokens ended before their expiry (logout, password change, revoked session, standing). */
  revocations: RevocationStore;
  /** Uploaded documents and avatars. */
  storage: Storage;
}

export interface Limits {
  /** Failed sign-ins: per account and address, per account, per address (session/service.ts). */
  login: RateLimiter;
  loginAddress: RateLimiter;
  changePassword: RateLimiter;
  otp: RateLimiter;
  activation: RateLimiter;
  reset: RateLimiter;
  register: RateLimiter;
  registerCode: RateLimiter;
  /** A member's copies of their data (GET /member/v1/me/export): five a day (decision 044). */
  dataExport: RateLimiter;
}

/** Counters in Redis when several processes share the limits, else in this process. */
export function createCounterStore(redis: Redis | null, prefix: string): CounterStore {
  return redis ? new RedisCounterStore(redis, `${prefix}rl:`) : new MemoryCounterStore();
}

export function createRevocationStore(redis: Redis | null, prefix: string): RevocationStore {
  return redis ? new RedisRevocationStore(redis, `${prefix}revoked:`) : new MemoryRevocationStore();
}

export function createLimits(config: Config, store: CounterStore): Limits {
  const windowMs = config.rateLimit.windowSeconds * 1000;
  const r = config.rateLimit;
  return {
    login: new RateLimiter(store, 'login', r.login, windowMs),
    loginAddress: new RateLimiter(store, 'login-address', r.loginAddress, windowMs),
    changePassword: new RateLimiter(store, 'change-password', r.login, windowMs),
    otp: new RateLimiter(store, 'otp', r.otp, windowMs),
    activation: new RateLimiter(store, 'activation', r.otp, windowMs),
    reset: new RateLimiter(store, 'reset', r.otp, windowMs),
    register: new RateLimiter(store, 'register', r.register, 3_600_000),
    registerCode: new RateLimiter(store, 'register-code', r.registerCode, 600_000),
    dataExport: new RateLimiter(store, 'data-export', 5, 86_400_000),
  };
}
