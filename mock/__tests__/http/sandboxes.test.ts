/**
 * Sandboxes on a listening mock (node:http on a loopback port): each its own copy of the site,
 * started from a scenario, with its own faults and journal, named by the `X-Mock-Sandbox` header or
 * the `mock_sandbox` cookie; a request naming none is served the mock's own site as before
 * (docs/scenarios.md). Eight worker threads, each a client with its own sandbox, write and read the
 * same article and key at once, as parallel test workers against one mock do.
 */
import { Worker } from 'node:worker_threads';
import { createApp, type MockOptions } from '../../index';
import { closeAll } from '../proxy/servers';
import { listeningMock } from './support';

let base = '';
let mock: ReturnType<typeof createApp>;

async function start(options: MockOptions = {}): Promise<void> {
  ({ mock, base } = await listeningMock(options));
}
afterEach(closeAll);
// The first request builds the schemas' validators, which on a busy machine takes seconds.
jest.setTimeout(30_000);

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return {
    status: answer.status,
    headers: answer.headers,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

const openSandbox = async (scenario?: string): Promise<string> => {
  const answer = await send('POST', '/__mock/sandboxes', {}, scenario === undefined ? undefined : { scenario });
  expect(answer.status).toBe(201);
  return (answer.body as { id: string }).id;
};
/** Article 1's `data` in the sample site. */
const sampleData = createApp()
  .state()
  .articles.find((article) => article.id === 1)?.data;
const inSandbox = (id: string): Record<string, string> => ({ 'X-Mock-Sandbox': id });
const dataOf = async (headers: Record<string, string> = {}): Promise<unknown> =>
  ((await send('GET', '/admin/api/articles/1', headers)).body as { data: unknown }).data;

/** A stream's text until it holds `wanted`, or until it ends when nothing is wanted. */
async function readUntil(reader: ReadableStreamDefaultReader<string>, wanted?: string): Promise<string> {
  let text = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    text += part.value;
    if (wanted !== undefined && text.includes(wanted)) break;
  }
  return text;
}

