import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, type RateLimitStore } from './rateLimiter';
import { RedisRateLimitStore } from './redisRateLimiter';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new RedisRateLimitStore(redisUrl, `ute:test:${randomUUID()}:`);
afterAll(() => redis.close());

describe.each([
  ['in-process', new MemoryRateLimitStore() as RateLimitStore],
  ['Redis', redis as RateLimitStore],
])('%s rate-limit store', (_name, store) => {
  it('counts hits within the window and resets', async () => {
    expect(await store.count('a')).toBe(0);
    expect(await store.hit('a', 60_000)).toBe(1);
    expect(await store.hit('a', 60_000)).toBe(2);
    expect(await store.count('a')).toBe(2);
    await store.reset('a');
    expect(await store.count('a')).toBe(0);
  });

  it('forgets hits once the window has passed', async () => {
    await store.hit('b', 50);
    await store.hit('b', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.count('b')).toBe(0);
    expect(await store.hit('b', 50)).toBe(1);
  });

  it('keeps keys apart', async () => {
    await store.hit('c1', 60_000);
    expect(await store.count('c2')).toBe(0);
  });
});
