/**
 * The main thread's side of the worker that commits (database-worker.ts): sends it a batch and
 * resolves once the worker says the batch is on disk.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-thread';
import type { Batch } from './database-format';
import type { BatchDone, BatchMessage } from './database-worker';

export class DatabaseWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private lastId = 0;
  /** Set once the worker has stopped: every later batch fails with it. */
  private stopped?: Error;

  constructor(path: string) {
    this.worker = startWorker(__dirname, __filename, 'database-worker', { workerData: { path } });
    this.worker.unref();
    this.worker.on('message', ({ id, error }: BatchDone) => {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(error));
    });
    // An error thrown in the worker arrives as a copy, which for SQLite's own errors is a plain object.
    this.worker.on('error', (error: unknown) => {
      this.stop(error instanceof Error ? error : new Error(String((error as { message?: unknown }).message ?? error)));
    });
    this.worker.on('exit', (code) => {
      this.stop(new Error(`the database's writer stopped (exit code ${String(code)})`));
    });
  }

  /** Resolves once `batch` is committed; rejects with the database's reason when it is not. */
  write(batch: Batch): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    this.lastId += 1;
    const message: BatchMessage = { id: this.lastId, batch };
    return new Promise((resolve, reject) => {
      this.waiting.set(message.id, { resolve, reject });
      this.worker.postMessage(message);
    });
  }

  /** Closes the connection and ends the worker, after the batches already sent. */
  async close(): Promise<void> {
    if (this.stopped) return;
    const exited = new Promise((done) => this.worker.once('exit', done));
    this.worker.postMessage('close');
    await exited;
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiter of this.waiting.values()) waiter.reject(this.stopped);
    this.waiting.clear();
  }
}
