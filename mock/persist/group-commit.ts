/**
 * Group commit: changes that arrive while a commit runs wait and go together in the next one, so
 * a burst of writes costs a few disk flushes, not one each. Only the ordering lives here; what a
 * commit writes is the caller's: `commitPending` gathers whatever changed since the last one, and
 * must carry the changes of a failed commit into the next (site-database.ts puts them back in
 * front of what changed since), because `settled()` answers for the newest commit alone.
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

  constructor(private readonly commitPending: () => Promise<void>) {}

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
        batch.reject(error);
        finished();
      },
    );
  }
}
