/** Which name a command gives itself in its usage. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { invokedAs, packageVersion } from './index';

const mock = { bin: 'articles-mock', script: 'npm start --' };

test.each<[string, NodeJS.ProcessEnv, string, string]>([
  [
    'the installed command, from npx',
    { npm_lifecycle_event: 'npx' },
    '/p/node_modules/.bin/articles-mock',
    'articles-mock',
  ],
  [
    'the installed command, from a project script',
    { npm_lifecycle_event: 'mock' },
    '/p/node_modules/.bin/articles-mock',
    'articles-mock',
  ],
  ['the compiled bin file run by path', {}, '/p/node_modules/site-articles-mock/bin/articles-mock.js', 'articles-mock'],
  ['npm start in this repository', { npm_lifecycle_event: 'start' }, '/repo/mock/dist/cli.js', 'npm start --'],
  ['npm run dev in this repository', { npm_lifecycle_event: 'dev' }, '/repo/mock/cli.ts', 'npm run dev --'],
  ['the source run directly', {}, '/repo/mock/cli.ts', 'npm start --'],
])('names %s as the user typed it', (_case, env, entry, name) => {
  expect(invokedAs(mock, env, entry)).toBe(name);
});

test('packageVersion reads the version of the package a folder belongs to, from its source or its build', () => {
  const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
  expect(packageVersion(__dirname)).toBe(version);
  expect(packageVersion(join(__dirname, '..', 'dist', 'command-line'))).toBe(version);
});
