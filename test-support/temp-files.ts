/** Files with given text in a temporary folder of the test file's own, removed after its tests. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Call at the top of a test file; the function it returns writes one new file and gives its path. */
export function tempFiles(prefix: string): (text: string) => string {
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  let files = 0;
  return (text) => {
    files += 1;
    const path = join(folder, `${String(files)}.json`);
    writeFileSync(path, text);
    return path;
  };
}
