import { createClient } from 'redis';
import type { RateLimitStore } from './rateLimiter';

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
    // The window starts at the first hit: the expiry is set only when the key is new.
    const [count] = await client.multi().incr(fullKey).pExpire(fullKey, windowMs, 'NX').exec();
    return Number(count);
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
