/**
 * MSW's `'error'` for unhandled requests (`onUnhandledRequest` in MSW 2, `onUnhandledFrame` in MSW 3:
 * fail-unhandled.ts) sees every request the handlers do not own (docs/msw.md): they are one
 * MSW handler per address of the one route table (section 4, from the generated catalogue) and one
 * for the control prefix, so a path no route names matches no handler, even at the very origin the
 * API is called at, while every operation at each of its addresses, and a method a path does not
 * take, are answered by the core as the server answers them (each control and method under `'error'`:
 * mock/__tests__/http/control-table.test.ts). The API's origin is a real loopback server standing
 * for the network: a request MSW let through would reach it.
 */
import { createServer } from 'node:http';
import { setupServer } from 'msw/node';
import { operations } from 'site-articles-schemas/catalogue';
import { fillPath, pathsOf } from 'site-articles-schemas/conformance';
import { closeServer, listenOnLoopback } from '../../../test-support/loopback';
import { createHandlers } from '../../msw';
import { failUnhandled } from './fail-unhandled';

const mock = createHandlers();
const server = setupServer(...mock.handlers);
const reachedNetwork: string[] = [];
const network = createServer((request, response) => {
  reachedNetwork.push(`${request.method ?? ''} ${request.url ?? ''}`);
  response.writeHead(200, { 'content-type': 'text/plain' }).end('from the network');
});
let origin = '';

beforeAll(async () => {
  origin = await listenOnLoopback(network);
  server.listen(failUnhandled);
});
afterEach(() => {
  mock.reset();
  reachedNetwork.length = 0;
});
afterAll(async () => {
  server.close();
  await closeServer(network);
});

const payloads: Record<string, unknown> = {
  updateArticle: { article: { data: { a: 1 } } },
  setDataKey: { value: 1 },
  postComment: { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hi' } },
};
/** The core answers 200 to each operation on article 1 of the sample site, but 404 to deleting a data key it lacks. */
const statuses: Record<string, number> = { deleteDataKey: 404 };

/** Each operation at each of its addresses, as written, in capitals and with a trailing slash: the core takes all three. */
const everyAddress = operations.flatMap((operation) =>
  pathsOf(operation.id).flatMap(({ path }) => {
    const filled = fillPath(path, { article_id: 1, key: 'colour' });
    return [filled, filled.toUpperCase(), `${filled}/`].map((form) => ({
      method: operation.method,
      path: form,
      id: operation.id,
    }));
  }),
);

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const json =
    body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return fetch(`${origin}${path}`, { method, ...json });
}

test.each(everyAddress)('$method $path is answered by the mock', async ({ method, path, id }) => {
  const answer = await call(method, path, payloads[id]);
  await answer.arrayBuffer();
  expect([answer.status, mock.journal().length, reachedNetwork]).toEqual([statuses[id] ?? 200, 1, []]);
});

test('a method a path does not take is the core’s 405 with the path’s Allow', async () => {
  const answer = await call('PATCH', '/admin/api/articles/1');
  expect([answer.status, answer.headers.get('allow'), await answer.json()]).toEqual([
    405,
    'GET, HEAD, PUT',
    { message: 'Method not allowed.' },
  ]);
});

test('an unknown article is the core’s 404, and a malformed parameter its 400', async () => {
  expect((await call('GET', '/admin/api/articles/999')).status).toBe(404);
  expect((await call('GET', '/admin/api/articles/%zz')).status).toBe(400);
  expect(reachedNetwork).toEqual([]);
});

test('the controls answer at the API’s origin, and a path under the prefix that is none is the core’s 404', async () => {
  const answers = await Promise.all(
    ['/__mock/state', '/__mock/faults', '/__mock/docs'].map((path) => call('GET', path)),
  );
  expect([answers.map((answer) => answer.status), reachedNetwork]).toEqual([[200, 200, 404], []]);
});

test.each([
  '/sites/1/articlez/1',
  '/other',
  '/admin/api/articlez/1',
  '/admin/api/articles/1/contents',
  '/admin/api/articles/1/data/a/b',
  '/',
  '/__mockery',
])('GET %s is reported unhandled, and reaches neither the mock nor the network', async (path) => {
  const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const outcome = await call('GET', path).then(
      (answer) => answer.status,
      () => 'refused',
    );
    expect([outcome, printed.mock.calls.flat().join('\n')]).toEqual([
      'refused',
      expect.stringContaining(`${origin}${path}`),
    ]);
  } finally {
    printed.mockRestore();
  }
  expect([mock.journal(), reachedNetwork]).toEqual([[], []]);
});
