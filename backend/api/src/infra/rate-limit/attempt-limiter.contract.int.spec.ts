import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `tcg-test-attempts-${process.pid}-${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Limiter = AttemptLimiter & { close(): Promise<void> };

function attemptLimiterContract(adapter: string, create: () => Limiter) {
  describe(`AttemptLimiter contract on ${adapter}`, () => {
    const made: Limiter[] = [];
    const limiter = () => {
      const one = create();
      made.push(one);
      return one;
    };
    afterEach(async () => {
      await Promise.all(made.splice(0).map((one) => one.close()));
    });

    it('admits up to the limit of distinct attempts, then refuses a new one and says for how long', async () => {
      const limits = limiter();
      const key = `checkout:${randomUUID()}`;
      const answers = [];
      for (const attempt of ['a', 'b', 'c', 'd']) answers.push(await limits.admit(key, attempt, 3, 60_000));
      expect(answers.map(({ admitted }) => admitted)).toEqual([true, true, true, false]);
      expect(answers[3].retryAfterSeconds).toBeGreaterThan(58);
      expect(answers[3].retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('admits an attempt already admitted however often it comes again, at the limit too', async () => {
      const limits = limiter();
      const key = `checkout:${randomUUID()}`;
      for (let send = 0; send < 10; send++) expect((await limits.admit(key, 'same', 2, 60_000)).admitted).toBe(true);
      expect((await limits.admit(key, 'other', 2, 60_000)).admitted).toBe(true);
      expect((await limits.admit(key, 'third', 2, 60_000)).admitted).toBe(false);
      expect((await limits.admit(key, 'same', 2, 60_000)).admitted).toBe(true);
      // A refused attempt stays refused: sending it again does not let it in.
      expect((await limits.admit(key, 'third', 2, 60_000)).admitted).toBe(false);
    });

    it('keeps keys apart, and starts counting again once the window ends', async () => {
      const limits = limiter();
      const [key, other] = [`checkout:${randomUUID()}`, `checkout:${randomUUID()}`];
      expect((await limits.admit(key, 'a', 1, 400)).admitted).toBe(true);
      expect((await limits.admit(key, 'b', 1, 400)).admitted).toBe(false);
      expect((await limits.admit(other, 'b', 1, 400)).admitted).toBe(true);
      await sleep(500);
      expect((await limits.admit(key, 'b', 1, 400)).admitted).toBe(true);
    });
  });
}

attemptLimiterContract('memory (one process)', () => Object.assign(new MemoryAttemptLimiter(), { close: async () => undefined }));

function onRedis(options: Partial<ConstructorParameters<typeof RedisThrottlerStorage>[0]> = {}): Limiter {
  const storage = new RedisThrottlerStorage({ redisUrl: REDIS_URL, prefix: PREFIX, ...options });
  return Object.assign(storage, { close: () => storage.onApplicationShutdown() });
}

attemptLimiterContract('Redis', () => onRedis());

describe('AttemptLimiter on Redis', () => {
  const made: Limiter[] = [];
  const limiter = (options?: Partial<ConstructorParameters<typeof RedisThrottlerStorage>[0]>) => {
    const one = onRedis(options);
    made.push(one);
    return one;
  };
  afterEach(async () => {
    await Promise.all(made.splice(0).map((one) => one.close()));
  });
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('shares the attempts between processes, and keeps nothing past the window', async () => {
    const [first, second] = [limiter(), limiter()];
    const key = `checkout:${randomUUID()}`;
    expect((await first.admit(key, 'a', 2, 60_000)).admitted).toBe(true);
    expect((await second.admit(key, 'a', 2, 60_000)).admitted).toBe(true);
    expect((await second.admit(key, 'b', 2, 60_000)).admitted).toBe(true);
    expect((await first.admit(key, 'c', 2, 60_000)).admitted).toBe(false);
    const redis = new Redis(REDIS_URL);
    const [stored] = await redis.keys(`${PREFIX}:*${key}*`);
    const ttl = await redis.pttl(stored);
    await redis.quit();
    expect(ttl).toBeGreaterThan(58_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts in its own memory while Redis does not answer', async () => {
    const told: string[] = [];
    const unreachable = limiter({ redisUrl: 'redis://127.0.0.1:1', onFallback: (event) => told.push(event) });
    const key = `checkout:${randomUUID()}`;
    const answers = [];
    for (const attempt of ['a', 'a', 'b']) answers.push((await unreachable.admit(key, attempt, 1, 60_000)).admitted);
    expect(answers).toEqual([true, true, false]);
    expect(told).toEqual(['redis-unavailable']);
  });
});
