// A fixed-window counter in memory: enough for one process, and it forgets
// everything on restart, which is what a local stack wants.
export class RateLimiter {
  private hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit for key; false when the key is over its limit. */
  take(key: string, now = Date.now()): boolean {
    let entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      entry = { start: now, count: 0 };
      this.hits.set(key, entry);
      if (this.hits.size > 10_000) this.prune(now);
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  private prune(now: number) {
    for (const [k, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(k);
  }
}
