/**
 * One folder per `npm test` run for every temporary folder its tests make (temp-files.ts): made by
 * the run's global setup, which passes its path to the test workers in the environment, and checked
 * by its global teardown, which fails the run when a test file left anything in it, then removes it.
 * A folder of its own, rather than a look at the system's temporary folder before and after,
 * because other runs (other checkouts, other users) make and remove folders there meanwhile.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const variable = 'SITE_ARTICLES_TEST_TEMP';

/** Where tests make temporary folders: the run's folder, or the system's outside a jest run. */
export const runTempFolder = (): string => process.env[variable] ?? tmpdir();

export function makeRunTempFolder(): void {
  process.env[variable] = mkdtempSync(join(tmpdir(), 'site-articles-test-run-'));
}

/** Removes the run's folder; throws, naming them, when test files left anything in it. */
export function removeRunTempFolder(): void {
  const folder = process.env[variable];
  if (folder === undefined) return;
  const leftBehind = readdirSync(folder);
  rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  if (leftBehind.length > 0)
    throw new Error(
      `test files left temporary folders behind (each named after its test file): ${leftBehind.join(', ')}`,
    );
}
