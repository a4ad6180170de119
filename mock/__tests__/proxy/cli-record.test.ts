/**
 * `npm start -- --proxy ... --record <file>` as a real child process in front of a real
 * deployment (the mock, in this process): the summary printed at exit, and a recording that
 * `--fixtures` loads and serves with the same articles and comments.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../../index';
import { recordedEmailPlaceholder } from '../../proxy/site-recorder';
import { closeAll, serve } from './servers';
import { mockCommand, projectRoot, shellEnvironment } from '../../../test-support/cli-process';
import { tempFolders } from '../../../test-support/temp-files';

jest.setTimeout(30_000);
afterEach(closeAll);

const root = projectRoot;
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});
const newFolder = tempFolders('proxy-record');

interface Started {
  url: string;
  stop: () => Promise<string>;
}

async function startCli(args: string[]): Promise<Started> {
  const { PORT: _port, PROXY_API_TOKEN: _token, ...env } = shellEnvironment();
  const child = spawn(process.execPath, [mockCommand, '--port', '0', ...args], { cwd: root, env });
  running.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((done) => {
    child.on('exit', () => {
      done();
    });
  });
  for (let waited = 0; waited < 20_000; waited += 50) {
    const match = /serving .* on (http:\/\/\S+)/.exec(out);
    if (match?.[1])
      return {
        url: match[1],
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
          return out;
        },
      };
    if (child.exitCode !== null) throw new Error(`mock exited: ${out}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`mock did not start: ${out}`);
}

/** The article ids in the recording once it holds `count` of them, or what it holds after 20 s of looking. */
async function recordedIdsOnceAll(file: string, count: number): Promise<number[]> {
  for (let looked = 0; looked < 400 && recordedIds(file).length < count; looked += 1)
    await new Promise((done) => setTimeout(done, 50));
  return recordedIds(file);
}

function recordedIds(file: string): number[] {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { articles: { id: number }[] }).articles
      .map((article) => article.id)
      .sort();
  } catch {
    return [];
  }
}

const get = async (url: string): Promise<unknown> => (await fetch(url)).json();
const withoutAddresses = (article: unknown): unknown =>
  Object.fromEntries(
    Object.entries(article as Record<string, unknown>)
      .filter(([field]) => !field.endsWith('url'))
      .map(([field, value]) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) && field !== 'data'
          ? [field, withoutAddresses(value)]
          : [field, value],
      ),
  );

test('records what passed through into a fixture that serves the same articles and comments', async () => {
  const upstream = await serve(createApp({ token: 'record-secret' }).app);
  const file = join(newFolder(), 'recorded.json');
  const proxy = await startCli(['--proxy', upstream, '--proxy-token', 'record-secret', '--record', file]);
  const ids = [1, 2, 3];
  const listOf = (base: string, id: number): string => `${base}/admin/api/site/articles/${id}/comments.json`;
  await fetch(`${proxy.url}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"value": "teal"}',
  });
  const seen = [];
  for (const id of ids)
    seen.push([await get(`${proxy.url}/admin/api/articles/${id}`), await get(listOf(proxy.url, id))]);
  // Written on each change, not only at exit: the file comes to hold every article read while the proxy runs.
  expect(await recordedIdsOnceAll(file, ids.length)).toEqual(ids);
  const output = await proxy.stop();
  expect(output).toMatch(
    /proxy: 7 exchanges judged, 0 with violations \(0 listed\), 0 with client findings \(0 listed\), 0 not judged/,
  );

  const recorded = readFileSync(file, 'utf8');
  expect(recorded).not.toContain('record-secret');
  expect(recorded).toContain(recordedEmailPlaceholder);
  const replay = await startCli(['--fixtures', file]);
  for (const [index, id] of ids.entries()) {
    const [article, comments] = seen[index] ?? [];
    expect(withoutAddresses(await get(`${replay.url}/admin/api/articles/${id}`))).toEqual(withoutAddresses(article));
    expect(await get(listOf(replay.url, id))).toEqual(comments);
  }
  expect((seen[0]?.[0] as { data: unknown }).data).toMatchObject({ colour: 'teal' });
  await replay.stop();
});

/**
 * A deployment that misbehaves around a good one: 404s, HTML error pages, a 2xx that is not an
 * article, a dropped connection, and comment lists in pages of two (`?page=`).
 */
async function mixedDeployment(): Promise<string> {
  const good = await serve(createApp().app);
  return serve((request, response) => {
    const url = new URL(request.url ?? '/', 'http://deployment');
    const answer = (status: number, type: string, body: string): void => {
      response.writeHead(status, { 'content-type': type }).end(body);
    };
    if (url.searchParams.has('html')) {
      answer(502, 'text/html', '<html><body>Bad gateway</body></html>');
      return;
    }
    if (url.searchParams.has('empty')) {
      answer(200, 'application/json', '{}');
      return;
    }
    if (url.searchParams.has('drop')) {
      request.socket.destroy();
      return;
    }
    const page = Number(url.searchParams.get('page') ?? 0);
    void fetch(`${good}${url.pathname}`, { method: request.method ?? 'GET' }).then(async (upstream) => {
      const text = await upstream.text();
      const body = page > 0 ? JSON.stringify((JSON.parse(text) as unknown[]).slice((page - 1) * 2, page * 2)) : text;
      answer(upstream.status, upstream.headers.get('content-type') ?? 'application/json', body);
    });
  });
}

test('records only the success answers of their operation from mixed traffic, counts the rest, and the file loads', async () => {
  const file = join(newFolder(), 'recorded.json');
  const proxy = await startCli(['--proxy', await mixedDeployment(), '--record', file]);
  const article = (id: number, query = ''): string => `${proxy.url}/admin/api/articles/${id}${query}`;
  const list = `${proxy.url}/admin/api/site/articles/1/comments.json`;
  const statuses = [];
  for (const address of [
    article(1),
    article(9),
    article(2, '?html=1'),
    article(3, '?empty=1'),
    article(4, '?drop=1'),
    `${proxy.url}/admin/api/articles/1/data/x.json`,
    `${list}?page=1`,
    `${list}?page=2`,
  ])
    statuses.push((await fetch(address).catch(() => undefined))?.status);
  expect(statuses).toEqual([200, 404, 502, 200, 502, 405, 200, 200]);
  const output = await proxy.stop();
  expect(output).toMatch(/record: 3 answers recorded into .*recorded\.json; 4 skipped \(/);
  expect(output).toContain('1 answered 404');
  expect(output).toMatch(/GET \/admin\/api\/articles\/2\?html=1 502 \S+ms \(1 violation\)\n/);
  expect(output).toMatch(/GET \/admin\/api\/articles\/3\?empty=1 200 \S+ms \([0-9]+ violations\)\n/);
  expect(output).toContain('2 answered 502');
  expect(output).toContain('1 an answer that breaks the interface');

  const replay = await startCli(['--fixtures', file]);
  expect((await fetch(`${replay.url}/admin/api/articles/1`)).status).toBe(200);
  for (const id of [2, 3, 4, 9]) expect((await fetch(`${replay.url}/admin/api/articles/${id}`)).status).toBe(404);
  const replayed = (await get(`${replay.url}/admin/api/site/articles/1/comments.json`)) as unknown[];
  expect(replayed).toHaveLength(3);
  await replay.stop();
});
