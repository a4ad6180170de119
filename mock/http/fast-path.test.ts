/**
 * The fast path (fast-path.ts) answers exactly as the Express route: for every request below, a
 * mock reached directly (fast path) and the same mock mounted in a parent Express app (Express
 * route only) give the same status, headers in the same order (Date aside) and body, and end in
 * the same state with the same journal.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp, type MockApp, type MockOptions } from '..';
import { defaultRules } from '../rules';

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  headers: string[];
  body: string;
}

const json = { 'Content-Type': 'application/json' };
const get = (path: string, headers: Record<string, string> = {}): Call => ({ method: 'GET', path, headers });
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = json): Call => ({
  method,
  path,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const comment = { comment: { author: 'Ada', author_email: 'ada@example.com', body: 'A fine read.' } };
const deep = `{"value":${'['.repeat(40)}${']'.repeat(40)}}`;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function call(server: Server, { method, path, headers = {}, body }: Call): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  const length: IncomingHttpHeaders = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { port, method, path, agent: false, headers: { Host: 'mock.test', ...length, ...headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const raw = incoming.rawHeaders.filter(
            (_value, index, all) => all[index - (index % 2)]?.toLowerCase() !== 'date',
          );
          resolve({ status: incoming.statusCode ?? 0, headers: raw, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Runs the calls in order on a fast-path mock and on an Express-only one; returns both sides. */
async function both(options: MockOptions, calls: Call[]): Promise<[unknown, unknown]> {
  const sides: MockApp[] = [createApp(options), createApp(options)];
  const [fast, viaExpress] = sides as [MockApp, MockApp];
  const parent = express().disable('x-powered-by').use(viaExpress.app);
  const servers = [await listen(fast.app), await listen(parent)];
  try {
    const answers: [Answer[], Answer[]] = [[], []];
    for (const each of calls) {
      answers[0].push(await call(servers[0] as Server, each));
      answers[1].push(await call(servers[1] as Server, each));
    }
    const ending = (mock: MockApp): unknown => ({
      state: mock.state(),
      journal: mock.journal().map(({ method, path, status }) => ({ method, path, status })),
    });
    return [
      { answers: answers[0], ...(ending(fast) as object) },
      { answers: answers[1], ...(ending(viaExpress) as object) },
    ];
  } finally {
    for (const server of servers) server.close();
  }
}

const clock = (): Date => new Date('2025-05-05T10:00:00.000Z');
const article = '/admin/api/articles/1';
const key = `${article}/data/colour`;
const comments = `${article}/comments`;

const scenarios: [string, MockOptions, Call[]][] = [
  [
    'reads, pages and misses',
    { clock },
    [
      get(article),
      get(`${article}?x=1`),
      get('/admin/api/articles/0001'),
      get('/admin/api/articles/999'),
      get('/admin/api/articles/12345678901234567'),
      get(`${article}/`),
      get('/Admin/API/articles/1'),
      get(comments),
      get('/admin/api/site/articles/1/comments.json?page=1&per_page=2'),
      get('/admin/api/site/article/1/comments?page=2&per_page=2&sort=x'),
      get(`${comments}?page=0`),
      get(`${comments}?page=1&page=2`),
      get(`${comments}?q=${'a'.repeat(3000)}`),
      get(article, { 'If-None-Match': '*' }),
      get(article, { Origin: 'http://localhost:5173' }),
      get(`${article}/data/x%20y`),
    ],
  ],
  [
    'writes and the reads after them',
    { clock },
    [
      send('PUT', key, { value: 'blue' }),
      send('PUT', `${article}/data/svc_x`, { value: 1 }),
      send('PUT', key, {}),
      send('PUT', key, '{"value":'),
      send('PUT', key, ''),
      send('PUT', key, { value: 2 }, { 'Content-Type': 'application/json; charset=utf-8' }),
      send('PUT', key, { value: 3 }, { 'Content-Type': 'text/plain' }),
      send('PUT', key, deep),
      send('PUT', key, `{"value":"${'a'.repeat(1024 * 1024)}"}`),
      send('PUT', `${article}/data/${'k'.repeat(1100)}`, { value: 1 }),
      send('PUT', article, { article: { data: { a: 1, svc_b: 2 }, title: 'x' }, extra: true }),
      send('PUT', article, { article: 'no' }),
      { method: 'DELETE', path: `${article}/data/a` },
      { method: 'DELETE', path: `${article}/data/a` },
      { method: 'DELETE', path: `${article}/data/svc_import_source` },
      send('PATCH', key, { value: 1 }),
      send('POST', comments, comment),
      send('POST', '/admin/api/site/articles/1/comments.json', {
        comment: { author: ' ', author_email: 'x', body: '' },
      }),
      send('POST', '/admin/api/articles/999/comments', comment),
      get(article),
      get(comments),
      get('/admin/api/articles/2'),
    ],
  ],
  [
    'a token',
    { clock, token: 'secret-token' },
    [
      send('PUT', key, { value: 1 }),
      send('PUT', key, { value: 1 }, { ...json, 'X-API-TOKEN': 'wrong' }),
      send('PUT', key, { value: 1 }, { ...json, 'X-API-TOKEN': 'secret-token' }),
      send('PUT', `${key}?api_token=secret-token`, { value: 2 }),
      { method: 'DELETE', path: key },
      get(article),
      send('POST', comments, comment, { 'Content-Type': 'text/plain' }),
    ],
  ],
  [
    'faults, CORS origins and another rule',
    {
      clock,
      faults: { delayMs: 1, failure: { rate: 1, status: 503, operation: 'postComment' } },
      corsOrigins: ['http://a.test'],
      rules: {
        readArticle: (context, input) => ({
          ...defaultRules.readArticle(context, input),
          status: 201,
          headers: { 'X-Extra': 'yes' },
        }),
      },
    },
    [
      get(article, { Origin: 'http://a.test' }),
      get(article, { Origin: 'http://b.test' }),
      send('POST', comments, comment),
      get(comments),
    ],
  ],
];

describe('the fast path', () => {
  test.each(scenarios)('answers %s exactly as the Express route', async (_name, options, calls) => {
    const [fast, viaExpress] = await both(options, calls);
    expect(fast).toEqual(viaExpress);
  });

  test('answers a rule that breaks the schema with the same 500 as the Express route', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const options: MockOptions = {
      validateResponses: true,
      rules: { readArticle: () => ({ status: 200, body: { id: 'x' } }) },
    };
    const [fast, viaExpress] = await both(options, [get(article)]);
    expect(fast).toEqual(viaExpress);
    quiet.mockRestore();
  });
});
