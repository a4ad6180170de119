/** The judges as plain functions: given/want tables, no server. */
import {
  isJsonMediaType,
  isRealCommentDate,
  isRealTimestamp,
  judgeExchange,
  judgeWrite,
  namesReservedKey,
  predictData,
} from './index';

test.each([
  ['application/json', true],
  ['application/json; charset=utf-8', true],
  ['Application/JSON', true],
  ['application/hal+json', true],
  ['application/vnd.site+json; charset=utf-8', true],
  ['text/plain', false],
  ['text/html; charset=utf-8', false],
  ['application/jsonp', false],
  [null, false],
])('isJsonMediaType(%j) is %s', (contentType, want) => {
  expect(isJsonMediaType(contentType)).toBe(want);
});

test.each([
  ['2024-02-29T23:59:59.999Z', true],
  ['2023-02-29T10:00:00.000Z', false],
  ['2024-13-01T10:00:00.000Z', false],
  ['2024-01-01T24:00:00.000Z', false],
  ['2024-01-01T10:00:00Z', false],
])('isRealTimestamp(%s) is %s', (text, want) => {
  expect(isRealTimestamp(text)).toBe(want);
});

test.each([
  ['2024/02/01 10:12:45 +0000', true],
  ['2024/13/01 10:12:45 +0000', false],
  ['2024/04/31 10:12:45 +0000', false],
  ['2024-02-01 10:12:45 +0000', false],
])('isRealCommentDate(%s) is %s', (text, want) => {
  expect(isRealCommentDate(text)).toBe(want);
});

test('judgeExchange names a wrong media type, a 204 with a body, and leaves error answers alone', () => {
  const rules = (status: number, contentType: string, body: string): string[] =>
    judgeExchange('listComments', { status, headers: { 'Content-Type': contentType }, body }).map(
      (found) => found.rule,
    );
  expect(rules(200, 'text/plain', '[]')).toEqual(['media-type']);
  expect(rules(200, 'application/json', '[]')).toEqual([]);
  expect(rules(204, 'text/plain', 'x')).toEqual(['empty-204']);
  expect(rules(404, 'text/html', '<h1>no</h1>')).toEqual([]);
});

test.each([
  [
    'a key write adds the key',
    { operation: 'setDataKey', key: 'k', payload: { value: [1] } },
    true,
    [{ svc_x: 1, a: 1, k: [1] }],
  ],
  [
    'a reserved key write changes nothing',
    { operation: 'setDataKey', key: 'svc_y', payload: { value: 2 } },
    true,
    [{ svc_x: 1, a: 1 }],
  ],
  [
    'a refused write changes nothing',
    { operation: 'setDataKey', key: 'k', payload: { value: 2 } },
    false,
    [{ svc_x: 1, a: 1 }],
  ],
  ['a removal drops the key', { operation: 'deleteDataKey', key: 'a' }, true, [{ svc_x: 1 }]],
  [
    'a full update merges or replaces, reserved keys kept',
    { operation: 'updateArticle', payload: { article: { data: { b: 2, svc_x: 9 } } } },
    true,
    [
      { svc_x: 1, a: 1, b: 2 },
      { svc_x: 1, b: 2 },
    ],
  ],
  ['a post changes no data', { operation: 'postComment', payload: {} }, true, [{ svc_x: 1, a: 1 }]],
] as const)('predictData: %s', (_name, write, accepted, want) => {
  expect(predictData({ svc_x: 1, a: 1 }, write, accepted)).toEqual(want);
});

test.each([
  ['a key write of a reserved key', { operation: 'setDataKey', key: 'svc_x', payload: { value: 1 } }, true],
  ['the removal of a reserved key', { operation: 'deleteDataKey', key: 'svc_x' }, true],
  [
    'a full update whose data holds a reserved key',
    { operation: 'updateArticle', payload: { article: { data: { a: 1, svc_x: 2 } } } },
    true,
  ],
  ['a key write of an ordinary key', { operation: 'setDataKey', key: 'a', payload: { value: 1 } }, false],
  [
    'a full update of ordinary keys only',
    { operation: 'updateArticle', payload: { article: { data: { a: 1 } } } },
    false,
  ],
  ['a full update without data', { operation: 'updateArticle', payload: { article: {} } }, false],
  ['a post', { operation: 'postComment', payload: { comment: { body: 'svc_x' } } }, false],
] as const)('namesReservedKey: %s, %s', (_name, write, want) => {
  expect(namesReservedKey(write)).toBe(want);
});

