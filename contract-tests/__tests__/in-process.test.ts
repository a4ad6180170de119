/**
 * The in-process target (in-process.ts) as the contract command starts it in a project that has
 * the mock but not Express, an optional peer of the mock: served by the mock's node:http adapter,
 * it answers. A child process, with express made unresolvable before anything loads.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

const script = `
let express = 'installed';
try { require('express'); } catch (error) { express = error.code; }
const { startInProcessMock } = require('./contract-tests/in-process.ts');
startInProcessMock().then(async (target) => {
  const [article, state] = await Promise.all(['/admin/api/articles/1', '/__mock/state'].map((path) => fetch(target.baseUrl + path)));
  console.log(JSON.stringify({ express, article: article.status, state: state.status }));
  await target.close();
});
`;

function run(): Promise<string> {
  const { NODE_OPTIONS: _jest, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: root,
    env: {
      ...inherited,
      NODE_OPTIONS: `--require ${join(root, 'test-support', 'hide-packages.cjs')}`,
      HIDDEN_PACKAGES: 'express',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', () => {
      resolve(output);
    }),
  );
}

test('the in-process mock answers where Express is not installed', async () => {
  expect(await run()).toBe(`${JSON.stringify({ express: 'MODULE_NOT_FOUND', article: 200, state: 200 })}\n`);
}, 30_000);
