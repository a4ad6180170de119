/**
 * The worker thread that owns the database connection for writing (site-database.ts starts it).
 * libsql's calls are synchronous and a durable commit waits for the disk, so they run here, off
 * the event loop that answers requests. A batch is one transaction; it comes in one or more parts
 * (database-writer.ts), each part answered so that the next is sent only then, and the last part's
 * answer says the batch is on disk, or why it is not.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  beginBatch,
  closeConnection,
  commitBatch,
  openConnection,
  rollBackBatch,
  writeRows,
  type Row,
} from './database-format';

export interface PartMessage {
  id: number;
  /** The batch's first part, which begins its transaction; one batch is written at a time. */
  first: boolean;
  /** On the first part: the batch replaces the whole site. */
  whole: boolean;
  rows: Row[];
  /** More parts follow: the transaction stays open. */
  more: boolean;
  /** The sender could not make the rest of the batch: it is undone. */
  abandoned?: string;
}

export interface PartDone {
  id: number;
  /** A part before the last was written; the batch is not committed yet. */
  part?: true;
  /** Why the batch was not committed; absent when it was (or, with `part`, so far). */
  error?: string;
}

const connection = openConnection((workerData as { path: string }).path, { commits: true });
/** The id of the batch whose transaction is open. */
let open: number | undefined;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Refuses a part that does not follow the one before (the writer never sends one): it must not touch another batch. */
function outOfTurn(message: PartMessage): string | undefined {
  if (message.first && open !== undefined) return `batch ${String(open)} is still being written`;
  if (!message.first && open !== message.id) return 'its first part was not written';
  return undefined;
}

function writePart(message: PartMessage): PartDone {
  const refused = outOfTurn(message);
  if (refused !== undefined) return { id: message.id, error: refused };
  try {
    if (message.first) {
      open = message.id;
      beginBatch(connection, message.whole);
    }
    if (message.abandoned !== undefined) throw new Error(message.abandoned);
    writeRows(connection, message.rows);
    if (message.more) return { id: message.id, part: true };
    commitBatch(connection);
    open = undefined;
    return { id: message.id };
  } catch (error) {
    // The batch ends here: the writer sends no further part of it once it hears why.
    rollBackBatch(connection);
    open = undefined;
    return { id: message.id, error: reason(error) };
  }
}

/** `'close'` ends the worker once the batches before it are committed: the connection closes cleanly. */
parentPort?.on('message', (message: PartMessage | 'close') => {
  if (message === 'close') {
    rollBackBatch(connection);
    closeConnection(connection);
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(writePart(message));
});
