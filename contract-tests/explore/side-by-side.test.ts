import { startInProcessMock, type RunningTarget } from '../in-process';
import { Session } from '../runner';
import { Client } from '../http/client';
import { PostBudget } from './commands';
import {
  judgedBeside,
  removed,
  removeKeysOf,
  sequenceContext,
  sequenceRun,
  withFailedRemovals,
  type SequenceRun,
} from './side-by-side';
import type { Write } from 'site-articles-schemas/conformance';
import type { Real } from './commands';
import type { JudgedWrite } from '../checks/judged';
import { ArticleTurns } from './turns';
import { pathOf, withoutReserved } from '../checks/steps';

const options = { runs: 1, seed: 1, comments: false, readOnly: false };

/** Runs `body` against a fresh in-process mock, in a run of two sequences at once on its article 1. */
async function onArticle1(body: (run: SequenceRun, target: RunningTarget) => Promise<void>): Promise<void> {
  const target = await startInProcessMock();
  const session = await Session.open({ baseUrl: target.baseUrl, articleIds: [1] });
  try {
    await body(sequenceRun(session, options, new PostBudget(0), [1], 2), target);
  } finally {
    await session.close();
    await target.close();
  }
}

describe("removing an ended sequence's keys", () => {
  test('a removal the target never answers names its sequence and article, fails an article whose sequences found nothing, and is told after a failure found', async () => {
    const target = await startInProcessMock();
    const gone = await startInProcessMock();
    await gone.close();
    const session = await Session.open({ baseUrl: target.baseUrl, articleIds: [1] });
    try {
      const run = sequenceRun(session, options, new PostBudget(0), [1], 2);
      const context = { ...sequenceContext(run, 1, `${session.marker}_3_`), client: new Client(gone.baseUrl) };
      const of = `sequence 3 (keys ${session.marker}_3_*) on article 1`;
      await removeKeysOf(run, context, new ArticleTurns(), { left: [`${session.marker}_3_a`], of });
      const failed = await removed(run);
      expect(failed.map((removal) => removal.articleId)).toEqual([1]);
      expect(failed[0]?.text).toMatch(/^removing the keys of sequence 3 \(.*\) on article 1 failed: ./);
      expect(withFailedRemovals(undefined, failed)?.text).toMatch(
        /^every sequence passed, but the run could not remove their keys:\nremoving the keys of sequence 3 .* on article 1/,
      );
      const found = { text: 'article 1: sequence 2 breaks the interface', steps: ['1. a step'], curls: ['curl'] };
      const told = withFailedRemovals(found, failed);
      expect(told?.steps).toEqual(found.steps);
      expect(told?.text).toMatch(
        /^article 1: sequence 2 breaks the interface\n\nAfter it, removing the keys of sequence 3/,
      );
      expect(withFailedRemovals(found, [])).toBe(found);
    } finally {
      await session.close();
      await target.close();
    }
  }, 30_000);

  test('a removal that succeeds removes the keys and is not kept by the run', async () => {
    await onArticle1(async (run, target) => {
      const key = `${run.session.marker}_1_a`;
      const context = sequenceContext(run, 1, `${run.session.marker}_1_`);
      await run.session.client.send({ method: 'PUT', to: pathOf('setDataKey', 1, key), json: { value: 1 } });
      await removeKeysOf(run, context, new ArticleTurns(), { left: [key], of: 'sequence 1 on article 1' });
      expect(await removed(run)).toEqual([]);
      expect(run.removals.size).toBe(0);
      expect(target.mock.state().articles[0]?.data).not.toHaveProperty(key);
    });
  }, 30_000);
});

/** Sequence `number` on article 1, and how many reads of the article it asked for. */
function sequenceOf(run: SequenceRun, turns: ArticleTurns, number: number) {
  const prefix = `${run.session.marker}_${String(number)}_`;
  const context = sequenceContext(run, 1, prefix);
  const counted = { reads: 0 };
  const client = Object.create(context.client) as typeof context.client;
  client.readNow = (to) => {
    counted.reads += 1;
    return context.client.readNow(to);
  };
  const real: Real = { context: { ...context, client }, log: [], stopped: () => false, key: (name) => name, turns };
  return { real, counted, prefix };
}

/** A full update that sets `key` to `value` and sends every other key back as it is. */
const updating =
  (key: string, value: unknown) =>
  (whole: Record<string, unknown>): Write => ({
    operation: 'updateArticle',
    payload: { article: { data: { ...withoutReserved(whole), [key]: value } } },
  });

const comment = (body: string) => ({ author: 'Reader', author_email: 'reader@example.com', body });