/** The post's own rules of judgeWrite (the article's shape is judged elsewhere: these articles are bare). */
const postFindings = (accepted: boolean, countAfter: number, listed: unknown[], tookEffect?: boolean): string[] =>
  judgeWrite({
    ...(tookEffect === undefined ? {} : { tookEffect }),
    before: { comments_count: 1, data: {} },
    write: { operation: 'postComment', payload: { comment: { author: 'Ann', author_email: 'a@b.c', body: 'Hi' } } },
    answer: { status: accepted ? 201 : 422, headers: { 'content-type': 'application/json' }, body: '{}' },
    after: { comments_count: countAfter, data: {} },
    listsAfter: [{ address: 'list', items: listed }],
  })
    .map((found) => found.rule)
    .filter((rule) => rule.includes('count') || rule.includes('listed'));

const listedAt = '2024/01/02 03:04:05 +0000';
const old = { author: 'Bo', body: 'Old', created_at: listedAt };
const ann = { author: 'Ann', body: 'Hi', created_at: listedAt };

test.each([
  ['an accepted post listed once and counted', true, 2, [old, ann], []],
  ['an accepted post that is not listed', true, 1, [old], ['comment-listed-once', 'comments-count-grows-by-one']],
  ['a refused post that left the count and the list', false, 1, [old], []],
  ['a refused post whose same text was listed before it', false, 1, [ann], []],
  ['a refused post that was counted all the same', false, 2, [old, ann], ['refused-post-uncounted']],
] as const)('judgeWrite of %s finds %j', (_name, accepted, countAfter, listed, want) => {
  expect(postFindings(accepted, countAfter, [...listed])).toEqual(want);
});

test('judgeWrite holds a post its caller says took effect to that, whatever its answer’s status', () => {
  expect(postFindings(false, 1, [old], true)).toEqual(['comment-listed-once', 'comments-count-grows-by-one']);
  expect(postFindings(false, 2, [old, ann], true)).toEqual([]);
});

/** The answer-is-article findings of a key write answered with `countAnswered` and read after with `countAfter`. */
const answerFindings = (
  countAnswered: number,
  countAfter: number,
  between?: { least: number; most: number },
): string[] =>
  judgeWrite({
    ...(between ? { commentsBetween: between } : {}),
    before: { comments_count: 1, data: {} },
    write: { operation: 'setDataKey', key: 'k', payload: { value: 1 } },
    answer: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ comments_count: countAnswered, data: { k: 1 } }),
    },
    after: { comments_count: countAfter, data: { k: 1 } },
  })
    .filter((found) => found.rule === 'answer-is-article')
    .map((found) => found.path);

test.each([
  ['nothing posted beside it: the counts are equal', 1, 2, undefined, ['/comments_count']],
  ['nothing posted beside it: equal counts pass', 2, 2, undefined, []],
  ['one post that may have landed in between explains one more', 1, 2, { least: 0, most: 1 }, []],
  ['one post that may have landed explains no fewer', 2, 1, { least: 0, most: 1 }, ['/comments_count']],
  ['one post that may have landed explains no more than one', 1, 3, { least: 0, most: 1 }, ['/comments_count']],
  ['a post that surely landed in between must show', 2, 2, { least: 1, most: 1 }, ['/comments_count']],
] as const)(
  'judgeWrite of a key write whose answer and read after differ in comments_count: %s',
  (_name, answered, after, between, want) => {
    expect(answerFindings(answered, after, between)).toEqual(want);
  },
);

test('judgeWrite of a write answered beside posts names the read after, not a number that is none, when the read after has no count', () => {
  const [found] = judgeWrite({
    commentsBetween: { least: 0, most: 1 },
    before: { comments_count: 1, data: {} },
    write: { operation: 'setDataKey', key: 'k', payload: { value: 1 } },
    answer: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ comments_count: 2, data: { k: 1 } }),
    },
    after: { comments_count: 'two', data: { k: 1 } },
  }).filter((one) => one.rule === 'answer-is-article');
  expect(found).toMatchObject({ path: '/comments_count', expected: `the read after's "two"`, actual: '2' });
  expect(JSON.stringify(found)).not.toContain('NaN');
});
