import { Redis } from 'ioredis';

/**
 * `REDIS_URL` (or the local server) with a database number of the test file's own, for apps started with
 * `REDIS_URL`: their BullMQ queues and rate limits use fixed key names, which must not meet another
 * file's, nor stay behind in database 0. Numbers in use: 13 (rate limits), 14 (projector).
 */
export function testRedisUrl(db: number): string {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${db}`;
  return url.toString();
}

/** Empties that database once the file's apps are closed. */
export async function emptyTestRedis(url: string): Promise<void> {
  const redis = new Redis(url);
  await redis.flushdb();
  await redis.quit();
}
