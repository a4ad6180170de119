/**
 * Group commit: changes that arrive while a commit runs wait and go together in the next one, so
 * a burst of writes costs a few disk flushes, not one each. Only the ordering lives here; what a
 * commit writes is the caller's: `commitPending` gathers whatever changed since the last one.
 *
 * A failed commit fails the changes waiting for the next one too: they were made over the failed
 * ones (the same article, say), so neither may stay. `undoUnsaved` is called at once, in the same
 * turn as the rejections, so no change can slip in between the undo and the answers that say it
 * was not saved (site-database.ts puts the site in memory back as it is on disk).
 * Hand-written because it is a few lines over promises and no library offers this exact shape.
 */

interface Waiters {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function waiters(): Waiters {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  // A commit nobody waits for may fail too; its failure is reported by the caller, not thrown here.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export class GroupCommit {
  /** The commit being written, if any. */
  private running?: Waiters;
  /** Those whose changes go into the next commit, if anything changed since the running one began. */
  private next?: Waiters;
  private startScheduled = false;

  constructor(
    private readonly commitPending: () => Promise<void>,
    private readonly undoUnsaved: (error: unknown) => void = () => undefined,
  ) {}

  /** Something changed: it goes into the next commit, which starts as soon as none is running. */
  changed(): void {
    this.next ??= waiters();
    if (this.running === undefined && !this.startScheduled) {
      // Requests handled in the same turn of the event loop join this commit.
      this.startScheduled = true;
      setImmediate(() => {
        this.startScheduled = false;
        this.start();
      });
    }
  }

  /** Resolves once everything changed before this call is committed; rejects when that commit failed. */
  settled(): Promise<void> {
    return (this.next ?? this.running)?.promise ?? Promise.resolve();
  }

  private start(): void {
    const batch = this.next;
    if (batch === undefined || this.running !== undefined) return;
    this.next = undefined;
    this.running = batch;
    const finished = (): void => {
      this.running = undefined;
      this.start();
    };
    this.commitPending().then(
      () => {
        batch.resolve();
        finished();
      },
      (error: unknown) => {
        const later = this.next;
        this.next = undefined;
        this.undoUnsaved(error);
        batch.reject(error);
        later?.reject(error);
        finished();
      },
    );
  }
}
