import type { Redis } from 'ioredis';

/** One fixed-window counter: how many hits, and how long until the window ends. */
export interface Count {
  count: number;
  resetInMs: number;
}

/**
 * Where rate-limit counters live: in the process (one server) or in Redis (several processes behind
 * one proxy enforce one set of limits). Keys are namespaced by the caller.
 */
export interface CounterStore {
  /** Adds one to every key; a key's window starts at its first hit. */
  incr(keys: readonly string[], windowMs: number): Promise<Count[]>;
  /** Reads without counting. */
  get(keys: readonly string[]): Promise<Count[]>;
  /** Takes one back (never below zero). */
  decr(key: string): Promise<void>;
  del(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep: number;

  constructor(private now: () => number = Date.now) {
    this.lastSweep = now();
  }

  private live(key: string, now: number) {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > now ? entry : undefined;
  }

  async incr(keys: readonly string[], windowMs: number): Promise<Count[]> {
    const now = this.now();
    this.sweep(now);
    return keys.map((key) => {
      let entry = this.live(key, now);
      if (!entry) {
        entry = { count: 0, resetAt: now + windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    });
  }

  async get(keys: readonly string[]): Promise<Count[]> {
    const now = this.now();
    return keys.map((key) => {
      const entry = this.live(key, now);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
    });
  }

  async decr(key: string): Promise<void> {
    const entry = this.live(key, this.now());
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async del(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** INCR, start the window on the first hit, answer the count and the time left: one round trip. */
const INCR_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out`;

const GET_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('GET', key)
  local ttl = redis.call('PTTL', key)
  if not n then n = 0 end
  if ttl < 0 then ttl = 0 end
  out[#out + 1] = tonumber(n)
  out[#out + 1] = ttl
end
return out`;

const DECR_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const pairs = (flat: number[]): Count[] => {
  const out: Count[] = [];
  for (let i = 0; i < flat.length; i += 2) out.push({ count: flat[i]!, resetInMs: flat[i + 1]! });
  return out;
};

export class RedisCounterStore implements CounterStore {
  constructor(
    private redis: Redis,
    private prefix: string,
  ) {}

  private k = (keys: readonly string[]) => keys.map((key) => this.prefix + key);

  async incr(keys: readonly string[], windowMs: number): Promise<Count[]> {
    if (keys.length === 0) return [];
    const flat = (await this.redis.eval(INCR_SCRIPT, keys.length, ...this.k(keys), windowMs)) as number[];
    return pairs(flat);
  }

  async get(keys: readonly string[]): Promise<Count[]> {
    if (keys.length === 0) return [];
    return pairs((await this.redis.eval(GET_SCRIPT, keys.length, ...this.k(keys))) as number[]);
  }

  async decr(key: string): Promise<void> {
    await this.redis.eval(DECR_SCRIPT, 1, this.prefix + key);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
