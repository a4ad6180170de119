/**
 * Interface section 4.3: `PUT /admin/api/articles/<id>/data/<key>` with `{ value }` adds or
 * updates one key, keeps the others, stores any JSON value exactly, and answers the article
 * including `language.url` and `author.url`.
 */
import { describeJudged, isSuccessStatus, judgeAddresses } from 'site-articles-schemas/conformance';
import { expectJson, expectShape, expectStatus, fail, isObject, show } from '../failure';
import type { Exchange } from '../http/client';
import { expectJudged, setKey } from './judged';
import { judgedAtOnce } from './judged-at-once';
import type { Check, CheckContext } from './check';
import { expectKeysKept, expectValue, ownView, readArticle, statusOf } from './steps';
import { noteBroken } from '../ledger';

/** The data of a key write's answer, which must have the stated status and be an Article whose `data` is an object. */
function answeredData(context: CheckContext, put: Exchange, key: string): Record<string, unknown> {
  expectStatus(put, statusOf('setDataKey'), `PUT data/${key}`);
  const answer = expectJson(put, `PUT data/${key}`);
  if (!isObject(answer) || !isObject(answer.data))
    fail('the answer is an Article whose data is an object', show(answer), put);
  return ownView(context, answer.data);
}

/** Sets a key and expects the stated status and an Article whose `data` is an object. */
async function setAndAnswer(
  context: CheckContext,
  key: string,
  value: unknown,
): Promise<{ put: Exchange; data: Record<string, unknown> }> {
  const put = await setKey(context, key, value);
  return { put, data: answeredData(context, put, key) };
}

const answerShape: Check = {
  id: 'set-key-answer',
  section: '4.3',
  title: 'answers 200 with the article, including language.url and author.url, every address in its stated form',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const key = `${context.marker}_answer`;
    const put = await setKey(context, key, 'answer shape');
    expectStatus(put, statusOf('setDataKey'), `PUT data/${key}`);
    const answer = expectJson(put, `PUT data/${key}`);
    expectShape('DataKeyResponse', answer, 'the answer', put);
    const body = answer as Record<string, unknown>;
    if (body.id !== context.articleId) fail(`the answer is article ${context.articleId}`, `id ${show(body.id)}`, put);
    const problems = judgeAddresses('DataKeyResponse', body);
    noteBroken('DataKeyResponse', body, problems);
    if (problems.length > 0)
      fail('every address of the answer ends with its stated form for the right id', describeJudged(problems), put);
    return undefined;
  },
};

const adds: Check = {
  id: 'set-key-adds',
  section: '4.3',
  title: 'adds a new key and keeps every other key, in its answer and on the next read',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const before = await readArticle(context, 'reading the article before setting a key');
    const key = `${context.marker}_added`;
    const { put, data } = await setAndAnswer(context, key, 'added');
    expectValue(data, key, 'added', 'the answer', put);
    expectKeysKept(before.data, data, [key], 'the answer', put);
    const after = await readArticle(context, 'reading the article after setting a key');
    expectValue(after.data, key, 'added', 'the next read', put, after.exchange);
    expectKeysKept(before.data, after.data, [key], 'the next read', put, after.exchange);
    return undefined;
  },
};

/**
 * A key name the path must carry percent-encoded (upper- and lower-case non-ASCII letters, a
 * character outside the BMP, a space, `%`, `?`, `#`). The interface states no limit on key names
 * and no errors, so a target may refuse it; once it accepts the write, 4.3 says the key is added,
 * so it must come back under exactly that name, not lower-cased, nor as its encoded or re-decoded
 * bytes. No `/`, `.` or `..`: those have no address of their own (steps.ts).
 */
const awkwardKeyName = (marker: string): string => `${marker}_Added ÜnÏ cödé ✓ 😀 100% ?#`;

const exactNames: Check = {
  id: 'set-key-exact-names',
  section: '4.3',
  title:
    'a key whose name needs percent-encoding (upper case, non-ASCII, emoji, space, % ? #), once accepted, is added under exactly that name',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const before = await readArticle(context, 'reading the article before setting a key');
    const key = awkwardKeyName(context.marker);
    const put = await setKey(context, key, 'added');
    if (!isSuccessStatus(put.status)) return 'the target refused this key name, which the interface leaves open';
    const after = await readArticle(context, 'reading the article after setting a key');
    expectValue(after.data, key, 'added', 'the next read', put, after.exchange);
    expectKeysKept(before.data, after.data, [key], 'the next read', put, after.exchange);
    return undefined;
  },
};

const updates: Check = {
  id: 'set-key-updates',
  section: '4.3',
  title: 'updates a key that is present to the new value and keeps every other key',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const key = `${context.marker}_updated`;
    // One after the other: the second write must find the key the first added.
    const first = await setKey(context, key, 'first');
    expectStatus(first, statusOf('setDataKey'), `setting up data/${key}`);
    const before = await readArticle(context, 'reading the article before updating the key');
    const value = { second: [2, 'two'] };
    const { put, data } = await setAndAnswer(context, key, value);
    expectValue(data, key, value, 'the answer', first, put);
    const after = await readArticle(context, 'reading the article after updating the key');
    expectValue(after.data, key, value, 'the next read', first, put, after.exchange);
    expectKeysKept(before.data, after.data, [key], 'the next read', first, put, after.exchange);
    return undefined;
  },
};

/** One value of every JSON type, including the awkward ones. */
export const sampleValues: Record<string, unknown> = {
  string: 'plain text with ünïcödé, "quotes" and a \\ backslash',
  // Ends in spaces, a tab and a line break, and a character outside the Basic Multilingual Plane
  // (stored as 4 bytes in UTF-8, which some databases' "utf8" cannot hold).
  whitespace_and_emoji: ' \tpadded,\r\non two lines, with 😀 outside the BMP \n',
  empty_string: '',
  integer: 42,
  negative: -7,
  zero: 0,
  fraction: 3.25,
  large: 9007199254740991,
  true: true,
  false: false,
  null: null,
  array: [1, 'two', null, true, { three: 3 }, [4]],
  empty_array: [],
  object: { nested: { deeper: [1, { deepest: null }] }, flag: false },
  empty_object: {},
};

const roundTrip: Check = {
  id: 'set-key-round-trip',
  section: '4.3',
  title: 'stores values of every JSON type (string, number, boolean, null, array, nested object) exactly as sent',
  changesData: true,
  postsComment: false,
  sharesArticle: true,
  async run(context) {
    const puts: Exchange[] = [];
    const writes = Object.entries(sampleValues).map(([name, value]) => ({
      operation: 'setDataKey' as const,
      key: `${context.marker}_type_${name}`,
      payload: { value },
    }));
    // Each of its own key, so several go at once (judged-at-once.ts), each judged as if alone.
    await judgedAtOnce(context, writes, (judged, { key, payload }) => {
      expectJudged(judged, `PUT data/${key}`);
      expectValue(answeredData(context, judged.answer, key), key, payload.value, 'the answer', judged.answer);
      puts.push(judged.answer);
    });
    const after = await readArticle(context, 'reading the article after setting every type');
    Object.entries(sampleValues).forEach(([name, value], index) => {
      expectValue(
        after.data,
        `${context.marker}_type_${name}`,
        value,
        'the next read',
        ...puts.slice(index, index + 1),
        after.exchange,
      );
    });
    return undefined;
  },
};

export const setKeyChecks: Check[] = [answerShape, adds, exactNames, updates, roundTrip];
