import { MSG } from '@portal/contracts/messages';
import { AppError } from './errors';

/**
 * Fixed-window counters kept in memory, one per key (an IP, an account). Enough for one process;
 * several processes behind a proxy would share a store (see docs/decisions/004-rate-limits.md).
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(
    private limit: number,
    private windowMs: number,
    private now: () => number = Date.now,
  ) {}

  /** Counts one attempt for every key; throws 429 when any key is over its limit. */
  hit(...keys: string[]): void {
    const now = this.now();
    this.sweep(now);
    let over = false;
    for (const key of keys) {
      let entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + this.windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > this.limit) over = true;
    }
    if (over) throw new AppError(429, 'RATE_LIMITED', MSG.rateLimited);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Takes back one attempt of a key, so a success does not use up a shared budget (an IP's). */
  forgive(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
