/**
 * The order `npm test` hands its files out in (test-sequencer.js): where Jest has no timings of its
 * own, as in a fresh clone, the times recorded in test-weights.json put the slowest files first,
 * whatever their size; and every file the record names is a test file that exists.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import recordedSeconds from './test-weights.json';

interface FileToRun {
  path: string;
  context: { config: { cache: boolean; rootDir: string }; hasteFS: { getSize: (path: string) => number } };
}
type SequencerClass = new (options: object) => { sort: (tests: FileToRun[]) => FileToRun[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest loads the sequencer as plain JavaScript, without types
const BothEndsSequencer = require('./test-sequencer.js') as SequencerClass;

const root = join(__dirname, '..');
const sizes: Record<string, number> = {};
/** Jest's cache turned off: no timings of its own, as on a machine that never ran the tests. */
const context = { config: { cache: false, rootDir: root }, hasteFS: { getSize: (path: string) => sizes[path] ?? 0 } };
const fileAt = (name: string, size: number): FileToRun => {
  const path = join(root, name);
  sizes[path] = size;
  return { path, context };
};
const names = (files: FileToRun[]): string[] => files.map((file) => file.path.slice(root.length + 1));

describe('the test sequencer without timings of its own', () => {
  const recorded = Object.entries(recordedSeconds).sort(([, a], [, b]) => b - a);
  const [slowest, quickest] = [recorded[0]?.[0] ?? '', recorded.at(-1)?.[0] ?? ''];

  test('starts the slowest recorded file first and the quickest second, however large each is', () => {
    const files = [fileAt(quickest, 90_000), fileAt(slowest, 10), fileAt(recorded[1]?.[0] ?? '', 50_000)];
    expect(names(new BothEndsSequencer({}).sort(files))).toEqual([slowest, quickest, recorded[1]?.[0]]);
  });

  test('starts a file the record does not name before the recorded ones, as Jest does with a new file', () => {
    const files = [fileAt(slowest, 10), fileAt('mock/new-file.test.ts', 10)];
    expect(names(new BothEndsSequencer({}).sort(files))[0]).toBe('mock/new-file.test.ts');
  });

  test('names only test files that exist', () => {
    const missing = Object.keys(recordedSeconds).filter(
      (name) => !name.endsWith('.test.ts') || !existsSync(join(root, name)),
    );
    expect(missing).toEqual([]);
    expect(recorded.length).toBeGreaterThan(100);
  });
});
