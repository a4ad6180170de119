/**
 * The records a store read from its saved records (saved-records.ts) and has not changed since,
 * oldest first. Past a bound the oldest are let go, and read again when next asked for, so a
 * large site read all over keeps memory bounded; a record that changed is held for good (it is
 * the only copy of the change until its commit, and the one every later request must see).
 */
export class ReadRecords<T> {
  /** Size of each record read and unchanged (1 an article, its length a comment list), oldest first. */
  private readonly sizes = new Map<number, number>();
  private total = 0;

  /** `held` is the store's own map of the records, from which the oldest are removed. */
  constructor(
    private readonly held: Map<number, T>,
    private readonly bound: number,
  ) {}

  /** Holds a record just read; lets the oldest go while over the bound, never the one just read. */
  add(id: number, record: T, size = 1): void {
    this.held.set(id, record);
    this.sizes.set(id, size);
    this.total += size;
    for (const [oldest, oldSize] of this.sizes) {
      if (this.total <= this.bound || oldest === id) break;
      this.sizes.delete(oldest);
      this.held.delete(oldest);
      this.total -= oldSize;
    }
  }

  /** The record is about to change: it is held for good. */
  keep(id: number): void {
    const size = this.sizes.get(id);
    if (size === undefined) return;
    this.sizes.delete(id);
    this.total -= size;
  }
}
