/**
 * `npm start -- --proxy ... --record <file>` as a real child process in front of a real
 * deployment (the mock, in this process): the summary printed at exit, and a recording that
 * `--fixtures` loads and serves with the same articles and comments.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../..';
import { recordedEmailPlaceholder } from '../../proxy/recorder';
import { closeAll, serve } from './servers';
import { projectRoot } from '../../../test-support/cli-process';

jest.setTimeout(30_000);
afterEach(closeAll);

const root = projectRoot;
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

interface Started {
  url: string;
  stop: () => Promise<string>;
}

async function startCli(args: string[]): Promise<Started> {
  const { NODE_OPTIONS: _options, PORT: _port, PROXY_API_TOKEN: _token, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/cli.ts', '--port', '0', ...args], { cwd: root, env });
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
  const file = join(mkdtempSync(join(tmpdir(), 'proxy-record-')), 'recorded.json');
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
  // Written on each change, not only at exit: the file already holds every article read.
  await new Promise((done) => setTimeout(done, 300));
  const whileRunning = JSON.parse(readFileSync(file, 'utf8')) as { articles: { id: number }[] };
  expect(whileRunning.articles.map((article) => article.id).sort()).toEqual(ids);
  const output = await proxy.stop();
  expect(output).toMatch(/proxy: 7 exchanges judged, 0 with violations \(0 listed\), 0 not judged/);

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
