/**
 * Reads a fixture file for `--fixtures` (Node only; kept apart from load-fixture.ts so that the
 * MSW handlers' browser bundle never reaches node:fs). A large file is read in chunks (json-file.ts).
 */
import { readJsonFile } from './json-file';
import { FixtureError, ownFixture } from './load-fixture';

/** Parses a fixture file; `storeFromFixture` checks what it holds. */
export function readFixtureFile(path: string): unknown {
  try {
    const value = readJsonFile(path);
    ownFixture(value);
    return value;
  } catch (error) {
    throw new FixtureError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
