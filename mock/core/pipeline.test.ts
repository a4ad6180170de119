/**
 * The core on its own, without any adapter (style: Hono's `app.fetch` tests): a plain request in,
 * a plain answer out, for each operation of section 4 and the errors around them. The adapters'
 * own test (mock/__tests__/http/adapters.test.ts) proves only the translation.
 */
import { buildMock } from '../app/build-mock';
import { controlsOverHttp } from '../app/control-api';
import { servedControl } from './control-stage';
import { answerText, plainJsonRequest, type PlainRequest } from './plain';

const core = (): ReturnType<typeof buildMock>['core'] =>
  buildMock(
    { token: 'secret' },
    {
      tokenMatches: (given, wanted) => given === wanted,
      control: (controls) => servedControl('msw', controlsOverHttp(controls)),
    },
  ).core;

const plain = (method: string, url: string, json?: unknown, headers: Record<string, string> = {}): PlainRequest =>
  plainJsonRequest(method, url, json, { host: 'mock.test', 'x-api-token': 'secret', ...headers });

const comment = { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hi' } };

test.each([
  { given: plain('GET', '/admin/api/articles/1'), status: 200, body: { id: 1 } },
  { given: plain('GET', '/admin/api/articles/999'), status: 404, body: { message: 'Not found.' } },
  {
    given: plain('PUT', '/admin/api/articles/1/data/k', { value: [1, 'a'] }),
    status: 200,
    body: { data: { k: [1, 'a'] } },
  },
  { given: plain('PUT', '/admin/api/articles/1', { article: { data: { a: 1 } } }), status: 200, body: { id: 1 } },
  {
    given: plain('DELETE', '/admin/api/articles/1/data/nothing-here'),
    status: 404,
    body: { message: expect.stringContaining('nothing-here') as unknown },
  },
  { given: plain('GET', '/admin/api/site/article/1/comments.json'), status: 200, body: undefined },
  { given: plain('POST', '/admin/api/articles/1/comments', comment), status: 200, body: { author: 'Ann' } },
  { given: plain('PATCH', '/admin/api/articles/1'), status: 405, body: { message: 'Method not allowed.' } },
  {
    given: plain('PUT', '/admin/api/articles/1/data/k', { value: 1 }, { 'x-api-token': 'wrong' }),
    status: 401,
    body: { message: 'Unauthorized.' },
  },
  {
    given: plain('PUT', '/admin/api/articles/1/data/svc_import_source', { value: 1 }),
    status: 403,
    body: { message: expect.stringContaining('reserved') as unknown },
  },
  {
    given: plain('PUT', '/admin/api/articles/1/data/k', { valu: 1 }),
    status: 422,
    body: { message: 'Validation failed.' },
  },
])('$given.method $given.url answers $status', async ({ given, status, body }) => {
  const answer = await core().handle(given);
  expect(answer.status).toBe(status);
  if (body !== undefined) expect(JSON.parse(answerText(answer) || 'null')).toMatchObject(body);
});

test.each([
  { path: '/admin/api/articles/1', owned: true },
  { path: '/ADMIN/api/site/Article/1/comments.json/', owned: true },
  { path: '/admin/api/articles/%zz/data/a%2Fb', owned: true },
  { path: '/__mock', owned: true },
  { path: '/__mock/state', owned: true },
  { path: '/__mock/docs', owned: true },
  { path: '/admin/api/articles/1/data/a/b', owned: false },
  { path: '/admin/api/articlez/1', owned: false },
  { path: '/__mockery', owned: false },
  { path: '/', owned: false },
])('the core owns $path at any origin: $owned', ({ path, owned }) => {
  const { ownUrls } = core();
  for (const origin of ['http://msw.test', 'https://shop.example:8443', 'http://[::1]:3000'])
    expect([origin, ownUrls.some((pattern) => pattern.test(`${origin}${path}`))]).toEqual([origin, owned]);
});

test('the control API is answered by the same core, its 405 with the Allow of its row', async () => {
  const state = await core().handle(plain('GET', '/__mock/state'));
  const wrong = await core().handle(plain('DELETE', '/__mock/state'));
  expect([state.status, (JSON.parse(answerText(state)) as { articles: unknown[] }).articles.length]).toEqual([200, 5]);
  expect([wrong.status, wrong.headers.Allow]).toEqual([405, 'GET, HEAD']);
});

test('answers carry addresses for the Host the request named', async () => {
  const answer = await core().handle(plain('GET', '/admin/api/articles/2'));
  expect(JSON.parse(answerText(answer))).toMatchObject({ url: 'http://mock.test/admin/api/articles/2' });
});

test('a read asked for again under another Host or protocol carries the addresses of that one', async () => {
  const mock = core();
  const urlOf = async (host: string, protocol: 'http' | 'https' = 'http'): Promise<unknown> => {
    const request = { ...plain('GET', '/admin/api/articles/2', undefined, { host }), protocol };
    return (JSON.parse(answerText(await mock.handle(request))) as { url: unknown }).url;
  };
  // Twice under the first Host, so its answer is kept; then under others.
  expect([await urlOf('a.test'), await urlOf('a.test'), await urlOf('b.test'), await urlOf('b.test', 'https')]).toEqual(
    [
      'http://a.test/admin/api/articles/2',
      'http://a.test/admin/api/articles/2',
      'http://b.test/admin/api/articles/2',
      'https://b.test/admin/api/articles/2',
    ],
  );
});

test('HEAD to the journal stream gets its head and no stream, which would never end', async () => {
  const answer = await core().handle(plain('HEAD', '/__mock/journal/stream'));
  expect([answer.status, answer.headers['Content-Type'], answer.stream]).toEqual([
    200,
    'text/event-stream; charset=utf-8',
    undefined,
  ]);
});

test('a read that waits on nothing is answered at once, and a write once its body is read', async () => {
  const mock = core();
  const read = mock.handle(plain('GET', '/admin/api/articles/1'));
  expect(read).not.toBeInstanceOf(Promise);
  expect((read as Awaited<typeof read>).status).toBe(200);
  const write = mock.handle(plain('PUT', '/admin/api/articles/1/data/k', { value: 1 }));
  expect(write).toBeInstanceOf(Promise);
  expect((await write).status).toBe(200);
});