/**
 * One parallel test worker: once every worker is ready, opens its sandbox, then writes its own
 * value to article 1's `colour` and reads the article back, `rounds` times; answers what it saw.
 */
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, index, rounds } = workerData;
(async () => {
  parentPort.postMessage({ ready: true });
  await new Promise((go) => parentPort.once('message', go));
  const opened = await fetch(base + '/__mock/sandboxes', { method: 'POST' });
  const { id } = await opened.json();
  const headers = { 'X-Mock-Sandbox': id, 'Content-Type': 'application/json' };
  const seen = [];
  for (let round = 0; round < rounds; round += 1) {
    const value = 'worker ' + index + ' round ' + round;
    const put = await fetch(base + '/admin/api/articles/1/data/colour', { method: 'PUT', headers, body: JSON.stringify({ value }) });
    const read = await (await fetch(base + '/admin/api/articles/1', { headers })).json();
    seen.push({ wrote: value, status: put.status, read: read.data.colour });
  }
  parentPort.postMessage({ id, seen });
})().catch((error) => parentPort.postMessage({ error: String(error) + ' ' + String(error.cause) }));
`;

interface WorkerReport {
  id: string;
  seen: { wrote: string; status: number; read: unknown }[];
  error?: string;
}

/** Runs `count` workers at once: all start together, once every one of them is running. */
async function runWorkers(count: number, rounds: number): Promise<WorkerReport[]> {
  const workers = Array.from(
    { length: count },
    (_, index) => new Worker(workerCode, { eval: true, workerData: { base, index, rounds } }),
  );
  const message = (worker: Worker): Promise<Record<string, unknown>> =>
    new Promise((done, fail) => {
      worker.once('message', done);
      worker.once('error', fail);
    });
  await Promise.all(workers.map(message));
  const reports = workers.map(message);
  for (const worker of workers) worker.postMessage('go');
  try {
    return (await Promise.all(reports)) as unknown as WorkerReport[];
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

describe('sandboxes', () => {
  test('eight parallel workers, each in its own sandbox, see only their own writes; a client without one sees the mock’s own site', async () => {
    await start();
    const reports = await runWorkers(8, 10);
    expect(reports.filter((report) => report.error !== undefined)).toEqual([]);
    expect(new Set(reports.map((report) => report.id)).size).toBe(8);
    for (const report of reports) {
      expect(report.seen.map((each) => [each.status, each.read])).toEqual(report.seen.map((each) => [200, each.wrote]));
    }
    expect(await dataOf()).toEqual(sampleData);
    for (const report of reports) {
      const writes = (await send('GET', '/__mock/journal?method=PUT', inSandbox(report.id))).body as {
        requestBody: { value: string };
      }[];
      expect(writes.map((entry) => entry.requestBody.value)).toEqual(report.seen.map((each) => each.wrote));
    }
    expect(mock.journal({ method: 'PUT' })).toEqual([]);
  }, 60_000);

  test('the cookie names a sandbox as the header does, and the header wins', async () => {
    await start();
    const opened = await send('POST', '/__mock/sandboxes');
    const { id } = opened.body as { id: string };
    expect(opened.headers.get('set-cookie')).toBe(`mock_sandbox=${id}; Path=/; HttpOnly; SameSite=Strict`);
    await send('PUT', '/admin/api/articles/1/data/colour', { Cookie: `mock_sandbox=${id}` }, { value: 'cookie' });
    expect(await dataOf(inSandbox(id))).toMatchObject({ colour: 'cookie' });
    const other = await openSandbox();
    expect(await dataOf({ Cookie: `mock_sandbox=${id}`, 'X-Mock-Sandbox': other })).not.toHaveProperty('colour');
    expect(await dataOf()).not.toHaveProperty('colour');
  });

  test('a sandbox starts from the scenario chosen, faults included, and its reset, state and faults are its own', async () => {
    await start();
    await send('PUT', '/admin/api/articles/1/data/colour', {}, { value: 'teal' });
    await send('PUT', '/__mock/faults', {}, { failure: { status: 503, rate: 1, operation: 'postComment' } });
    await send('POST', '/__mock/scenarios', {}, { name: 'teal' });
    await send('POST', '/__mock/reset');
    await send('DELETE', '/__mock/faults');
    const id = await openSandbox('teal');
    expect(await dataOf(inSandbox(id))).toMatchObject({ colour: 'teal' });
    const post = await send('POST', '/admin/api/site/articles/1/comments.json', inSandbox(id), {
      comment: { author: 'A', author_email: 'a@example.com', body: 'Hi' },
    });
    expect(post.status).toBe(503);
    await send('PUT', '/admin/api/articles/1/data/colour', inSandbox(id), { value: 'red' });
    await send('POST', '/__mock/reset', inSandbox(id));
    expect(await dataOf(inSandbox(id))).toMatchObject({ colour: 'teal' });
    expect((await send('GET', '/__mock/faults', inSandbox(id))).body).toEqual({
      failure: { status: 503, rate: 1, operation: 'postComment' },
    });
    expect([await dataOf(), mock.faults()]).toEqual([sampleData, {}]);
    expect((await send('GET', '/__mock/sandboxes')).body).toEqual([{ id, scenario: 'teal' }]);
  });

  test('a request naming a sandbox the mock does not hold is refused with 400, readable across origins, and changes nothing', async () => {
    await start();
    const answer = await send(
      'PUT',
      '/admin/api/articles/1/data/colour',
      { 'X-Mock-Sandbox': 'gone', Origin: 'http://localhost:5173' },
      { value: 1 },
    );
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(
      /^The mock holds no sandbox "gone" \(ended, or the mock restarted\)/,
    );
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await dataOf()).not.toHaveProperty('colour');
    expect((await send('GET', '/__mock/state', { Cookie: 'mock_sandbox=gone' })).status).toBe(400);
  });

  test('a sandbox cookie that does not decode is refused with 400 like an unknown sandbox, never served the mock’s own site', async () => {
    await start();
    const cookie = { Cookie: 'mock_sandbox=%E0%A4%A' };
    const read = await send('GET', '/admin/api/articles/1', cookie);
    expect([read.status, (read.body as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/^The mock holds no sandbox "%E0%A4%A"/),
    ]);
    expect((await send('PUT', '/admin/api/articles/1/data/colour', cookie, { value: 'x' })).status).toBe(400);
    expect(await dataOf()).toEqual(sampleData);
  });

  test('an ended sandbox is refused from then on, and ending it clears the cookie that named it', async () => {
    await start();
    const id = await openSandbox();
    const ended = await send('DELETE', `/__mock/sandboxes/${id}`, { Cookie: `mock_sandbox=${id}` });
    expect([ended.status, ended.headers.get('set-cookie')]).toEqual([
      204,
      'mock_sandbox=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
    ]);
    expect((await send('GET', '/admin/api/articles/1', inSandbox(id))).status).toBe(400);
    expect((await send('GET', '/__mock/sandboxes')).body).toEqual([]);
  });

  test('ending a sandbox ends its journal streams, with the entries made before; the mock’s own stream stays', async () => {
    await start();
    const id = await openSandbox();
    const sandboxStream = await fetch(`${base}/__mock/journal/stream`, { headers: inSandbox(id) });
    const ownStream = new AbortController();
    const own = await fetch(`${base}/__mock/journal/stream`, { signal: ownStream.signal });
    const reader = (sandboxStream.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe(': journal stream\n\n');
    await send('GET', '/admin/api/articles/2', inSandbox(id));
    await send('DELETE', `/__mock/sandboxes/${id}`);
    expect(await readUntil(reader)).toMatch(/^event: entry\ndata: \{.*"path":"\/admin\/api\/articles\/2"/);
    await send('GET', '/admin/api/articles/3');
    const ownReader = (own.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    expect(await readUntil(ownReader, '/admin/api/articles/3')).toContain('"path":"/admin/api/articles/3"');
    ownStream.abort();
  });

  test('past the bound, opening a sandbox answers 409 saying how to end one; ending one makes room', async () => {
    await start({ maxSandboxes: 2 });
    const first = await openSandbox();
    await openSandbox();
    const refused = await send('POST', '/__mock/sandboxes');
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: 'The mock already holds 2 sandboxes, its most: end one with DELETE /__mock/sandboxes/<id> first.',
      },
    });
    await send('DELETE', `/__mock/sandboxes/${first}`);
    expect((await send('POST', '/__mock/sandboxes')).status).toBe(201);
  });

  test('a sandbox of an unknown scenario is 404; a stale cookie does not stop opening a new one', async () => {
    await start();
    expect((await send('POST', '/__mock/sandboxes', {}, { scenario: 'nope' })).status).toBe(404);
    expect((await send('POST', '/__mock/sandboxes', { Cookie: 'mock_sandbox=stale' })).status).toBe(201);
  });
});

describe('sandboxes and the control API’s rules', () => {
  const evil = { Origin: 'http://evil.example' };

  test('a page of another origin can neither open, end nor list sandboxes, nor switch the scenario', async () => {
    await start();
    const id = await openSandbox();
    expect((await send('POST', '/__mock/sandboxes', evil)).status).toBe(403);
    expect((await send('DELETE', `/__mock/sandboxes/${id}`, evil)).status).toBe(403);
    expect((await send('POST', '/__mock/reset', evil, { scenario: 'default' })).status).toBe(403);
    expect((await send('PUT', '/__mock/scenarios/x', evil, { site: mock.state() })).status).toBe(403);
    expect((await send('POST', '/__mock/reset', { ...evil, 'X-Mock-Sandbox': id })).status).toBe(403);
    const listed = await send('GET', '/__mock/sandboxes', evil);
    expect(listed.headers.get('access-control-allow-origin')).toBeNull();
    expect(listed.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(mock.sandboxes()).toEqual([{ id, scenario: 'default' }]);
  });

  test('beyond loopback, opening a sandbox and using its controls need the control token', async () => {
    await start({ security: { allowedHosts: [], controlToken: 'ctl' } });
    expect((await send('POST', '/__mock/sandboxes')).status).toBe(401);
    const opened = await send('POST', '/__mock/sandboxes', { 'X-Mock-Control-Token': 'ctl' });
    const { id } = opened.body as { id: string };
    expect((await send('GET', '/__mock/state', inSandbox(id))).status).toBe(401);
    expect((await send('GET', '/admin/api/articles/1', inSandbox(id))).status).toBe(200);
  });
});
