/**
 * `--persist <file>`: the site kept in an SQLite database across restarts (outside the interface;
 * docs/persistence.md). Reads are answered from memory as without it, but for an article whose
 * change is still unsaved, from the file (committedView); a saved site's articles and comments
 * come into memory when first asked for (saved-site.ts). Each change of the store names
 * its record; the rows of the records that changed are committed together by a worker thread
 * (group commit), and a write is answered only once its commit is on disk. A commit that fails is
 * undone in memory too, with every change made over it: what a client was told is not saved, no
 * read shows, and no later commit carries in.
 */
import type { Persistence } from '../store/persistence';
import type { ArticleRecord, CommentRecord } from '../store/records';
import { SiteStore, type SiteChange, type StoredArticle } from '../store/site-store';
import { articleRow, commentRow, isEmpty, openConnection, readSite, siteRows, type Batch } from './database-format';
import { DatabaseWriter } from './database-writer';
import { GroupCommit } from './group-commit';
import { openSite, type OpenedSite } from './open-site';
import { reading, SavedSite } from './saved-site';

/** What the next commit writes: the whole site in place of the file's, or the records that changed. */
interface Pending {
  whole: boolean;
  /** Each article once, however often it changed: its latest state is what is written. */
  articles: Map<number, StoredArticle>;
  /** In the order they were posted, which the file keeps. */
  comments: CommentRecord[];
}

const nothingPending = (): Pending => ({ whole: false, articles: new Map(), comments: [] });

const together = (first: Pending, then: Pending): Pending => ({
  whole: first.whole || then.whole,
  articles: new Map([...first.articles, ...then.articles]),
  comments: [...first.comments, ...then.comments],
});

/** Whether the batch changes the article or its comments. */
const touches = (batch: Pending, articleId: number): boolean =>
  batch.articles.has(articleId) || batch.comments.some((comment) => comment.article_id === articleId);

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class SiteDatabase implements Persistence {
  readonly saved: SiteStore | undefined;
  private readonly opened: OpenedSite;
  private readonly writer: DatabaseWriter;
  private readonly commits = new GroupCommit(
    () => this.commitPending(),
    (error) => {
      this.undoUnsaved(error);
    },
  );
  private store?: SiteStore;
  private replaceStore?: (store: SiteStore) => void;
  private stopFollowing?: () => void;
  private pending = nothingPending();
  /** What the commit under way carries. */
  private committing = nothingPending();
  /** Reads the file as last committed, to undo what could not be saved; opened when first needed. */
  private onDisk?: SavedSite;
  private readonly readersToClose: (() => void)[] = [];

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

  follow(store: SiteStore, replaceStore: (store: SiteStore) => void): void {
    this.replaceStore = replaceStore;
    this.watch(store);
    if (store !== this.saved) {
      this.pending = { ...nothingPending(), whole: true };
      this.commits.changed();
    }
  }

  private watch(store: SiteStore): void {
    this.stopFollowing?.();
    this.store = store;
    this.stopFollowing = store.onChange((change) => {
      this.note(change);
      this.commits.changed();
    });
  }

  settled(): Promise<void> {
    return this.commits.settled();
  }

  /**
   * The site as the file holds it while a change to the article (or its comments) is unsaved,
   * noted or being committed: the pages, languages and people of memory (no operation changes
   * them), the articles and comments read from the file as last committed. Made for one read and
   * let go. A whole site not yet saved (the first start from a fixture, a reset or a load) has no
   * file to show instead: memory stands.
   */
  committedView(articleId: number): SiteStore | undefined {
    const { store } = this;
    if (!store || this.pending.whole || this.committing.whole) return undefined;
    if (!touches(this.pending, articleId) && !touches(this.committing, articleId)) return undefined;
    this.onDisk ??= this.reader();
    const site = { pages: [...store.pages.values()], languages: [...store.languages.values()] };
    return new SiteStore(
      { ...site, people: [...store.people.values()], articles: [], comments: [] },
      { saved: this.onDisk, shareRecords: true },
    );
  }

  /**
   * Waits for the last commit, and tries once more a whole site that could not be saved before
   * (there was no saved site to go back to), then closes the file: the writer last, so that it
   * empties the log.
   */
  async close(): Promise<void> {
    this.stopFollowing?.();
    await this.settled().catch(() => undefined);
    if (this.pending.whole) {
      this.commits.changed();
      await this.settled().catch(() => undefined);
    }
    for (const close of this.readersToClose) close();
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

  private commitPending(): Promise<void> {
    const batch = this.pending;
    this.committing = batch;
    this.pending = nothingPending();
    return this.writer.write(this.batchOf(batch)).then(() => {
      // On disk: what it carried is memory's again (a failure keeps it, for the undo).
      if (this.committing === batch) this.committing = nothingPending();
    });
  }

  /**
   * A commit failed, and wrote nothing (a transaction is all or nothing): what it carried and every
   * change made since are put back in memory as the file holds them, in the same turn as their
   * writes are answered 503 (group-commit.ts).
   */
  private undoUnsaved(error: unknown): void {
    const unsaved = together(this.committing, this.pending);
    this.committing = nothingPending();
    this.pending = nothingPending();
    this.report(`mock: cannot save the site to ${this.path}: ${reason(error)}; the change is undone`);
    if (unsaved.whole) this.revertWhole(unsaved);
    else this.store?.revert(this.savedArticles([...unsaved.articles.keys()]), unsaved.comments);
  }

  private savedArticles(ids: number[]): Map<number, ArticleRecord | undefined> {
    if (ids.length === 0) return new Map();
    this.onDisk ??= this.reader();
    const disk = this.onDisk;
    return new Map(ids.map((id) => [id, disk.article(id)]));
  }

  private reader(): SavedSite {
    const reader = new SavedSite(reading(() => openConnection(this.path, { commits: false })));
    this.readersToClose.push(() => {
      reader.close();
    });
    return reader;
  }

  /**
   * A whole site (a reset, a loaded fixture) that could not be saved: the saved site comes back in
   * its place. With none saved yet (the first start's write failed), there is nothing to go back
   * to: the site stays, and the next commit, or the stop, tries it again.
   */
  private revertWhole(unsaved: Pending): void {
    const connection = openConnection(this.path, { commits: false });
    if (isEmpty(connection)) {
      connection.close();
      this.pending = unsaved;
      return;
    }
    const saved = readSite(connection);
    this.readersToClose.push(() => {
      connection.close();
    });
    this.watch(saved);
    this.replaceStore?.(saved);
  }
}
