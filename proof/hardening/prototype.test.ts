/**
 * No prototype pollution through data keys, payload keys or query strings. Keys named
 * `__proto__`, `constructor` or `prototype` are ordinary data keys (interface 2.1: `data` holds any
 * keys), stored and answered as such; Object.prototype stays untouched throughout.
 */
import { startMock, type Harness } from './harness';
import { pollutionProblems } from './property';
import { read, request, write, type ArticleView } from './requests';

let harness: Harness;
beforeAll(async () => {
  harness = await startMock();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.mock.reset();
});
afterEach(() => {
  expect(pollutionProblems()).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

const dataOf = async (articleId: number): Promise<Record<string, unknown>> =>
  ((await read(harness, `/admin/api/articles/${articleId}`)).body as ArticleView).data;

test.each(['__proto__', 'constructor', 'prototype'])(
  'stores, answers and deletes the data key %s as an ordinary key',
  async (key) => {
    const answer = await write(harness, 'PUT', `/admin/api/articles/2/data/${key}`, `{"value":{"polluted":true}}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`"${key}":{"polluted":true}`);
    const stored = await dataOf(2);
    expect(Object.hasOwn(stored, key) && JSON.stringify(Object.getOwnPropertyDescriptor(stored, key)?.value)).toBe(
      '{"polluted":true}',
    );
    expect((await request(harness, { method: 'DELETE', path: `/admin/api/articles/2/data/${key}` })).status).toBe(204);
    expect(Object.hasOwn(await dataOf(2), key)).toBe(false);
  },
);

test('keeps __proto__ and constructor keys of an update payload as ordinary data keys', async () => {
  const answer = await write(
    harness,
    'PUT',
    '/admin/api/articles/2',
    '{"article":{"data":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}}',
  );
  expect(answer.status).toBe(200);
  expect(Object.keys(await dataOf(2)).sort()).toEqual(['__proto__', 'constructor']);
});

test('ignores an update payload that hides article behind __proto__', async () => {
  const answer = await write(
    harness,
    'PUT',
    '/admin/api/articles/2',
    '{"__proto__":{"article":{"data":{"polluted":true}}}}',
  );
  expect(answer.status).toBe(422);
  expect(await dataOf(2)).toEqual({});
});

test('takes no value that a payload hides behind __proto__', async () => {
  const answer = await write(harness, 'PUT', '/admin/api/articles/2/data/k', '{"__proto__":{"value":1}}');
  expect([answer.status, (answer.body as { errors: unknown }).errors]).toEqual([
    422,
    { value: ['is required but missing'] },
  ]);
});

test('takes no comment that a payload hides behind __proto__', async () => {
  const before = harness.mock.state();
  const answer = await write(
    harness,
    'POST',
    '/admin/api/articles/2/comments',
    '{"__proto__":{"comment":{"author":"a","author_email":"a@example.com","body":"b"}}}',
  );
  expect(answer.status).toBe(422);
  expect(harness.mock.state()).toEqual(before);
});

test('treats __proto__ and constructor query parameters as unknown parameters', async () => {
  const answer = await read(
    harness,
    '/admin/api/articles/1/comments?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&per_page=2',
  );
  expect([answer.status, (answer.body as unknown[]).length, answer.headers['x-total-entries']]).toEqual([200, 2, '3']);
});

test('keeps __proto__ keys through the control API state and a fixture reload', async () => {
  await write(harness, 'PUT', '/admin/api/articles/2/data/__proto__', '{"value":{"polluted":true}}');
  const state = (await read(harness, '/__mock/state')).text;
  expect(state).toContain('"__proto__":{"polluted":true}');
  expect((await write(harness, 'PUT', '/__mock/fixture', state)).status).toBe(204);
  expect(Object.hasOwn(await dataOf(2), '__proto__')).toBe(true);
});
