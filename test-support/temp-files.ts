/**
 * Temporary folders and files for tests, each test file's removed after its tests. They are made in
 * the run's own folder (run-temp-folder.ts), which the run's global teardown requires to be empty,
 * so a test file that leaves one behind fails `npm test`, naming the folder (its prefix names the
 * test file). The linter keeps tests from making temporary folders any other way.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTempFolder } from './run-temp-folder';

/**
 * Call at the top of a test file (or of a describe block); the function it returns makes one new
 * empty folder each time. All of them are removed after the file's (or block's) tests, once the
 * `afterAll` hooks declared before this call have run: declare first the hooks that must come
 * before the removal (stopping a process that writes there, unmounting a file system).
 */
export function tempFolders(prefix: string): () => string {
  const root = mkdtempSync(join(runTempFolder(), `${prefix}-`));
  afterAll(() => {
    // A child just killed may still be closing its files in there: retry rather than fail.
    rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  });
  let made = 0;
  return () => {
    made += 1;
    const folder = join(root, String(made));
    mkdirSync(folder);
    return folder;
  };
}

/** Call at the top of a test file; the function it returns writes one new file and gives its path. */
export function tempFiles(prefix: string): (text: string) => string {
  const folder = tempFolders(prefix)();
  let files = 0;
  return (text) => {
    files += 1;
    const path = join(folder, `${String(files)}.json`);
    writeFileSync(path, text);
    return path;
  };
}
