/**
 * `--judge-writes` in front of a correct deployment (this project's mock) that refuses writes: a
 * refused write changed nothing, and must be judged so (4.2, 4.3, 4.4, 4.6; the refusals are the API
 * family's, docs/behaviour.md). Each write is judged from the reads around it, so each case also
 * shows the reads were made: a refusal judged from nothing would pass without proving anything.
 */
import type { RequestListener } from 'node:http';
import { createApp } from '../../index';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

const token = 'writer-token';
const json = { 'content-type': 'application/json', 'x-api-token': token };
const comment = (fields: Record<string, string>): string =>
  JSON.stringify({ comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hi', ...fields } });

/** Each refusal: its name, the status, the address, the request, and what the proxy says of the client's own payload. */
const refusals: [string, number, string, RequestInit, string[]][] = [
  [
    'malformed JSON',
    400,
    '/admin/api/articles/1/data/size',
    { method: 'PUT', headers: json, body: '{"value":' },
    ['request-shape request'],
  ],
  [
    'a post without the token',
    401,
    '/admin/api/site/articles/1/comments.json',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: comment({}) },
    [],
  ],
  [
    'a key write without the token',
    401,
    '/admin/api/articles/1/data/size',
    { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"value": 1}' },
    [],
  ],
  [
    'a reserved key',
    403,
    '/admin/api/articles/1/data/svc_owner',
    { method: 'PUT', headers: json, body: '{"value": 1}' },
    [],
  ],
  ['a key that is not there', 404, '/admin/api/articles/1/data/never_set', { method: 'DELETE', headers: json }, []],
  [
    'a post over the size limit, refused before it was read whole',
    413,
    '/admin/api/site/articles/1/comments.json',
    { method: 'POST', headers: json, body: comment({ body: 'x'.repeat(1_100_000) }) },
    [],
  ],
  [
    'a post that is not labelled JSON',
    415,
    '/admin/api/site/articles/1/comments.json',
    { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: comment({}) },
    [],
  ],
  [
    'a post with a blank author',
    422,
    '/admin/api/site/articles/1/comments.json',
    { method: 'POST', headers: json, body: comment({ author: '' }) },
    [],
  ],
  [
    'a post on the singular address with no e-mail',
    422,
    '/admin/api/site/article/1/comments.json',
    { method: 'POST', headers: json, body: comment({ author_email: '' }) },
    ['request-shape request/comment/author_email'],
  ],
  [
    'a full update whose data is not an object',
    422,
    '/admin/api/articles/1',
    { method: 'PUT', headers: json, body: '{"article": {"data": "text"}}' },
    ['request-shape request/article/data'],
  ],
];

/**
 * The proxy also names a client's payload that is off its stated shape (`request-shape`, docs/proxy.md):
 * a finding about the client, expected where the test sends one. Nothing may blame the deployment.
 */
describe('a write the deployment refused is judged as changing nothing', () => {
  test.each(refusals)('%s (%i) through the proxy blames the deployment for nothing', async (...refusal) => {
    const [, status, path, init, aboutTheClient] = refusal;
    const app = createApp({ token }).app as unknown as RequestListener;
    const seen: string[] = [];
    const upstream = await serve((request, response) => {
      seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
      app(request, response);
    });
    const proxy = await startProxy({ upstream, judgeWrites: true });
    const answer = await fetch(`${proxy.url}${path}`, init);
    const reports = proxy.violations.list();
    expect(reports.flatMap((report) => report.violations)).toEqual([]);
    const found = reports.flatMap((report) => report.clientFindings);
    expect(found.map((violation) => `${violation.rule} ${violation.path}`)).toEqual(aboutTheClient);
    expect([
      answer.status,
      answer.headers.get('x-mock-violations'),
      answer.headers.get('x-mock-client-findings'),
    ]).toEqual([status, null, aboutTheClient.length > 0 ? String(aboutTheClient.length) : null]);
    // The article was read before and after the write: the refusal was judged, not passed over.
    expect(seen.filter((line) => line === 'GET /admin/api/articles/1')).toHaveLength(2);
    expect(proxy.violations.summary()).toMatch(/^proxy: 1 exchange judged, 0 with violations/);
  });
});

test('a post the deployment refused but counted all the same is reported', async () => {
  const app = createApp().app as unknown as RequestListener;
  const inner = await serve(app);
  // Answers 422 to every post, having stored it first: the client is told its comment was not taken.
  const upstream = await serve((request, response) => {
    if (request.method !== 'POST') {
      app(request, response);
      return;
    }
    void fetch(`${inner}${request.url ?? ''}`, { method: 'POST', headers: json, body: comment({}) }).then(() => {
      response.writeHead(422, { 'content-type': 'application/json' }).end('{"message":"Validation failed."}');
    });
  });
  const proxy = await startProxy({ upstream, judgeWrites: true });
  const before = (await (await fetch(`${proxy.url}/admin/api/articles/2`)).json()) as { comments_count: number };
  const answer = await fetch(`${proxy.url}/admin/api/site/articles/2/comments.json`, {
    method: 'POST',
    headers: json,
    body: comment({}),
  });
  expect([answer.status, answer.headers.get('x-mock-violations')]).toEqual([422, '1']);
  expect(proxy.violations.list().flatMap((report) => report.violations)).toEqual([
    {
      rule: 'refused-post-uncounted',
      path: '/comments_count',
      expected: String(before.comments_count),
      actual: String(before.comments_count + 1),
    },
  ]);
});
