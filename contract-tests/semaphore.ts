/**
 * A counting semaphore, for the run's schedule (schedule.ts) and the restore's key writes
 * (restore.ts): `take` waits for one of `size` permits, the rest waiting in the order they asked;
 * the function it runs gives its permit back when it ends, however it ends.
 */
export class Semaphore {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = Math.max(1, size);
  }

  async take<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
