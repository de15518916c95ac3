import { createClient } from 'redis';
import type { RateLimitStore } from './rateLimiter';

// GET and DECR in one step on the server: a key that expired meanwhile is not brought back at -1.
const RELEASE_SCRIPT = "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end return 0";

/** Throttling counters shared by every api process (REDIS_URL), so limits hold behind a load balancer. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: ReturnType<typeof createClient>;
  private connecting: Promise<unknown> | null = null;

  constructor(
    url: string,
    private readonly prefix = 'ute:limits:',
  ) {
    this.client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: (retries) => Math.min(retries * 200, 3000) } });
    this.client.on('error', () => {}); // surfaced by the failing command instead
  }

  private async ready() {
    if (!this.client.isOpen) this.connecting ??= this.client.connect();
    await this.connecting;
    return this.client;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const client = await this.ready();
    const fullKey = this.prefix + key;
    // The window starts at the first hit: the expiry is set only when the key is new. MULTI runs
    // both at once on the server, so parallel hits get 1, 2, 3... each exactly once.
    const [count] = await client.multi().incr(fullKey).pExpire(fullKey, windowMs, 'NX').exec();
    return Number(count);
  }

  async release(key: string): Promise<void> {
    const client = await this.ready();
    await client.eval(RELEASE_SCRIPT, { keys: [this.prefix + key] });
  }

  async count(key: string): Promise<number> {
    const client = await this.ready();
    return Number((await client.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    const client = await this.ready();
    await client.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.quit();
  }
}
