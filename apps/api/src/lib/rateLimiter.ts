/** Counters behind one interface so a shared store (Redis) can replace the in-process one. */
export interface RateLimitStore {
  /** Adds one hit to key and returns the hits within the window (including this one). */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.entries.set(key, { count: 1, expiresAt: now + windowMs });
      this.sweep(now);
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async count(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
