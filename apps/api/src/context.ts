import type { Config } from './config';
import type { Db } from './db/client';
import type { Messaging } from './lib/messaging';
import type { Storage } from './lib/storage';
import { RateLimiter } from './lib/rate-limiter';
import type { TokenSigner } from './lib/tokens';

/** What every module needs, built once in app.ts and handed to the route plugins. */
export interface AppContext {
  config: Config;
  db: Db;
  signer: TokenSigner;
  messaging: Messaging;
  limits: Limits;
  /** Uploaded documents and avatars. */
  storage: Storage;
}

export interface Limits {
  login: RateLimiter;
  otp: RateLimiter;
  activation: RateLimiter;
  reset: RateLimiter;
}

export function createLimits(config: Config): Limits {
  const windowMs = config.rateLimit.windowSeconds * 1000;
  return {
    login: new RateLimiter(config.rateLimit.login, windowMs),
    otp: new RateLimiter(config.rateLimit.otp, windowMs),
    activation: new RateLimiter(config.rateLimit.otp, windowMs),
    reset: new RateLimiter(config.rateLimit.otp, windowMs),
  };
}
