/**
 * Interface section 4.2: `PUT /admin/api/articles/<id>` with `{ article: { data } }` holds the
 * supplied keys, changes no other attribute, and answers the updated article; `data` is optional.
 * The payload always carries every non-reserved key the article has, so a target that merges and
 * one that replaces (as the API family's PUT does) both keep the article's data intact.
 */
import { ContractFailure, expectJson, expectShape, expectStatus, fail, isObject, show } from '../failure';
import type { Exchange } from '../http/client';
import { changedAttributes, describeJudged, judgeAddresses } from 'site-articles-schemas/conformance';
import { updateArticle } from './judged';
import type { Check, CheckContext } from './check';
import { expectValue, pathOf, readArticle, statusOf, withoutReserved } from './steps';
import { sampleValues } from './set-key';
import { noteBroken } from '../ledger';

/** Attributes of `answer` that differ from `expected`, one line each. */
function differences(
  expected: Record<string, unknown>,
  answer: Record<string, unknown>,
  labels: [string, string] = ['now', 'before'],
): string[] {
  return changedAttributes(expected, answer).map(
    (change) => `${change.field}: ${labels[0]} ${show(change.now)}, ${labels[1]} ${show(change.before)}`,
  );
}

const holdsData: Check = {
  id: 'update-holds-data',
  section: '4.2',
  title: 'answers 200 with the updated article, whose data holds the supplied keys, as the next read does',
  changesData: true,
  postsComment: false,
  async run(context) {
    const { data } = await readArticle(context, 'reading the article before the update');
    const supplied = {
      [`${context.marker}_update_text`]: 'set by a full update',
      [`${context.marker}_update_list`]: [1, 'two', { three: 3 }],
      // 4.2 sends `data` as any JSON values, so every type must come back exactly, as in 4.3.
      ...Object.fromEntries(
        Object.entries(sampleValues).map(([name, value]) => [`${context.marker}_update_${name}`, value]),
      ),
    };
    const put = await updateArticle(context, { ...withoutReserved(data), ...supplied });
    expectStatus(put, statusOf('updateArticle'), 'PUT article');
    const answer = expectJson(put, 'PUT article');
    expectShape('ArticleUpdateResponse', answer, 'the update answer', put);
    const body = answer as Record<string, unknown>;
    if (body.id !== context.articleId) fail(`the answer is article ${context.articleId}`, `id ${show(body.id)}`, put);
    const addresses = judgeAddresses('ArticleUpdateResponse', body);
    noteBroken('ArticleUpdateResponse', body, addresses);
    if (addresses.length > 0)
      fail('every address of the answer ends with its stated form for the right id', describeJudged(addresses), put);
    const after = await readArticle(context, 'reading the article after the update');
    for (const [key, value] of Object.entries(supplied)) {
      expectValue(body.data as Record<string, unknown>, key, value, 'the update answer', put);
      expectValue(after.data, key, value, 'the next read', put, after.exchange);
    }
    const different = differences(after.article, body, ['the answer has', 'the next read']);
    if (different.length > 0)
      fail('the answer is the article as the next read shows it', different.join('\n'), put, after.exchange);
    return undefined;
  },
};

/** New values for some attributes: visible but harmless, and put back if a target applies them. */
function otherAttributes(article: Record<string, unknown>, marker: string): Record<string, unknown> {
  const text = (field: string): string => `${typeof article[field] === 'string' ? article[field] : ''} (${marker})`;
  const tags: unknown[] = Array.isArray(article.tag_names) ? (article.tag_names as unknown[]) : [];
  return { title: text('title'), excerpt: text('excerpt'), body: text('body'), tag_names: [...tags, marker] };
}

/** Sends the original values back: a target that applied the new ones applies these too. */
async function putBack(
  context: CheckContext,
  before: Record<string, unknown>,
  sent: Record<string, unknown>,
): Promise<string> {
  const original = Object.fromEntries(Object.keys(sent).map((field) => [field, before[field]]));
  const { data } = await readArticle(context, 'reading the article to put attributes back');
  // A repair of what a broken target did, as the restore's writes are (restore.ts): not a check's write.
  await context.client.send({
    method: 'PUT',
    to: pathOf('updateArticle', context.articleId),
    json: { article: { ...original, data: withoutReserved(data) } },
  });
  const again = await readArticle(context, 'reading the article after putting attributes back');
  return differences(before, again.article).length === 0
    ? 'the suite has put the original values back'
    : 'the suite could NOT put the original values back; fix them by hand';
}

async function expectUnchanged(
  context: CheckContext,
  before: Record<string, unknown>,
  sent: Record<string, unknown>,
  exchanges: Exchange[],
  answer: Record<string, unknown>,
  what: string,
): Promise<void> {
  const different = differences(before, answer);
  if (different.length === 0) return;
  const restored = await putBack(context, before, sent);
  fail(`${what} shows every attribute but data as it was`, `${different.join('\n')}\n(${restored})`, ...exchanges);
}

/**
 * Whether such a payload is refused or its extra attributes ignored, and with what status, the
 * interface leaves open; as with reserved keys, only the next read decides.
 */
const onlyData: Check = {
  id: 'update-only-data',
  section: '4.2',
  title: 'changes no attribute other than data when the payload sends new values for them, whatever it answers',
  changesData: true,
  postsComment: false,
  async run(context) {
    const before = await readArticle(context, 'reading the article before the update');
    const others = otherAttributes(before.article, context.marker);
    const put = await updateArticle(
      context,
      { ...withoutReserved(before.data), [`${context.marker}_only_data`]: true },
      others,
    ).catch(async (error: unknown) => {
      // The judgement found the new values applied: put the old ones back before failing.
      if (!(error instanceof ContractFailure)) throw error;
      const restored = await putBack(context, before.article, others);
      throw new ContractFailure(error.expected, `${error.actual}\n(${restored})`, error.exchanges);
    });
    const after = await readArticle(context, 'reading the article after the update');
    await expectUnchanged(
      context,
      before.article,
      others,
      [put, after.exchange],
      after.article,
      `the next read (the update answered ${put.status})`,
    );
    return undefined;
  },
};

/** `data` is optional (4.2): an update without it still answers 200 with the article. */
const dataOptional: Check = {
  id: 'update-without-data',
  section: '4.2',
  title: 'answers 200 with the article when the payload has no data ({"article": {}})',
  changesData: true,
  postsComment: false,
  async run(context) {
    const put = await updateArticle(context, undefined);
    expectStatus(put, statusOf('updateArticle'), 'PUT article without data');
    const answer = expectJson(put, 'PUT article without data');
    expectShape('ArticleUpdateResponse', answer, 'the update answer', put);
    if (isObject(answer) && answer.id !== context.articleId)
      fail(`the answer is article ${context.articleId}`, `id ${show(answer.id)}`, put);
    return undefined;
  },
};

export const updateChecks: Check[] = [holdsData, onlyData, dataOptional];