describe('full updates of sequences side by side', () => {
  /** Sequence `number`'s full update setting its key `a` to `value`, and how many reads of the article it asked for. */
  function updateOf(run: SequenceRun, turns: ArticleTurns, number: number, value: number) {
    const { real, counted, prefix } = sequenceOf(run, turns, number);
    const judged = judgedBeside(real, 'update', updating(`${prefix}a`, value));
    return { judged, counted, key: `${prefix}a` };
  }

  test("an update that waited for another's turn reads the article once before it and keeps the key the other set", async () => {
    await onArticle1(async (run, target) => {
      const turns = new ArticleTurns();
      const first = updateOf(run, turns, 1, 10);
      const second = updateOf(run, turns, 2, 20);
      const judged = await Promise.all([first.judged, second.judged]);
      expect(judged.flatMap((one) => one.violations)).toEqual([]);
      expect([first.counted.reads, second.counted.reads]).toEqual([2, 2]);
      expect(target.mock.state().articles[0]?.data).toMatchObject({ [first.key]: 10, [second.key]: 20 });
    });
  }, 30_000);

  test("an update whose read left before a batch let go of the keys reads the article again before it sends, and keeps the batch's key", async () => {
    await onArticle1(async (run, target) => {
      const turns = new ArticleTurns();
      const batchKey = `${run.session.marker}_1_a`;
      let update: ReturnType<typeof updateOf> | undefined;
      await turns.batchOnKeys(true, async () => {
        update = updateOf(run, turns, 2, 20);
        await run.session.client.send({ method: 'PUT', to: pathOf('setDataKey', 1, batchKey), json: { value: 10 } });
      });
      const judged = await update?.judged;
      expect(judged?.violations).toEqual([]);
      expect(update?.counted.reads).toBe(3);
      expect(target.mock.state().articles[0]?.data).toMatchObject({ [batchKey]: 10, [update?.key ?? '']: 20 });
    });
  }, 30_000);
});

test('a post whose read before left while another post held the turn counts that post on top of what it read', async () => {
  await onArticle1(async (run) => {
    const turns = new ArticleTurns();
    const { real, counted } = sequenceOf(run, turns, 1);
    let judged: Promise<JudgedWrite> | undefined;
    await turns.posts.take(true, async () => {
      const mine = comment('The comment of the post judged.');
      judged = judgedBeside(real, 'post', () => ({ operation: 'postComment', payload: { comment: mine } }));
      while (counted.reads === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const other = turns.posted.sending();
      const json = { comment: comment('The comment posted while the other waited.') };
      const answer = await run.session.client.send({ method: 'POST', to: pathOf('postComment', 1), json });
      other.answered(answer.status);
    });
    const found = await judged;
    expect(found?.violations).toEqual([]);
    // Read before and after: not again once it held the turn.
    expect(counted.reads).toBe(2);
  });
}, 30_000);

test("a sequence's write after a write of its own takes the read after that write as its read before, while another sequence writes beside it", async () => {
  await onArticle1(async (run, target) => {
    const turns = new ArticleTurns();
    const { real, counted, prefix } = sequenceOf(run, turns, 1);
    const other = sequenceOf(run, turns, 2);
    const key = `${prefix}a`;
    const writes: (() => Promise<JudgedWrite>)[] = [
      () => judgedBeside(real, 'key', () => ({ operation: 'setDataKey', key, payload: { value: 1 } })),
      () => judgedBeside(real, 'update', updating(key, 2)),
      () => judgedBeside(real, 'post', () => ({ operation: 'postComment', payload: { comment: comment('After.') } })),
      () => judgedBeside(real, 'removal', () => ({ operation: 'deleteDataKey', key })),
      // A key it does not hold: removed beside the others' updates.
      () => judgedBeside(real, 'key', () => ({ operation: 'deleteDataKey', key: `${prefix}b` })),
    ];
    const beside = (): Promise<JudgedWrite> =>
      judgedBeside(other.real, 'key', () => ({
        operation: 'setDataKey',
        key: `${other.prefix}a`,
        payload: { value: 7 },
      }));
    const found: JudgedWrite[] = [];
    for (const [at, write] of writes.entries()) {
      found.push(await write());
      // The other sequence's key, written after this one's read, which the update sends back.
      if (at === 0) found.push(await beside());
    }
    real.lastRead?.done();
    other.real.lastRead?.done();
    expect(found.flatMap((judged) => judged.violations)).toEqual([]);
    // One read before the first write, then one after each.
    expect(counted.reads).toBe(writes.length + 1);
    expect(target.mock.state().articles[0]?.data).toMatchObject({ [`${other.prefix}a`]: 7 });
    expect(target.mock.state().articles[0]?.data).not.toHaveProperty(key);
  });
}, 30_000);
