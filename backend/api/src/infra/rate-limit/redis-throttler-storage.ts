import type { OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

export interface RedisThrottlerStorageOptions {
  redisUrl: string;
  /** Key prefix; tests use a unique one. Default `tcg:throttle`. */
  prefix?: string;
  /** How long a count may take before this request is counted in this process instead. Default 250 ms. */
  commandTimeoutMs?: number;
  /** After a count Redis did not make, how long counts stay in memory before Redis is asked again. Default 5 s. */
  retryRedisAfterMs?: number;
  /** Told once when Redis stops answering and once when it answers again. */
  onFallback?: (event: 'redis-unavailable' | 'redis-back', error?: Error) => void;
}

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface ThrottleCommand {
  throttleHit(hitsKey: string, blockKey: string, ttlMs: number, limit: number, blockMs: number): Promise<[number, number, number, number]>;
}

/**
 * One fixed window per key: the first hit starts it, a hit past the limit blocks the key for the block
 * duration (the window's rest when none is given) and starts the count again once the block ends, as
 * Nest's in-memory storage does. Both keys share a hash tag, so the script also runs on a cluster.
 */
const THROTTLE_HIT = `
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  return {tonumber(redis.call('GET', KEYS[1]) or '0'), math.max(redis.call('PTTL', KEYS[1]), 0), 1, blockLeft}
end
local hits = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  left = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], left)
end
if hits > tonumber(ARGV[2]) then
  local blockMs = tonumber(ARGV[3])
  if blockMs <= 0 then blockMs = left end
  redis.call('SET', KEYS[2], '1', 'PX', blockMs)
  redis.call('DEL', KEYS[1])
  return {hits, left, 1, blockMs}
end
return {hits, left, 0, 0}
`;

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * Rate-limit counts shared by every API process through Redis (`REDIS_URL`), so "10 checkouts a minute"
 * holds for a shopper whichever process answers. Rate limits protect the shop but decide nothing about
 * stock or money: while Redis does not answer, each request is counted in this process's memory instead
 * (the limits then hold per process) rather than refused or kept waiting.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis & ThrottleCommand;
  private readonly prefix: string;
  private readonly fallback = new ThrottlerStorageService();
  private readonly onFallback: NonNullable<RedisThrottlerStorageOptions['onFallback']>;
  /**
   * Until when counts skip Redis (each one asked while it does not answer cost its caller up to 250 ms);
   * 0 while Redis answers.
   */
  private skipRedisUntil = 0;
  private readonly retryRedisAfterMs: number;

  constructor(options: RedisThrottlerStorageOptions) {
    this.prefix = options.prefix ?? 'tcg:throttle';
    this.onFallback = options.onFallback ?? (() => undefined);
    this.retryRedisAfterMs = options.retryRedisAfterMs ?? 5000;
    // One try, bounded in time: a count that cannot be made now is made in memory, not later.
    const redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 250,
    });
    redis.on('error', () => undefined);
    redis.defineCommand('throttleHit', { numberOfKeys: 2, lua: THROTTLE_HIT });
    this.redis = redis as Redis & ThrottleCommand;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const tag = `${this.prefix}:{${throttlerName}:${key}}`;
    if (Date.now() < this.skipRedisUntil) return this.fallback.increment(key, ttl, limit, blockDuration, throttlerName);
    let reply: [number, number, number, number];
    try {
      reply = await this.redis.throttleHit(`${tag}:hits`, `${tag}:block`, ttl, limit, blockDuration);
    } catch (error) {
      if (this.skipRedisUntil === 0) this.onFallback('redis-unavailable', error as Error);
      this.skipRedisUntil = Date.now() + this.retryRedisAfterMs;
      return this.fallback.increment(key, ttl, limit, blockDuration, throttlerName);
    }
    if (this.skipRedisUntil !== 0) this.onFallback('redis-back');
    this.skipRedisUntil = 0;
    const [totalHits, leftMs, blocked, blockLeftMs] = reply;
    return { totalHits, timeToExpire: seconds(leftMs), isBlocked: blocked === 1, timeToBlockExpire: seconds(blockLeftMs) };
  }

  async onApplicationShutdown(): Promise<void> {
    this.fallback.onApplicationShutdown();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
