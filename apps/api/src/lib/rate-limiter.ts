import { MSG } from '@portal/contracts/messages';
import { rateLimited } from './errors';
import type { Count, CounterStore } from './counters';

/**
 * Fixed-window counters, one per key (an IP, an account, a destination), in a shared store: the
 * process's memory, or Redis when several processes serve one portal (decision 004).
 */
export class RateLimiter {
  constructor(
    private store: CounterStore,
    /** Namespaces this limiter's keys in the shared store. */
    private name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private key = (key: string) => `${this.name}:${key}`;

  /** Counts one attempt for every key; throws 429 (with Retry-After) when any key is over its limit. */
  async hit(...keys: string[]): Promise<void> {
    const counts = await this.store.incr(keys.map(this.key), this.windowMs);
    const over = counts.filter((c) => c.count > this.limit);
    if (over.length > 0) throw RateLimiter.tooMany(over);
  }

  /** The counts of the keys, without counting. */
  peek(...keys: string[]): Promise<Count[]> {
    return this.store.get(keys.map(this.key));
  }

  /** Counts one attempt for every key without judging it (the caller decides with `peek`). */
  async record(...keys: string[]): Promise<void> {
    await this.store.incr(keys.map(this.key), this.windowMs);
  }

  reset(key: string): Promise<void> {
    return this.store.del(this.key(key));
  }

  /** Takes back one attempt of a key, so a success does not use up a shared budget (an IP's). */
  forgive(key: string): Promise<void> {
    return this.store.decr(this.key(key));
  }

  /** 429 with the wait of the longest blocking window. */
  static tooMany(blocking: readonly Count[]) {
    const waitMs = Math.max(1000, ...blocking.map((c) => c.resetInMs));
    return rateLimited(waitMs / 1000, MSG.rateLimited);
  }
}
