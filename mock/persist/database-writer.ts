/**
 * The main thread's side of the worker that commits (database-worker.ts): sends it a batch and
 * resolves once the worker says the batch is on disk. A batch goes in parts of a few thousand
 * rows, each sent once the one before is written, so that writing a whole large site (a first
 * start, a reset) never holds all its rows at once and lets requests be answered between parts.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../runtime/worker-thread';
import type { Batch } from './database-format';
import type { PartDone, PartMessage } from './database-worker';

const rowsPerPart = 5_000;

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  /** Told when a part before the last is written (true) or the batch has ended (false). */
  partWritten?: (more: boolean) => void;
}

export class DatabaseWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiter>();
  private lastId = 0;
  /** Set once the worker has stopped: every later batch fails with it. */
  private stopped?: Error;

  constructor(path: string) {
    this.worker = startWorker(__dirname, __filename, 'database-worker', { workerData: { path } });
    this.worker.unref();
    this.worker.on('message', (done: PartDone) => {
      this.answered(done);
    });
    // An error thrown in the worker arrives as a copy, which for SQLite's own errors is a plain object.
    this.worker.on('error', (error: unknown) => {
      this.stop(error instanceof Error ? error : new Error(String((error as { message?: unknown }).message ?? error)));
    });
    this.worker.on('exit', (code) => {
      this.stop(new Error(`the database's writer stopped (exit code ${String(code)})`));
    });
  }

  /**
   * Resolves once `batch` is committed; rejects with the database's reason when it is not. One
   * batch at a time: the next only once this one has settled (site-database.ts's group commit
   * keeps that order), since a batch's rows are made as its parts are sent.
   */
  write(batch: Batch): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    this.lastId += 1;
    const id = this.lastId;
    const committed = new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
    });
    void this.sendInParts(id, batch);
    return committed;
  }

  /** Closes the connection and ends the worker, after the batches already committed; one still being sent is undone. */
  async close(): Promise<void> {
    if (this.stopped) return;
    const exited = new Promise((done) => this.worker.once('exit', done));
    this.worker.postMessage('close');
    await exited;
  }

  private async sendInParts(id: number, batch: Batch): Promise<void> {
    let message: PartMessage = { id, first: true, whole: batch.whole, rows: [], more: true };
    try {
      for (const row of batch.rows) {
        message.rows.push(row);
        if (message.rows.length < rowsPerPart) continue;
        if (!(await this.sendPart(message))) return;
        message = { id, first: false, whole: false, rows: [], more: true };
      }
      message.more = false;
    } catch (error) {
      const abandoned = error instanceof Error ? error.message : String(error);
      message = { ...message, rows: [], more: false, abandoned };
    }
    this.post(message);
  }

  /** Sends a part before the last; resolves true once it is written, false once the batch has ended (failed). */
  private sendPart(message: PartMessage): Promise<boolean> {
    const waiter = this.waiting.get(message.id);
    if (!waiter) return Promise.resolve(false);
    const written = new Promise<boolean>((resolve) => {
      waiter.partWritten = resolve;
    });
    this.post(message);
    return written;
  }

  private post(message: PartMessage): void {
    if (this.stopped) return;
    this.worker.postMessage(message);
  }

  private answered({ id, part, error }: PartDone): void {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    if (part && error === undefined) {
      waiter.partWritten?.(true);
      return;
    }
    this.waiting.delete(id);
    waiter.partWritten?.(false);
    if (error === undefined) waiter.resolve();
    else waiter.reject(new Error(error));
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiter of this.waiting.values()) {
      waiter.partWritten?.(false);
      waiter.reject(this.stopped);
    }
    this.waiting.clear();
  }
}
