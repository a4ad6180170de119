/** When `npm run build` may skip: only while every build is there and no source changed since it was made. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildIsCurrent, forgetBuild, stampBuild } from './build-stamp';
import { tempFolders } from '../test-support/temp-files';

const root = tempFolders('build-stamp')();

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  for (const file of ['scripts/build.ts', 'scripts/build-stamp.ts', 'scripts/precompile-validators.ts'])
    write(file, '');
  write('tsconfig.base.json', '{}');
  for (const folder of ['schemas', 'mock', 'contract-tests']) {
    write(`${folder}/index.ts`, `export const name = '${folder}';`);
    write(`${folder}/dist/index.js`, '');
  }
  stampBuild(root);
});

test('a build is current right after it was stamped, and stays so when only builds and installs change', () => {
  write('mock/dist/extra.js', 'changed');
  write('mock/node_modules/site-articles-schemas/index.js', 'staged');
  expect(buildIsCurrent(root)).toBe(true);
});

test.each([
  [
    'a source changes',
    () => {
      write('mock/index.ts', 'export const name = 2;');
    },
  ],
  [
    'a source is added',
    () => {
      write('contract-tests/checks/new.ts', '');
    },
  ],
  [
    'a build setting changes',
    () => {
      write('tsconfig.base.json', '{"strict": true}');
    },
  ],
  [
    'a package’s build is gone',
    () => {
      rmSync(join(root, 'schemas', 'dist'), { recursive: true });
    },
  ],
  [
    'a build started and was cut short',
    () => {
      forgetBuild(root);
    },
  ],
])('a build is not current once %s', (_name, change) => {
  change();
  expect(buildIsCurrent(root)).toBe(false);
});
