/** What `npm run check:generated` reports, on a scratch folder instead of the project. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staleFiles, writeGenerated } from './sync';
import { tempFolders } from '../../test-support/temp-files';

const files = new Map([
  ['schemas/generated/thing.json', '{\n  "type": "object"\n}\n'],
  ['schemas/generated/types/index.ts', 'export interface Thing {}\n'],
]);
const newRoot = tempFolders('generated');
let root: string;

beforeEach(() => {
  root = newRoot();
  writeGenerated(root, files);
});

test('freshly written files are reported up to date', () => {
  expect(staleFiles(root, files)).toEqual([]);
});

test('a hand-edited file is reported with a diff of the change', () => {
  writeFileSync(join(root, 'schemas/generated/thing.json'), '{\n  "type": "array"\n}\n');
  const [problem] = staleFiles(root, files);
  expect(problem).toContain('-  "type": "array"');
  expect(problem).toContain('+  "type": "object"');
});

test('a leftover file that generation no longer produces is reported', () => {
  writeFileSync(join(root, 'schemas/generated/old.json'), '{}');
  expect(staleFiles(root, files)).toEqual([
    'schemas/generated/old.json: not produced by generation any more (stale leftover)\n',
  ]);
});

test('writing again removes the leftover', () => {
  writeFileSync(join(root, 'schemas/generated/old.json'), '{}');
  writeGenerated(root, files);
  expect(staleFiles(root, files)).toEqual([]);
});

test("the schemas package's files outside generated/ are never taken for leftovers", () => {
  mkdirSync(join(root, 'schemas/validation'));
  writeFileSync(join(root, 'schemas/validation/index.ts'), 'export {};\n');
  writeFileSync(join(root, 'schemas/package.json'), '{}\n');
  writeFileSync(join(root, 'schemas/old.json'), '{}');
  expect(staleFiles(root, files)).toEqual([]);
});

test('a leftover in a folder inside generated/ is reported', () => {
  writeFileSync(join(root, 'schemas/generated/types/old.ts'), 'export {};\n');
  expect(staleFiles(root, files)).toEqual([
    'schemas/generated/types/old.ts: not produced by generation any more (stale leftover)\n',
  ]);
});
