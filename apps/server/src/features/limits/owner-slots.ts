import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How many of one kind of expensive thing an owner has under way at once (preview renders,
 * progress streams, exports, ZIPs): counted in this process, or in Redis across every process.
 * A slot is given back by its release; in Redis it is held on a short lease that its process
 * renews while it holds the slot, so it lapses within a lease of that process dying.
 */
export interface OwnerSlots {
  /** One of the owner's `max` slots of `kind`; its release, or undefined when all are taken. */
  take(kind: string, owner: string, max: number): Promise<(() => void) | undefined>;
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

// A sorted set per owner and kind: each slot scored by when its lease ends. One script, so two
// processes taking the last slot at once cannot both get it.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

// A held slot's lease moved on (only while it is still there: a released slot stays released).
const RENEW = `
if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1`;

/**
 * Slots shared by every process; while Redis is away a slot is given (as the rate limits do).
 * Each is leased for `leaseMs` and renewed every third of it while held: a process that dies
 * holding one (kill -9, a lost machine) frees it within `leaseMs`, not after the longest task.
 */
export function redisSlots(
  redis: Redis,
  prefix: string,
  leaseMs: number,
  onError: (err: unknown) => void,
): OwnerSlots {
  return {
    async take(kind, owner, max) {
      const key = `${prefix}:slots:${kind}:${owner}`;
      const id = randomUUID();
      const now = Date.now();
      try {
        const taken = await redis.eval(TAKE, 1, key, now, max, now + leaseMs, id, leaseMs);
        if (taken !== 1) return undefined;
      } catch (err) {
        onError(err);
        return () => {};
      }
      const renewal = setInterval(
        () => {
          redis.eval(RENEW, 1, key, Date.now() + leaseMs, id, leaseMs).catch(onError);
        },
        Math.max(100, Math.floor(leaseMs / 3)),
      );
      // A held slot never keeps a process from exiting.
      renewal.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        redis.zrem(key, id).catch(onError);
      };
    },
  };
}
