/**
 * One article's `data` history (4.2 to 4.4) split by key, as Porcupine splits a key-value history
 * (P-compositionality): each key is its own register, so each key's part (the requests that write
 * it, a full update in every key it sends or may remove, and every answer that shows the data, as a
 * read of that key alone) is checked alone, small and quick, and a fault is reported in the key it
 * shows in. The parts are not the whole judgement: a read, or a write's answer, shows every key at
 * one moment, so those snapshots couple the keys (a write answering from a later read passes every
 * key alone). When every part passes, the whole history is searched once more, pruned by the same
 * key-by-key condition (prune.ts), so the verdict stays exact.
 */
import { isRecord } from '../predict';
import { checkLinearizable, type Observed, type Verdict } from './check';
import { articleDataModel, isAccepted, type Answered, type Data, type DataOperation } from './model';
import { pruneByKey, shownMerged, suppliedKeys } from './prune';

/** A verdict, and the key whose part alone already shows the fault, when one does. */
export type DataVerdict = Verdict & { key?: string };

const pick = (data: Data, key: string): Data => (Object.hasOwn(data, key) ? { [key]: data[key] } : {});

const answerOn = (answer: Answered, key: string): Answered =>
  answer?.data === undefined ? answer : { ...answer, data: pick(answer.data, key) };

/** A full update's payload with only `key` of the data it sends. */
function payloadOn(payload: unknown, key: string): unknown {
  const article = isRecord(payload) ? payload.article : undefined;
  if (!isRecord(payload) || !isRecord(article) || !isRecord(article.data)) return payload;
  return { ...payload, article: { ...article, data: pick(article.data, key) } };
}

/**
 * A full update that did not send `key` and whose answer shows it merged (it kept another key it
 * did not send) left `key` as it was: in that key's part it is a read, not a write that may have
 * removed it. Merge or replace is one choice for the whole update, so this keeps it one.
 */
function keptAsMerged(payload: unknown, answer: Answered, key: string): boolean {
  const supplied = suppliedKeys(payload);
  const shown = answer?.data;
  return (
    supplied !== undefined &&
    !supplied.has(key) &&
    isAccepted(answer) &&
    shown !== undefined &&
    shownMerged(shown, supplied)
  );
}

/** The request as key `key` sees it; undefined when it neither writes that key nor shows it. */
function opOn(op: DataOperation, key: string): DataOperation | undefined {
  const answer = answerOn(op.answer, key);
  if (op.kind === 'read') return { kind: 'read', answer };
  const { write } = op;
  if (write.operation === 'updateArticle') {
    if (!keptAsMerged(write.payload, op.answer, key))
      return { kind: 'write', write: { ...write, payload: payloadOn(write.payload, key) }, answer };
  } else if (write.operation !== 'postComment' && write.key === key) return { kind: 'write', write, answer };
  return isAccepted(op.answer) && answer?.data !== undefined ? { kind: 'read', answer } : undefined;
}

/** Every key the history or the data before it names, in a fixed order. */
function keysOf(initial: Data, history: Observed<DataOperation>[]): string[] {
  const keys = new Set(Object.keys(initial));
  for (const { op } of history) {
    for (const key of Object.keys(op.answer?.data ?? {})) keys.add(key);
    if (op.kind === 'read') continue;
    const { write } = op;
    if (write.operation === 'setDataKey' || write.operation === 'deleteDataKey') keys.add(write.key);
    if (write.operation === 'updateArticle') for (const key of suppliedKeys(write.payload) ?? []) keys.add(key);
  }
  return [...keys].sort();
}

export function partOf(
  history: Observed<DataOperation>[],
  key: string,
): { part: Observed<DataOperation>[]; indices: number[] } {
  const part: Observed<DataOperation>[] = [];
  const indices: number[] = [];
  history.forEach((seen, index) => {
    const op = opOn(seen.op, key);
    if (!op) return;
    part.push({ ...seen, op });
    indices.push(index);
  });
  return { part, indices };
}

const searched = (initial: Data, history: Observed<DataOperation>[], limit: number | undefined): Verdict =>
  checkLinearizable(articleDataModel, initial, history, { ...(limit ? { limit } : {}), prune: pruneByKey(history) });

/**
 * Steps a part may take per request in it. A part knows less than the whole (a full update's
 * answer pins its place by the other keys it shows), so a part can be slower to decide than the
 * whole; one that is not decided within this is left to the whole search.
 */
const partStepsPerRequest = 20;

/**
 * Whether some order of `history` from `initial`, as the interface states each request, explains
 * every answer. The whole history is searched first (pruned key by key, it decides a correct
 * burst of 64 in a few dozen steps); when it finds no order, or cannot decide, each key's part is
 * checked alone, to name the key a fault shows in, or to find one the whole search could not decide.
 */
export function checkArticleDataLinearizable(
  initial: Data,
  history: Observed<DataOperation>[],
  limit?: number,
): DataVerdict {
  const whole = searched(initial, history, limit);
  if (whole.kind === 'linearizable') return whole;
  for (const key of keysOf(initial, history)) {
    const { part, indices } = partOf(history, key);
    const verdict = searched(
      pick(initial, key),
      part,
      Math.min(limit ?? Infinity, partStepsPerRequest * (part.length + 1)),
    );
    if (verdict.kind !== 'not linearizable') continue;
    const inWhole = (index: number): number => indices[index] ?? index;
    return {
      kind: verdict.kind,
      placed: verdict.placed.map(inWhole),
      stuck: verdict.stuck.map((stuck) => ({ ...stuck, index: inWhole(stuck.index) })),
      key,
    };
  }
  return whole;
}
