/**
 * What `--persist <file>` finds at start (docs/persistence.md): no file yet, a site this mock
 * saved, or a JSON site an earlier mock wrote, which is migrated once with the original
 * kept beside it. Anything else stops the start, naming the file, which is left as it was: among
 * them a JSON site the mock did not write, such as a fixture.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { readFixtureFile } from '../loading/fixture-file';
import { writtenByEarlierPersist } from './earlier-json-site';
import { storeFromFixture } from '../loading/load-fixture';
import type { SiteStore } from '../store/site-store';
import { formatProblem, isEmpty, openConnection, readSite, siteRows, writeBatch } from './database-format';

export class PersistFileError extends Error {
  override name = 'PersistFileError';
}

const sqliteHeader = 'SQLite format 3\0';

function firstBytes(path: string, count: number): string {
  const handle = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    return buffer.subarray(0, readSync(handle, buffer, 0, count, 0)).toString('latin1');
  } finally {
    closeSync(handle);
  }
}

/** SQLite's: its header, an empty file (SQLite's own empty database), or a write-ahead log beside it. */
function isSqlite(path: string): boolean {
  return (
    firstBytes(path, sqliteHeader.length) === sqliteHeader || statSync(path).size === 0 || existsSync(`${path}-wal`)
  );
}

/** Makes a rename or a new file in `folder` survive a power cut. */
function syncFolder(folder: string): void {
  const handle = openSync(folder, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

function copyDurably(from: string, to: string): void {
  copyFileSync(from, to);
  const handle = openSync(to, 'r+');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/** A name beside `path` that holds nothing yet, for the original of a migrated file. */
function backupName(path: string): string {
  let name = `${path}.before-sqlite.json`;
  for (let count = 2; existsSync(name); count += 1) name = `${path}.before-sqlite-${String(count)}.json`;
  return name;
}

function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** Only a file the earlier `--persist` wrote is converted; a fixture is the user's, and stays as it is. */
function earlierJsonSite(path: string): unknown {
  if (!firstBytes(path, 64).trimStart().startsWith('{'))
    throw new PersistFileError(`${path}: is neither a site saved by --persist (SQLite) nor a JSON site`);
  if (!writtenByEarlierPersist(path))
    throw new PersistFileError(
      `${path}: is a JSON file that --persist did not write, so it is left as it is; to serve it and keep its changes in a new database: --fixtures ${path} --persist <new file>`,
    );
  return readFixtureFile(path);
}

/**
 * A JSON site the earlier `--persist` wrote becomes a database: written whole under a temporary
 * name, the original copied beside, then renamed over the original. A kill at any step leaves the
 * JSON file in place, and the next start migrates again.
 */
function migrateJson(path: string, report: (line: string) => void): SiteStore {
  const store = storeFromFixture(earlierJsonSite(path), path);
  const temporary = `${path}.migrating`;
  removeDatabase(temporary);
  const connection = openConnection(temporary, { commits: false });
  writeBatch(connection, { whole: true, rows: siteRows(store) });
  connection.close();
  const backup = backupName(path);
  copyDurably(path, backup);
  renameSync(temporary, path);
  syncFolder(dirname(path));
  report(`mock: ${path} held a JSON site; it is now an SQLite database, and the JSON file is kept as ${backup}`);
  return store;
}

/** What the mock starts from; `close` ends the reading of a saved site (saved-site.ts) when the mock stops. */
export interface OpenedSite {
  store: SiteStore | undefined;
  close: () => void;
}

const nothingOpen = (store?: SiteStore): OpenedSite => ({ store, close: () => undefined });

/** A saved site keeps its connection: the store reads its articles and comments through it. */
function readDatabase(path: string): OpenedSite {
  const connection = openConnection(path, { commits: false });
  try {
    if (isEmpty(connection)) {
      connection.close();
      return nothingOpen();
    }
    const problem = formatProblem(connection);
    if (problem !== undefined) throw new PersistFileError(`${path}: ${problem}`);
    // The file is this mock's, so it may be changed now: the writer's mode, which readers share.
    connection.exec('PRAGMA journal_mode = WAL');
    return { store: readSite(connection), close: () => connection.close() };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** The site saved in `path`, or no store when there is none yet (the mock starts from the fixture then). */
export function openSite(path: string, report: (line: string) => void): OpenedSite {
  if (!existsSync(path)) {
    if (!existsSync(dirname(path))) throw new PersistFileError(`${path}: the folder ${dirname(path)} does not exist`);
    return nothingOpen();
  }
  if (statSync(path).isDirectory()) throw new PersistFileError(`${path}: is a folder, not a file`);
  return isSqlite(path) ? readDatabase(path) : nothingOpen(migrateJson(path, report));
}
