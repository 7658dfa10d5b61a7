import type { OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { type Admission, type AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter';

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
  admitAttempt(attemptsKey: string, attempt: string, limit: number, ttlMs: number): Promise<[number, number]>;
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

/**
 * The attempts admitted in the key's window are a set that expires with it: one already in it is admitted
 * again; a new one joins while the set is under the limit, and is refused (with the window's time left)
 * once it is full.
 */
const ADMIT_ATTEMPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return {1, 0} end
local count = redis.call('SCARD', KEYS[1])
if count >= tonumber(ARGV[2]) then return {0, math.max(redis.call('PTTL', KEYS[1]), 0)} end
redis.call('SADD', KEYS[1], ARGV[1])
if count == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, 0}
`;

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * Rate-limit counts shared by every API process through Redis (`REDIS_URL`), so "10 checkouts a minute"
 * holds for a shopper whichever process answers. Rate limits protect the shop but decide nothing about
 * stock or money: while Redis does not answer, each request is counted in this process's memory instead
 * (the limits then hold per process) rather than refused or kept waiting.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, AttemptLimiter, OnApplicationShutdown {
  private readonly redis: Redis & ThrottleCommand;
  private readonly prefix: string;
  private readonly fallback = new ThrottlerStorageService();
  private readonly attemptsFallback = new MemoryAttemptLimiter();
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
    redis.defineCommand('admitAttempt', { numberOfKeys: 1, lua: ADMIT_ATTEMPT });
    this.redis = redis as Redis & ThrottleCommand;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const tag = `${this.prefix}:{${throttlerName}:${key}}`;
    const reply = await this.onRedis(() => this.redis.throttleHit(`${tag}:hits`, `${tag}:block`, ttl, limit, blockDuration));
    if (!reply) return this.fallback.increment(key, ttl, limit, blockDuration, throttlerName);
    const [totalHits, leftMs, blocked, blockLeftMs] = reply;
    return { totalHits, timeToExpire: seconds(leftMs), isBlocked: blocked === 1, timeToBlockExpire: seconds(blockLeftMs) };
  }

  async admit(key: string, attempt: string, limit: number, ttlMs: number): Promise<Admission> {
    const reply = await this.onRedis(() => this.redis.admitAttempt(`${this.prefix}:attempts:${key}`, attempt, limit, ttlMs));
    if (!reply) return this.attemptsFallback.admit(key, attempt, limit, ttlMs);
    const [admitted, leftMs] = reply;
    return { admitted: admitted === 1, retryAfterSeconds: admitted === 1 ? 0 : Math.max(1, seconds(leftMs)) };
  }

  /** Redis's answer, or undefined when the count is to be made in memory (Redis skipped, or not answering). */
  private async onRedis<T>(command: () => Promise<T>): Promise<T | undefined> {
    if (Date.now() < this.skipRedisUntil) return undefined;
    let reply: T;
    try {
      reply = await command();
    } catch (error) {
      if (this.skipRedisUntil === 0) this.onFallback('redis-unavailable', error as Error);
      this.skipRedisUntil = Date.now() + this.retryRedisAfterMs;
      return undefined;
    }
    if (this.skipRedisUntil !== 0) this.onFallback('redis-back');
    this.skipRedisUntil = 0;
    return reply;
  }

  async onApplicationShutdown(): Promise<void> {
    this.fallback.onApplicationShutdown();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
