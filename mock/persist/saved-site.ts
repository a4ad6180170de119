/**
 * A persisted site's articles and comments, read from its database when the store asks for one it
 * does not hold (store/saved-records.ts), on a connection of the main thread that only reads.
 * Reading one row is a lookup by key, so a site of any size starts at once and costs memory only
 * for what is used. The rows read are always current: a record that changes is held by the store
 * in the same turn (SiteStore.articleChanged, addComment) and for good, and from then on the
 * store's copy is the one that counts (docs/persistence.md).
 */
import type { ArticleRecord, CommentRecord } from '../store/records';
import { UnreadableSite, type SavedRecords } from '../store/saved-records';
import type Database from 'libsql';

type Connection = InstanceType<typeof Database>;

type Query = { all(...params: unknown[]): unknown[] };

/** Runs `read`; a failure of the database is an UnreadableSite, which the core answers 503. */
export function reading<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new UnreadableSite(error);
  }
}

/**
 * Each query prepared once, returning rows as arrays; `all()` steps every statement to its end, so
 * none holds a read open.
 */
function prepare(connection: Connection, sql: string): Query {
  const statement = reading(() => connection.prepare(sql).raw());
  return { all: (...params) => reading(() => statement.all(...params)) };
}

export class SavedSite implements SavedRecords {
  private readonly articleById: Query;
  private readonly articleExists: Query;
  private readonly ids: Query;
  private readonly commentsByArticle: Query;
  private readonly countByArticle: Query;

  constructor(private readonly connection: Connection) {
    this.articleById = prepare(connection, 'SELECT record FROM articles WHERE id = ?');
    this.articleExists = prepare(connection, 'SELECT 1 FROM articles WHERE id = ?');
    this.ids = prepare(connection, 'SELECT id FROM articles ORDER BY id');
    this.commentsByArticle = prepare(connection, 'SELECT record FROM comments WHERE article_id = ? ORDER BY seq');
    this.countByArticle = prepare(connection, 'SELECT count(*) FROM comments WHERE article_id = ?');
  }

  article(id: number): ArticleRecord | undefined {
    const [row] = this.articleById.all(id) as [string][];
    return row === undefined ? undefined : (JSON.parse(row[0]) as ArticleRecord);
  }

  hasArticle(id: number): boolean {
    return this.articleExists.all(id).length > 0;
  }

  articleIds(): number[] {
    return (this.ids.all() as [number][]).map(([id]) => id);
  }

  commentsOf(articleId: number): CommentRecord[] {
    return (this.commentsByArticle.all(articleId) as [string][]).map(([record]) => JSON.parse(record) as CommentRecord);
  }

  commentCount(articleId: number): number {
    const [row] = this.countByArticle.all(articleId) as [number][];
    return row?.[0] ?? 0;
  }

  close(): void {
    this.connection.close();
  }
}
