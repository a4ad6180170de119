/**
 * `--persist <file>`: the site kept in an SQLite database across restarts (outside the interface;
 * docs/persistence.md). Reads are answered from memory as without it. Each change of the store
 * names its record; the rows of the records that changed are committed together by a worker
 * thread (group commit), and a write is answered only once its commit is on disk.
 */
import type { Persistence } from '../app/options';
import type { CommentRecord } from '../store/records';
import type { SiteChange, SiteStore, StoredArticle } from '../store/site-store';
import { articleRow, commentRow, siteRows, type Batch } from './database-format';
import { DatabaseWriter } from './database-writer';
import { GroupCommit } from './group-commit';
import { openSite } from './open-site';

export class SiteDatabase implements Persistence {
  readonly saved: SiteStore | undefined;
  private readonly writer: DatabaseWriter;
  private readonly commits = new GroupCommit(() => this.commitPending());
  private store?: SiteStore;
  private stopFollowing?: () => void;
  /** The next commit writes the whole site: a new store, or a commit failed and the file may lack changes. */
  private whole = false;
  private readonly articles = new Map<number, StoredArticle>();
  private comments: CommentRecord[] = [];

  /** Opens `path` (or migrates it, or stops with PersistFileError: open-site.ts). */
  constructor(
    readonly path: string,
    private readonly report: (line: string) => void = (line) => {
      console.error(line);
    },
  ) {
    this.saved = openSite(path, report);
    this.writer = new DatabaseWriter(path);
  }

  follow(store: SiteStore): void {
    this.stopFollowing?.();
    this.store = store;
    if (store !== this.saved) {
      this.whole = true;
      this.commits.changed();
    }
    this.stopFollowing = store.onChange((change) => {
      this.note(change);
      this.commits.changed();
    });
  }

  settled(): Promise<void> {
    return this.commits.settled();
  }

  /** Waits for the last commit, then closes the file. */
  async close(): Promise<void> {
    this.stopFollowing?.();
    await this.settled().catch(() => undefined);
    await this.writer.close();
  }

  private note(change: SiteChange): void {
    if (this.whole) return;
    if ('article' in change) this.articles.set(change.article.id, change.article);
    else this.comments.push(change.comment);
  }

  /** The rows changed since the last commit (an article once, however often it changed), or the whole site. */
  private pendingBatch(): Batch {
    const batch: Batch =
      this.whole && this.store
        ? { whole: true, rows: siteRows(this.store) }
        : { whole: false, rows: [...[...this.articles.values()].map(articleRow), ...this.comments.map(commentRow)] };
    this.whole = false;
    this.articles.clear();
    this.comments = [];
    return batch;
  }

  private commitPending(): Promise<void> {
    return this.writer.write(this.pendingBatch()).catch((error: unknown) => {
      this.whole = true;
      this.report(
        `mock: cannot save the site to ${this.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw error;
    });
  }
}
