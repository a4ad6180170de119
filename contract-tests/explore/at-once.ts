/**
 * The concurrent step of `--explore` (interface 4.1 to 4.4): a random batch of key writes,
 * removals, full updates and reads on one article, sent at once, each on its own connection. The
 * history (who overlapped whom, what each answered, the read after) is judged by the
 * linearizability check against the model of the article's data (checks/data-burst.ts), so a
 * target may serve the batch in any order it likes; only an outcome no order explains fails.
 */
import type { Write } from 'site-articles-schemas/conformance';
import { judgeDataBurst, type BurstStep } from '../checks/data-burst';
import { ownKeysOf } from '../checks/steps';
import type { Model, Real, Step } from './commands';

/** One operation of a batch, with the step's own key names (the sequence's prefix is added when sent). */
export type BatchOperation =
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'remove'; key: string }
  | { kind: 'update'; changes: Record<string, unknown> }
  | { kind: 'read' };

export const describeOperation = (operation: BatchOperation): string => {
  switch (operation.kind) {
    case 'set':
      return `set ${operation.key} to ${JSON.stringify(operation.value)}`;
    case 'remove':
      return `remove ${operation.key}`;
    case 'update':
      return `full update with ${JSON.stringify(operation.changes)}`;
    default:
      return 'read the article';
  }
};

/** The request an operation sends; a full update carries the article's own keys as they are, so it loses none. */
function burstStep(operation: BatchOperation, index: number, real: Real, own: Record<string, unknown>): BurstStep {
  const label = `#${String(index + 1)} ${describeOperation(operation)}`;
  const write = (sent: Write): BurstStep => ({ label, write: sent });
  switch (operation.kind) {
    case 'set':
      return write({ operation: 'setDataKey', key: real.key(operation.key), payload: { value: operation.value } });
    case 'remove':
      return write({ operation: 'deleteDataKey', key: real.key(operation.key) });
    case 'update': {
      const changes = Object.entries(operation.changes).map(([name, value]): [string, unknown] => [
        real.key(name),
        value,
      ]);
      return write({
        operation: 'updateArticle',
        payload: { article: { data: { ...own, ...Object.fromEntries(changes) } } },
      });
    }
    default:
      return { label, read: true };
  }
}

export class AtOnceStep implements Step {
  constructor(readonly batch: BatchOperation[]) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    if (real.stopped()) return;
    const { context } = real;
    // Full updates send the article's own keys as read just before (reserved keys are read-only: 2.1).
    // "Undecided" (too many orders within the bound) is no finding: the batch is simply not judged.
    const { after } = await judgeDataBurst(
      context,
      `${String(this.batch.length)} requests at once`,
      (before) => this.batch.map((operation, index) => burstStep(operation, index, real, ownKeysOf(before))),
      real.log,
    );
    // Which order the target took is its own choice: the model follows what it did.
    model.data = new Map(Object.entries(after).filter(([key]) => key.startsWith(context.marker)));
  }
  toString = (): string => `at once: ${this.batch.map(describeOperation).join(' | ')}`;
}
