/**
 * The file `--persist` keeps (docs/persistence.md): an SQLite database in WAL mode, one row per
 * record of the site (interface sections 2.1 and 2.2 in the fixture form of store/records.ts),
 * each record as the JSON text a fixture file holds for it. A write rewrites only the rows it
 * touched. Both sides use this module: the start-up, which reads the site and migrates older
 * files, and the worker thread that commits the writes (database-worker.ts).
 */
import Database from 'libsql';
import type { SiteFixture } from '../store/records';
import { articleRecord, SiteStore, type StoredArticle } from '../store/site-store';
import { SavedSite } from './saved-site';

export type Connection = InstanceType<typeof Database>;

/** Marks the file as this mock's (SQLite's `application_id`): "SAM" and a 1. */
export const applicationId = 0x53414d01;
/** The layout below (SQLite's `user_version`); a later layout migrates from this one. */
export const formatVersion = 1;

const recordTables = ['pages', 'languages', 'people', 'articles'] as const;
type RecordTable = (typeof recordTables)[number];

const layout = [
  ...recordTables.map(
    (table) => `CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY, record TEXT NOT NULL) STRICT`,
  ),
  // `seq` keeps the order comments were posted in; `article_id` repeats the record's for queries by hand.
  'CREATE TABLE IF NOT EXISTS comments (seq INTEGER PRIMARY KEY, article_id INTEGER NOT NULL, record TEXT NOT NULL) STRICT',
  'CREATE INDEX IF NOT EXISTS comments_by_article ON comments (article_id, seq)',
];

/** What one commit writes: the rows that changed, or the whole site in place of what was there. */
export interface Batch {
  whole: boolean;
  rows: Iterable<Row>;
}

/** A record as stored: `key` is the record's id, or a comment's article id (comments are only added). */
export interface Row {
  table: RecordTable | 'comments';
  key: number;
  record: string;
}

/**
 * Opens a connection. One that `commits` does so durably: WAL mode with `synchronous=FULL` syncs
 * the log to the disk at every commit, so a commit that returned survives a crash of the process
 * or the machine. Otherwise the connection changes nothing in the file until it writes: it reads,
 * or checks what the file is, or writes a new file once (a migration) with SQLite's default journal,
 * which leaves the whole database in the one file.
 */
export function openConnection(path: string, options: { commits: boolean }): Connection {
  const connection = new Database(path);
  connection.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL');
  if (options.commits) connection.exec('PRAGMA journal_mode = WAL');
  return connection;
}

/** Copies the log into the database and empties it, then closes: the database file alone then holds the site. */
export function closeConnection(connection: Connection): void {
  connection.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  connection.close();
}

/** `all()`, not `get()`: a statement left mid-way would keep a later commit or close from completing. */
const pragmaNumber = (connection: Connection, name: string): number =>
  Number(Object.values((connection.prepare(`PRAGMA ${name}`).all()[0] ?? {}) as Record<string, unknown>)[0]);

/** An empty database (SQLite's empty file, or one whose first commit never happened): no site yet. */
export function isEmpty(connection: Connection): boolean {
  const tables = connection.prepare('SELECT name FROM sqlite_schema').all();
  return pragmaNumber(connection, 'application_id') === 0 && tables.length === 0;
}

/** Why `connection` is not a site this mock saved, or undefined when it is one. */
export function formatProblem(connection: Connection): string | undefined {
  if (pragmaNumber(connection, 'application_id') !== applicationId)
    return 'is an SQLite database, but not a site saved by --persist';
  const version = pragmaNumber(connection, 'user_version');
  if (version > formatVersion) return `was saved by a newer mock (format ${String(version)}); update the mock`;
  return version === formatVersion ? undefined : `has an unknown format (${String(version)})`;
}

/** The layout, where the file has none yet; run inside a commit, so no file ever holds a layout without a site. */
function ensureLayout(connection: Connection): void {
  for (const statement of layout) connection.exec(statement);
  connection.exec(`PRAGMA application_id = ${String(applicationId)}; PRAGMA user_version = ${String(formatVersion)}`);
}

export const articleRow = (article: StoredArticle): Row => ({
  table: 'articles',
  key: article.id,
  record: JSON.stringify(articleRecord(article)),
});

