/**
 * The records a store read from its saved records (saved-records.ts) and has not changed since,
 * oldest first. A record read for the first time in a while is not held at all (seen-recently.ts):
 * it dies young, as a request's own objects do. One asked for again soon is held, and past a bound
 * the oldest are let go, and read again when next asked for, so a large site read all over keeps
 * memory bounded. A record that changes is held for good (it is the only copy of the change until
 * its commit, and the one every later request must see).
 */
import { hashId, SeenRecently } from './seen-recently';

export class ReadRecords<T> {
  /** Size of each record read and unchanged (1 an article, its length a comment list), oldest first. */
  private readonly sizes = new Map<number, number>();
  private total = 0;
  private readonly seen = new SeenRecently();

  /** `held` is the store's own map of the records, from which the oldest are removed. */
  constructor(
    private readonly held: Map<number, T>,
    private readonly bound: number,
  ) {}

  /**
   * A record just read: held when it was asked for recently already, letting the oldest go while
   * over the bound (never the one just read). Says whether it is held.
   */
  add(id: number, record: T, size = 1): boolean {
    if (!this.seen.seenBefore(hashId(id))) return false;
    this.held.set(id, record);
    this.sizes.set(id, size);
    this.total += size;
    for (const [oldest, oldSize] of this.sizes) {
      if (this.total <= this.bound || oldest === id) break;
      this.sizes.delete(oldest);
      this.held.delete(oldest);
      this.total -= oldSize;
    }
    return true;
  }

  /** The record is about to change: it is held for good, whether it was held until now or only read. */
  keep(id: number, record: T): void {
    this.held.set(id, record);
    const size = this.sizes.get(id);
    if (size === undefined) return;
    this.sizes.delete(id);
    this.total -= size;
  }
}
