/**
 * Key settings (4.3) of distinct keys, each judged by the one write judgement as if it were
 * alone, sent several at once: one by one, a check of 24 values was 49 round trips on
 * its article's path. A batch is read before, its writes leave at once, and it is read again once
 * all have answered; each write is then judged between those reads with the other keys of its
 * batch left out of what it sees, as the keys of the checks in flight beside it are (`ownView`).
 * Every other key, those of earlier batches included, is judged as one at a time would judge it.
 */
import { allInOrder } from '../concurrent/in-order';
import type { Write } from 'site-articles-schemas/conformance';
import type { CheckContext } from './check';
import { judgementOf, sendWrite, type JudgedWrite } from './judged';
import { readArticle } from './steps';

/**
 * Key settings only: each write's view leaves its batch-mates out, so a removal (4.4) that took a
 * batch-mate with it (a store that removes by prefix) would go unseen; removals go one at a time.
 */
export type KeyWrite = Extract<Write, { operation: 'setDataKey' }>;

/** A key name as stores that fold case or Unicode forms, or trim, would keep it. */
const folded = (key: string): string => key.normalize('NFKC').toLowerCase().trim();

/**
 * The writes in order, at most `size` to a batch. A write whose key folds as one already in the
 * batch starts the next: a key written after its twin (`case` after `Case`, as the name catalogue
 * does) is then judged with its twin already stored, so a store that merges them fails that write,
 * as one at a time.
 */
export function batchesOf<T extends { key: string }>(writes: T[], size: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  for (const write of writes) {
    const twin = batch.some((other) => folded(other.key) === folded(write.key));
    if (batch.length >= Math.max(1, size) || twin) {
      batches.push(batch);
      batch = [];
    }
    batch.push(write);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The context of one write of a batch: the batch's other keys are in flight beside it. */
function besideBatch(context: CheckContext, batch: KeyWrite[], own: KeyWrite): CheckContext {
  const others = new Set(batch.filter((write) => write !== own).map((write) => write.key));
  if (others.size === 0) return context;
  const inFlight = context.othersOwn;
  return { ...context, othersOwn: (key) => others.has(key) || (inFlight?.(key) ?? false) };
}

/**
 * Sends `writes`, `context.maxInFlight` at once (`--max-in-flight`; 1 sends them one at a time),
 * and hands each judgement to `each` in the order given, a batch as soon as it is judged: a failure
 * `each` throws names the first write that broke a rule, and no write is sent after its batch.
 */
export async function judgedAtOnce<Sent extends KeyWrite>(
  context: CheckContext,
  writes: Sent[],
  each: (judged: JudgedWrite, write: Sent, index: number) => void,
): Promise<void> {
  let index = 0;
  for (const batch of batchesOf(writes, context.maxInFlight)) {
    const before = await readArticle(context, 'reading the article before the writes', false);
    const sent = await allInOrder(
      batch.map(async (write) => ({ write, answer: await sendWrite(context.client, context.articleId, write) })),
    );
    const after = await readArticle(context, 'reading the article after the writes', false);
    for (const { write, answer } of sent) {
      each(judgementOf(besideBatch(context, batch, write), write, { before, answer, after }), write, index);
      index += 1;
    }
  }
}
