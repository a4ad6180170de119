/**
 * Records a store reads the first time it is asked for them instead of at start: a site persisted
 * with `--persist` (mock/persist/saved-site.ts reads them from its database), or a large fixture
 * file, kept as text (mock/loading/checked-fixture.ts). A large site then starts at once, and
 * memory holds parsed objects only for what was used (docs/persistence.md, docs/performance.md).
 * Articles are never created or removed, so the ids are those of the saved site for good.
 */
import type { ArticleRecord, CommentRecord } from './records';

export interface SavedRecords {
  /** The article as saved, freshly parsed, or undefined when there is none of that id. */
  article(id: number): ArticleRecord | undefined;
  /** Whether there is an article of that id, without reading it. */
  hasArticle(id: number): boolean;
  /** Every article id: a database's ascending, a file's in its order. */
  articleIds(): number[];
  /** The article's comments as saved, freshly parsed, in the order they were posted. */
  commentsOf(articleId: number): CommentRecord[];
  commentCount(articleId: number): number;
}

/**
 * The saved records could not be read (another program locks the database, say): a 503 naming the
 * cause (error `notReadable`), not a fault of the mock.
 */
export class UnreadableSite extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'UnreadableSite';
  }
}
