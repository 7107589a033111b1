import type { Redis } from 'ioredis';

/**
 * Access tokens that must stop working before they expire (decision 011): a whole sign-in session
 * (its refresh-token family) or every token a user was given before a moment. Entries live as long
 * as an access token can, after that the token has expired anyway.
 *
 * The check runs on every authenticated request, so the memory store is a map lookup; the Redis
 * store (REDIS_URL) is one round trip and lets several processes share one logout.
 */
export interface RevocationStore {
  revokeSessions(sessionIds: readonly string[], ttlMs: number): Promise<void>;
  /** Every access token of the user issued at or before `atMs` stops working. */
  revokeUserBefore(userId: number, atMs: number, ttlMs: number): Promise<void>;
  isRevoked(sessionId: string, userId: number, issuedAtMs: number): Promise<boolean> | boolean;
}

export class MemoryRevocationStore implements RevocationStore {
  private sessions = new Map<string, number>();
  private users = new Map<number, { before: number; until: number }>();
  private lastSweep: number;

  constructor(private now: () => number = Date.now) {
    this.lastSweep = now();
  }

  async revokeSessions(sessionIds: readonly string[], ttlMs: number) {
    const until = this.now() + ttlMs;
    for (const id of sessionIds) this.sessions.set(id, Math.max(until, this.sessions.get(id) ?? 0));
  }

  async revokeUserBefore(userId: number, atMs: number, ttlMs: number) {
    const prev = this.users.get(userId);
    this.users.set(userId, {
      before: Math.max(atMs, prev?.before ?? 0),
      until: Math.max(this.now() + ttlMs, prev?.until ?? 0),
    });
  }

  isRevoked(sessionId: string, userId: number, issuedAtMs: number): boolean {
    const now = this.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    const session = this.sessions.get(sessionId);
    if (session !== undefined && session > now) return true;
    const user = this.users.get(userId);
    return user !== undefined && user.until > now && issuedAtMs <= user.before;
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [id, until] of this.sessions) if (until <= now) this.sessions.delete(id);
    for (const [id, entry] of this.users) if (entry.until <= now) this.users.delete(id);
  }
}

/** `SET key value PX ttl` only when the new cut-off is later than the one stored. */
const MAX_SET_SCRIPT = `
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
local val = tonumber(ARGV[1])
if val > cur then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

export class RedisRevocationStore implements RevocationStore {
  constructor(
    private redis: Redis,
    private prefix: string,
  ) {}

  async revokeSessions(sessionIds: readonly string[], ttlMs: number) {
    if (sessionIds.length === 0) return;
    const batch = this.redis.multi();
    for (const id of sessionIds) batch.set(`${this.prefix}s:${id}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)));
    await batch.exec();
  }

  async revokeUserBefore(userId: number, atMs: number, ttlMs: number) {
    await this.redis.eval(
      MAX_SET_SCRIPT,
      1,
      `${this.prefix}u:${userId}`,
      Math.floor(atMs),
      Math.max(1, Math.ceil(ttlMs)),
    );
  }

  async isRevoked(sessionId: string, userId: number, issuedAtMs: number): Promise<boolean> {
    const [session, before] = await this.redis.mget(
      `${this.prefix}s:${sessionId}`,
      `${this.prefix}u:${userId}`,
    );
    if (session) return true;
    return before !== null && before !== undefined && issuedAtMs <= Number(before);
  }
}
