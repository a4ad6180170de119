/**
 * Runs the whole `npm test` once and records how long each test file took, in seconds, into
 * test-support/test-weights.json. The test sequencer orders files by those times when Jest has none
 * of its own (a fresh clone, as in CI), so the slowest files start first there as well. Record
 * again when files are added, renamed or much changed; a file it does not name still runs.
 *
 *   npx tsx scripts/record-test-weights.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface JestResults {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const root = join(__dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'test-weights-'));
const resultsFile = join(scratch, 'results.json');
try {
  const run = spawnSync('npm', ['test', '--', '--json', `--outputFile=${resultsFile}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error('record-test-weights: the run did not pass, so its times were not recorded');
    process.exitCode = 1;
  } else {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as JestResults;
    const seconds = results.testResults
      .map((file) => [relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    const target = join(root, 'test-support', 'test-weights.json');
    writeFileSync(target, `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
    console.log(`record-test-weights: ${String(seconds.length)} files' times written to ${relative(root, target)}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