export const commentRow = (comment: SiteFixture['comments'][number]): Row => ({
  table: 'comments',
  key: comment.article_id,
  record: JSON.stringify(comment),
});

/**
 * Every record of `store`, as rows: what a batch that replaces the whole site writes. Made as they
 * are written, so a large site is never held as rows all at once (database-writer.ts sends them
 * in parts); the comments are those of when this was called (`SiteStore.records`).
 */
export function siteRows(store: SiteStore): Generator<Row> {
  // Called now, not when the rows are first asked for: the comments are those of this moment.
  const records = store.records();
  function* rows(): Generator<Row> {
    for (const table of ['pages', 'languages', 'people'] as const) {
      for (const record of store[table].values()) yield { table, key: record.id, record: JSON.stringify(record) };
    }
    for (const record of records) {
      if ('article' in record)
        yield { table: 'articles', key: record.article.id, record: JSON.stringify(record.article) };
      else yield commentRow(record.comment);
    }
  }
  return rows();
}

type Statement = { run(...params: unknown[]): unknown };

const preparedWriters = new WeakMap<Connection, Record<Row['table'], Statement>>();

/** The statement that writes a row of each table, prepared once: records are replaced by id, comments added. */
function rowWriters(connection: Connection): Record<Row['table'], Statement> {
  const prepared = preparedWriters.get(connection);
  if (prepared) return prepared;
  const upsert = (table: RecordTable): Statement =>
    connection.prepare(
      `INSERT INTO ${table} (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record`,
    );
  const writers = {
    pages: upsert('pages'),
    languages: upsert('languages'),
    people: upsert('people'),
    articles: upsert('articles'),
    comments: connection.prepare('INSERT INTO comments (article_id, record) VALUES (?, ?)'),
  };
  preparedWriters.set(connection, writers);
  return writers;
}

/** Starts the transaction of a batch; one that replaces the whole site first empties the file (and lays it out, if new). */
export function beginBatch(connection: Connection, whole: boolean): void {
  connection.exec('BEGIN IMMEDIATE');
  if (!whole) return;
  ensureLayout(connection);
  for (const table of [...recordTables, 'comments']) connection.exec(`DELETE FROM ${table}`);
}

export function writeRows(connection: Connection, rows: Iterable<Row>): void {
  const writers = rowWriters(connection);
  for (const row of rows) writers[row.table].run(row.key, row.record);
}

/** Ends the batch's transaction: with `synchronous=FULL` its rows are on disk once this returns. */
export function commitBatch(connection: Connection): void {
  connection.exec('COMMIT');
}

/** Undoes the batch under way, if any: none of its rows stays. */
export function rollBackBatch(connection: Connection): void {
  if (connection.inTransaction) connection.exec('ROLLBACK');
}

/** Writes one batch in one transaction: it is on disk when this returns, or not at all. */
export function writeBatch(connection: Connection, batch: Batch): void {
  try {
    beginBatch(connection, batch.whole);
    writeRows(connection, batch.rows);
    commitBatch(connection);
  } catch (error) {
    rollBackBatch(connection);
    throw error;
  }
}

/** Every record of one of the small tables, parsed. */
function recordsOf<T>(connection: Connection, table: 'pages' | 'languages' | 'people'): T[] {
  const rows = connection.prepare(`SELECT record FROM ${table} ORDER BY id`).raw().all() as [string][];
  return rows.map(([record]) => JSON.parse(record) as T);
}

/**
 * The saved site: pages, languages and people read now (a few thousand at most), articles and
 * comments when asked for, on `connection`, which the store keeps for that (saved-site.ts).
 * Records are taken as they are, unchecked: each was checked on its way in (a fixture's rules, or
 * a write's), and checking a large site again would take seconds.
 */
export function readSite(connection: Connection): SiteStore {
  const site: SiteFixture = {
    pages: recordsOf(connection, 'pages'),
    languages: recordsOf(connection, 'languages'),
    people: recordsOf(connection, 'people'),
    articles: [],
    comments: [],
  };
  return new SiteStore(site, { shareRecords: true, saved: new SavedSite(connection) });
}
