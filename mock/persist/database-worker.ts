/**
 * The worker thread that owns the database connection for writing (site-database.ts starts it).
 * libsql's calls are synchronous and a durable commit waits for the disk, so they run here, off
 * the event loop that answers requests. Each message is one batch, committed in one transaction;
 * the answer says when it is on disk or why it is not.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { closeConnection, openConnection, writeBatch, type Batch } from './database-format';

export interface BatchMessage {
  id: number;
  batch: Batch;
}

export interface BatchDone {
  id: number;
  /** Why the batch was not committed; absent when it was. */
  error?: string;
}

const connection = openConnection((workerData as { path: string }).path, { commits: true });

/** `'close'` ends the worker once the batches before it are committed: the connection closes cleanly. */
parentPort?.on('message', (message: BatchMessage | 'close') => {
  if (message === 'close') {
    closeConnection(connection);
    parentPort?.close();
    return;
  }
  const { id, batch } = message;
  let done: BatchDone = { id };
  try {
    writeBatch(connection, batch);
  } catch (error) {
    done = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(done);
});
