/**
 * After every kind of write, the whole article (interface sections 1, 2.1, 4.2 to 4.4): its 2.1
 * shape with real dates, every attribute but data, updated_at and comments_count as before, the
 * answer labelled JSON, and data exactly as the write states. See judge/ for the rules.
 */
import type { Check } from './check';
import { expectJudged, judgedWrite } from './judged';
import { readArticle, withoutReserved } from './steps';

const afterKeyWrite: Check = {
  id: 'set-key-judged',
  section: '4.3',
  title: 'after adding and then changing a key, answers JSON and shows the whole article, only data changed as written',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const key = `${context.marker}_judged`;
    // One after the other: the second write changes the key the first added.
    for (const value of ['first', { second: [2, null, true] }]) {
      const judged = await judgedWrite(context, { operation: 'setDataKey', key, payload: { value } });
      expectJudged(judged, `PUT data/${key}`);
    }
    return undefined;
  },
};

const afterRemoval: Check = {
  id: 'delete-key-judged',
  section: '4.4',
  title: 'after removing a key, shows the whole article with only that key gone and every other attribute as before',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const key = `${context.marker}_judged_removal`;
    // One after the other: the removal needs the key the first write added.
    const setup = await judgedWrite(context, { operation: 'setDataKey', key, payload: { value: 'to be removed' } });
    expectJudged(setup, `setting up data/${key}`);
    expectJudged(await judgedWrite(context, { operation: 'deleteDataKey', key }), `DELETE data/${key}`);
    return undefined;
  },
};

const afterUpdate: Check = {
  id: 'update-judged',
  section: '4.2',
  title: 'after a full update, answers JSON and shows the whole article with data as sent (merged or replaced)',
  changesData: true,
  postsComment: false,
  async run(context) {
    const { data } = await readArticle(context, 'reading the article before the update');
    const payload = {
      article: { data: { ...withoutReserved(data), [`${context.marker}_judged_update`]: [1, 'two'] } },
    };
    expectJudged(await judgedWrite(context, { operation: 'updateArticle', payload }), 'PUT article');
    return undefined;
  },
};

export const afterWriteChecks: Check[] = [afterUpdate, afterKeyWrite, afterRemoval];
