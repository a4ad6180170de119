/**
 * "All payloads are JSON" (the interface's opening): the reads' success answers are labelled
 * application/json (parameters and +json types allowed) and have their stated shape. The writes'
 * answers are judged the same way by the after-write checks. Nothing here changes the target.
 */
import { allInOrder } from '../concurrent/in-order';
import {
  describeJudged,
  judgeExchange,
  judgeReads,
  statementsOfAnswer,
  statementsOfReads,
  type Violation,
} from 'site-articles-schemas/conformance';
import { answerOf, noteJudged } from '../ledger';
import type { Exchange } from '../http/client';
import { fetchAllPages } from '../http/links';
import { fail, isObject } from '../failure';
import type { Check, CheckContext } from './check';
import { listAddresses } from './comment-lists';
import { ownArticle, pathOf } from './steps';

function judged(operation: 'readArticle' | 'listComments', exchange: Exchange): Violation[] {
  const found = judgeExchange(operation, answerOf(exchange));
  noteJudged(statementsOfAnswer(operation, answerOf(exchange), found));
  return found;
}

/** The article read again after the reads is the one read before them (4.1, 4.5 change nothing). */
async function expectReadsChangedNothing(context: CheckContext, read: Exchange, pages: Exchange[]): Promise<void> {
  const again = await context.client.send({ method: 'GET', to: pathOf('readArticle', context.articleId) });
  if (!isObject(read.json) || !isObject(again.json)) return;
  const found = judgeReads({ before: ownArticle(context, read.json), after: ownArticle(context, again.json) });
  noteJudged(statementsOfReads(['readArticle', 'listComments'], found));
  if (found.length > 0)
    fail(
      'the reads change nothing: the article after them is the one before them',
      describeJudged(found),
      read,
      ...pages,
      again,
    );
}

const readsAreJson: Check = {
  id: 'reads-are-json',
  section: '4.1',
  title:
    'labels the article read and the comment lists at every address application/json, and those reads change nothing',
  changesData: false,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    // Reads of an article nothing changes here, so they go at once.
    const [read, lists] = await allInOrder([
      context.client.send({ method: 'GET', to: pathOf('readArticle', context.articleId) }),
      listAddresses(context).then((addresses) =>
        allInOrder(addresses.map(async ([, address]) => (await fetchAllPages(context.client, address)).pages)),
      ),
    ]);
    const pages = lists.flat();
    const violations = [...judged('readArticle', read), ...pages.flatMap((page) => judged('listComments', page))];
    if (violations.length > 0)
      fail('every success answer of a read is JSON of its stated shape', describeJudged(violations), read, ...pages);
    await expectReadsChangedNothing(context, read, pages);
    return undefined;
  },
};

export const mediaTypeChecks: Check[] = [readsAreJson];
