/**
 * `--persist <file>`: the site kept in an SQLite database across restarts (outside the interface;
 * docs/persistence.md). Reads are answered from memory as without it; a saved site's articles and
 * comments come into memory when first asked for (saved-site.ts). Each change of the store names
 * its record; the rows of the records that changed are committed together by a worker thread
 * (group commit), and a write is answered only once its commit is on disk.
 */
import type { Persistence } from '../app/options';
import type { CommentRecord } from '../store/records';
import type { SiteChange, SiteStore, StoredArticle } from '../store/site-store';
import { articleRow, commentRow, siteRows, type Batch } from './database-format';
import { DatabaseWriter } from './database-writer';
import { GroupCommit } from './group-commit';
import { openSite, type OpenedSite } from './open-site';

/** What the next commit writes: the whole site in place of the file's, or the records that changed. */
interface Pending {
  whole: boolean;
  /** Each article once, however often it changed: its latest state is what is written. */
  articles: Map<number, StoredArticle>;
  /** In the order they were posted, which the file keeps. */
  comments: CommentRecord[];
}

const nothingPending = (): Pending => ({ whole: false, articles: new Map(), comments: [] });

export class SiteDatabase implements Persistence {
  readonly saved: SiteStore | undefined;
  private readonly opened: OpenedSite;
  private readonly writer: DatabaseWriter;
  private readonly commits = new GroupCommit(() => this.commitPending());
  private store?: SiteStore;
  private stopFollowing?: () => void;
  private pending = nothingPending();

  /** Opens `path` (or migrates it, or stops with PersistFileError: open-site.ts). */
  constructor(
    readonly path: string,
    private readonly report: (line: string) => void = (line) => {
      console.error(line);
    },
  ) {
    this.opened = openSite(path, report);
    this.saved = this.opened.store;
    this.writer = new DatabaseWriter(path);
  }

  follow(store: SiteStore): void {
    this.stopFollowing?.();
    this.store = store;
    if (store !== this.saved) {
      this.pending = { ...nothingPending(), whole: true };
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

  /**
   * Waits for the last commit, and tries once more what a failed commit left (it was answered
   * 503, so nothing acknowledged is at stake), then closes the file: the writer last, so that it
   * empties the log.
   */
  async close(): Promise<void> {
    this.stopFollowing?.();
    await this.settled().catch(() => undefined);
    const { whole, articles, comments } = this.pending;
    if (whole || articles.size > 0 || comments.length > 0) {
      this.commits.changed();
      await this.settled().catch(() => undefined);
    }
    this.opened.close();
    await this.writer.close();
  }

  private note(change: SiteChange): void {
    if (this.pending.whole) return;
    if ('article' in change) this.pending.articles.set(change.article.id, change.article);
    else this.pending.comments.push(change.comment);
  }

  private batchOf(pending: Pending): Batch {
    if (pending.whole && this.store) return { whole: true, rows: siteRows(this.store) };
    return {
      whole: false,
      rows: [...[...pending.articles.values()].map(articleRow), ...pending.comments.map(commentRow)],
    };
  }

  /**
   * A commit that failed wrote nothing (a transaction is all or nothing), so what it carried goes
   * into the next one, before what changed since: a write is acknowledged only once it is on disk.
   */
  private retryLater(failed: Pending): void {
    const later = this.pending;
    this.pending = {
      whole: failed.whole || later.whole,
      articles: new Map([...failed.articles, ...later.articles]),
      comments: [...failed.comments, ...later.comments],
    };
  }

  private commitPending(): Promise<void> {
    const taken = this.pending;
    this.pending = nothingPending();
    return this.writer.write(this.batchOf(taken)).catch((error: unknown) => {
      this.retryLater(taken);
      this.report(
        `mock: cannot save the site to ${this.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw error;
    });
  }
}
