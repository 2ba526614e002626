import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How many of one kind of expensive thing an owner has under way at once (preview renders,
 * progress streams, ZIPs): counted in this process, or in Redis across every process. A slot is
 * given back by its release, or lapses after its ttl should its process die holding it.
 */
export interface OwnerSlots {
  /** One of the owner's `max` slots of `kind`; its release, or undefined when all are taken. */
  take(kind: string, owner: string, max: number, ttlMs: number): Promise<(() => void) | undefined>;
}

export function memorySlots(): OwnerSlots {
  const held = new Map<string, number>();
  return {
    async take(kind, owner, max) {
      const key = `${kind}:${owner}`;
      const count = held.get(key) ?? 0;
      if (count >= max) return undefined;
      held.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
  };
}

// A sorted set per owner and kind: each slot scored by when it lapses. One script, so two
// processes taking the last slot at once cannot both get it.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Slots shared by every process; while Redis is away a slot is given (as the rate limits do). */
export function redisSlots(redis: Redis, prefix: string, onError: (err: unknown) => void): OwnerSlots {
  return {
    async take(kind, owner, max, ttlMs) {
      const key = `${prefix}:slots:${kind}:${owner}`;
      const id = randomUUID();
      const now = Date.now();
      try {
        const taken = await redis.eval(TAKE, 1, key, now, max, now + ttlMs, id, ttlMs);
        if (taken !== 1) return undefined;
      } catch (err) {
        onError(err);
        return () => {};
      }
      return () => {
        redis.zrem(key, id).catch(onError);
      };
    },
  };
}
