import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { connect, createServer, type AddressInfo } from 'node:net';
import { type AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `tcg-test-throttle-${process.pid}-${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Storage = ThrottlerStorage & { onApplicationShutdown(): unknown };

/** Makes what a test counts with, and shuts it down after the test. */
function shutDownAfterEach<A extends unknown[], T extends { onApplicationShutdown(): unknown }>(create: (...args: A) => T): (...args: A) => T {
  const made: T[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((one) => one.onApplicationShutdown()));
  });
  return (...args) => {
    const one = create(...args);
    made.push(one);
    return one;
  };
}

/** What Nest's guards ask: `limit` hits per `ttl` ms, then blocked for `ttl` ms. */
function throttlerStorageContract(adapter: string, create: () => Storage) {
  describe(`ThrottlerStorage contract on ${adapter}`, () => {
    const storage = shutDownAfterEach(create);

    it('counts hits up to the limit, then blocks the key and says for how long', async () => {
      const limits = storage();
      const key = randomUUID();
      const counted = [];
      for (let hit = 0; hit < 3; hit++) counted.push(await limits.increment(key, 60_000, 3, 60_000, 'checkout'));
      expect(counted.map(({ totalHits, isBlocked }) => [totalHits, isBlocked])).toEqual([
        [1, false],
        [2, false],
        [3, false],
      ]);
      expect(counted[0].timeToExpire).toBeGreaterThan(58);
      expect(counted[0].timeToExpire).toBeLessThanOrEqual(60);
      const refused = await limits.increment(key, 60_000, 3, 60_000, 'checkout');
      expect(refused.isBlocked).toBe(true);
      expect(refused.timeToBlockExpire).toBeGreaterThan(58);
      expect(refused.timeToBlockExpire).toBeLessThanOrEqual(60);
      expect((await limits.increment(key, 60_000, 3, 60_000, 'checkout')).isBlocked).toBe(true);
    });

    it('keeps keys apart', async () => {
      const limits = storage();
      const [busy, other] = [randomUUID(), randomUUID()];
      for (let hit = 0; hit < 3; hit++) await limits.increment(busy, 60_000, 2, 60_000, 'checkout');
      expect((await limits.increment(busy, 60_000, 2, 60_000, 'checkout')).isBlocked).toBe(true);
      expect(await limits.increment(other, 60_000, 2, 60_000, 'checkout')).toMatchObject({ totalHits: 1, isBlocked: false });
    });

    it('lets a key in again once its block ends, counting from one', async () => {
      const limits = storage();
      const key = randomUUID();
      for (let hit = 0; hit < 2; hit++) await limits.increment(key, 400, 1, 400, 'checkout');
      expect((await limits.increment(key, 400, 1, 400, 'checkout')).isBlocked).toBe(true);
      await sleep(500);
      expect(await limits.increment(key, 400, 1, 400, 'checkout')).toMatchObject({ totalHits: 1, isBlocked: false });
    });
  });
}

throttlerStorageContract('memory (one process)', () => new ThrottlerStorageService());
throttlerStorageContract('Redis', () => new RedisThrottlerStorage({ redisUrl: REDIS_URL, prefix: PREFIX }));

type Limiter = AttemptLimiter & { onApplicationShutdown(): unknown };

function attemptLimiterContract(adapter: string, create: () => Limiter) {
  describe(`AttemptLimiter contract on ${adapter}`, () => {
    const limiter = shutDownAfterEach(create);

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

attemptLimiterContract('memory (one process)', () => Object.assign(new MemoryAttemptLimiter(), { onApplicationShutdown: () => undefined }));
attemptLimiterContract('Redis', () => new RedisThrottlerStorage({ redisUrl: REDIS_URL, prefix: PREFIX }));

describe('RedisThrottlerStorage', () => {
  const storage = shutDownAfterEach(
    (options: Partial<ConstructorParameters<typeof RedisThrottlerStorage>[0]> = {}) =>
      new RedisThrottlerStorage({ redisUrl: REDIS_URL, prefix: PREFIX, ...options }),
  );
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('shares one count between processes: a shopper cannot get a second limit from a second API process', async () => {
    const [first, second] = [storage(), storage()];
    const key = randomUUID();
    const hits = [];
    for (let hit = 0; hit < 4; hit++) hits.push(await (hit % 2 ? second : first).increment(key, 60_000, 3, 60_000, 'checkout'));
    expect(hits.map(({ totalHits, isBlocked }) => [totalHits, isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect((await first.increment(key, 60_000, 3, 60_000, 'checkout')).isBlocked).toBe(true);
  });

  it('keeps nothing past its window in Redis', async () => {
    const key = randomUUID();
    await storage().increment(key, 60_000, 3, 60_000, 'checkout');
    const redis = new Redis(REDIS_URL);
    const [stored] = await redis.keys(`${PREFIX}:*${key}*`);
    const ttl = await redis.pttl(stored);
    await redis.quit();
    expect(ttl).toBeGreaterThan(58_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('counts in its own memory while Redis does not answer, and says so once', async () => {
    const told: string[] = [];
    const unreachable = storage({ redisUrl: 'redis://127.0.0.1:1', onFallback: (event) => told.push(event) });
    const key = randomUUID();
    const started = Date.now();
    const hits = [];
    for (let hit = 0; hit < 3; hit++) hits.push(await unreachable.increment(key, 60_000, 2, 60_000, 'checkout'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hits.map(({ isBlocked }) => isBlocked)).toEqual([false, false, true]);
    expect(told).toEqual(['redis-unavailable']);
  });

  it('counts in Redis again once it answers again, and says so once', async () => {
    // Refuses every connection until `up`, then passes them to the real Redis.
    let up = false;
    const redisUrl = new URL(REDIS_URL);
    const gate = createServer((client) => {
      if (!up) return void client.destroy();
      const server = connect(Number(redisUrl.port || 6379), redisUrl.hostname);
      client.pipe(server).pipe(client);
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const told: string[] = [];
    const flaky = storage({ redisUrl: `redis://127.0.0.1:${(gate.address() as AddressInfo).port}`, retryRedisAfterMs: 50, onFallback: (event) => told.push(event) });
    try {
      const key = randomUUID();
      expect((await flaky.increment(key, 60_000, 10, 60_000, 'checkout')).totalHits).toBe(1);
      up = true;
      const deadline = Date.now() + 10_000;
      while (!told.includes('redis-back') && Date.now() < deadline) {
        await flaky.increment(key, 60_000, 10, 60_000, 'checkout');
        await sleep(50);
      }
      expect(told).toEqual(['redis-unavailable', 'redis-back']);
      // Counted in Redis from there on: another storage on the real Redis sees the same count.
      const before = (await flaky.increment(key, 60_000, 100, 60_000, 'checkout')).totalHits;
      expect((await storage().increment(key, 60_000, 100, 60_000, 'checkout')).totalHits).toBe(before + 1);
      expect(told).toEqual(['redis-unavailable', 'redis-back']);
    } finally {
      gate.close();
    }
  });

  // Before: every count asked Redis again, so while it did not answer each request waited 250 ms more.
  it('asks a Redis that does not answer again only after a pause, so requests meanwhile wait for nothing', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const told: string[] = [];
    const frozen = storage({ redisUrl: `redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, commandTimeoutMs: 200, retryRedisAfterMs: 60_000, onFallback: (event) => told.push(event) });
    try {
      const key = randomUUID();
      const first = Date.now();
      await frozen.increment(key, 60_000, 10, 60_000, 'checkout');
      expect(Date.now() - first).toBeGreaterThanOrEqual(150);
      const rest = Date.now();
      const hits = [];
      for (let hit = 0; hit < 5; hit++) hits.push(await frozen.increment(key, 60_000, 10, 60_000, 'checkout'));
      expect(Date.now() - rest).toBeLessThan(100);
      expect(hits.map(({ totalHits }) => totalHits)).toEqual([2, 3, 4, 5, 6]);
      expect(told).toEqual(['redis-unavailable']);
    } finally {
      silent.close();
    }
  });

  it('shares a checkout\'s attempts between processes, and keeps them no longer than the window', async () => {
    const [first, second] = [storage(), storage()];
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

  it('admits attempts in its own memory while Redis does not answer', async () => {
    const told: string[] = [];
    const unreachable = storage({ redisUrl: 'redis://127.0.0.1:1', onFallback: (event) => told.push(event) });
    const key = `checkout:${randomUUID()}`;
    const answers = [];
    for (const attempt of ['a', 'a', 'b']) answers.push((await unreachable.admit(key, attempt, 1, 60_000)).admitted);
    expect(answers).toEqual([true, true, false]);
    expect(told).toEqual(['redis-unavailable']);
  });
});
