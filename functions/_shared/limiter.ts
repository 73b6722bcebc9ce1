// A counting semaphore: at most `limit` tasks at once.
export class Limiter {
  private active = 0;
  private queue: Array<() => void> = [];
  /** Highest number of tasks seen running at once (for tests and benches). */
  peak = 0;

  constructor(public limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }
}

/** Runs fn over items with at most `limit` in flight; settles every item. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const limiter = new Limiter(limit);
  return Promise.allSettled(items.map((item) => limiter.run(() => fn(item))));
}
