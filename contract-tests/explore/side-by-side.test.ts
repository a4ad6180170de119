import { startInProcessMock } from '../in-process';
import { Session } from '../runner';
import { Client } from '../http/client';
import { PostBudget } from './commands';
import { removed, removeKeysOf, sequenceContext, sequenceRun, withFailedRemovals } from './side-by-side';
import { ArticleTurns } from './turns';
import { pathOf } from '../checks/steps';

const options = { runs: 1, seed: 1, comments: false, readOnly: false };

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
    const target = await startInProcessMock();
    const session = await Session.open({ baseUrl: target.baseUrl, articleIds: [1] });
    try {
      const run = sequenceRun(session, options, new PostBudget(0), [1], 2);
      const key = `${session.marker}_1_a`;
      const context = sequenceContext(run, 1, `${session.marker}_1_`);
      await session.client.send({ method: 'PUT', to: pathOf('setDataKey', 1, key), json: { value: 1 } });
      await removeKeysOf(run, context, new ArticleTurns(), { left: [key], of: 'sequence 1 on article 1' });
      expect(await removed(run)).toEqual([]);
      expect(run.removals.size).toBe(0);
      expect(target.mock.state().articles[0]?.data).not.toHaveProperty(key);
    } finally {
      await session.close();
      await target.close();
    }
  }, 30_000);
});
