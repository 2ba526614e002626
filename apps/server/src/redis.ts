import { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters (rate limits): a command fails fast while Redis is away
 * rather than holding a request, and the connection comes back by itself.
 */
export function openRedis(url: string, onError: (err: Error) => void): Redis {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', onError);
  return redis;
}
