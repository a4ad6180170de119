/**
 * The in-memory site: plain maps over the fixture records, with the few operations the rules
 * need. Each article's `data` is a Map, so keys such as `__proto__` are ordinary keys and can
 * never reach an object prototype. A persisted site hands its articles and comments over as
 * `SavedRecords`: each is read when asked for, and held here like the rest from its second ask soon
 * after the first, or once it changes (read-records.ts).
 */
import type { ArticleRecord, CommentRecord, LanguageRecord, PageRecord, PersonRecord, SiteFixture } from './records';
import { ReadRecords } from './read-records';
import type { SavedRecords } from './saved-records';

export type StoredArticle = Omit<ArticleRecord, 'data'> & { data: Map<string, unknown> };

/** One change to the site, naming the record it touched (a persisted site saves that row alone: mock/persist/). */
export type SiteChange = { article: StoredArticle } | { comment: CommentRecord };

/** An article in fixture form: its `data` as a plain object again. */
export const articleRecord = (article: StoredArticle): ArticleRecord => ({
  ...article,
  data: Object.fromEntries(article.data),
});

/** An article record as the store holds it: its `data` as a Map. */
export const storedArticle = (record: ArticleRecord): StoredArticle => ({
  ...record,
  data: new Map(Object.entries(record.data)),
});

const byId = <T extends { id: number }>(records: T[]): Map<number, T> =>
  new Map(records.map((record) => [record.id, record]));

/**
 * The store's own copy of a fixture record, as `structuredClone` makes it, but sharing the record's
 * strings (they cannot change): a large site is then held once, not twice (BENCHMARKS.md).
 */
function own<T extends object>(record: T): T {
  const copy = { ...record } as Record<string, unknown>;
  // A spread copy has only own enumerable keys, so `for...in` visits exactly those, without allocating.
  for (const key in copy) {
    const value = copy[key];
    if (value !== null && typeof value === 'object') copy[key] = structuredClone(value);
  }
  return copy as T;
}

/** Newest last; comments of equal date keep the order they were added in. */
const oldestFirst = (left: CommentRecord, right: CommentRecord): number =>
  left.created_at < right.created_at ? -1 : left.created_at > right.created_at ? 1 : 0;

/** An article's saved comments, oldest first, as the store lists them. */
const savedList = (saved: SavedRecords, articleId: number): CommentRecord[] =>
  saved.commentsOf(articleId).sort(oldestFirst);

export interface StoreOptions {
  /**
   * When nobody else holds the fixture (one just read from a file): the store never changes a
   * record it was given (an article's changes go to its own wrapper), so it can use them as they
   * are and a large site is not copied at all.
   */
  shareRecords?: boolean;
  /** The articles and comments, read when first asked for (a persisted site, a large file); the fixture then has none. */
  saved?: SavedRecords;
  /** How many articles, and comments, read from `saved` and unchanged the store holds at most (read-records.ts). */
  holdAtMost?: { articles: number; comments: number };
}

/** About 50 MB of articles and 30 MB of comments of the benchmark's large site. */
const defaultHold = { articles: 10_000, comments: 100_000 };

export class SiteStore {
  readonly pages: Map<number, PageRecord>;
  readonly languages: Map<number, LanguageRecord>;
  readonly people: Map<number, PersonRecord>;
  private readonly articles: Map<number, StoredArticle>;
  /** Comments per article id, oldest first. */
  private readonly comments = new Map<number, CommentRecord[]>();
  /** Counts of saved comments whose list has not been read. */
  private readonly savedCounts = new Map<number, number>();
  private readonly saved: SavedRecords | undefined;
  private readonly readArticles: ReadRecords<StoredArticle>;
  private readonly readLists: ReadRecords<CommentRecord[]>;
  private readonly changeListeners = new Set<(change: SiteChange) => void>();

  constructor(fixture: SiteFixture, options: StoreOptions = {}) {
    const take = options.shareRecords === true ? <T>(record: T): T => record : own;
    if (options.saved && (fixture.articles.length > 0 || fixture.comments.length > 0))
      throw new Error('a store over saved records takes its articles and comments from them alone');
    this.saved = options.saved;
    this.pages = byId(fixture.pages.map(take));
    this.languages = byId(fixture.languages.map(take));
    this.people = byId(fixture.people.map(take));
    this.articles = new Map(fixture.articles.map((record) => [record.id, storedArticle(take(record))]));
    const hold = options.holdAtMost ?? defaultHold;
    this.readArticles = new ReadRecords(this.articles, hold.articles);
    this.readLists = new ReadRecords(this.comments, hold.comments);
    for (const comment of fixture.comments) this.listOf(comment.article_id).push(take(comment));
    for (const list of this.comments.values()) list.sort(oldestFirst);
  }

  /** The article of that id; read from the saved site when the store does not hold it (a fresh copy each time until it does). */
  article(id: number): StoredArticle | undefined {
    const held = this.articles.get(id);
    if (held !== undefined || this.saved === undefined) return held;
    const record = this.saved.article(id);
    if (record === undefined) return undefined;
    const article = storedArticle(record);
    this.readArticles.add(id, article);
    return article;
  }

  /** Whether this is the article the store holds: one read once and let go is another copy, made for one request. */
  holds(article: StoredArticle): boolean {
    return this.articles.get(article.id) === article;
  }

  /** Whether the article exists, without reading it from the saved site (a comment list needs no more). */
  hasArticle(id: number): boolean {
    return this.articles.has(id) || (this.saved?.hasArticle(id) ?? false);
  }

  /** Every article id, in the order of the fixture or of the saved records. */
  articleIds(): number[] {
    return this.saved ? this.saved.articleIds() : [...this.articles.keys()];
  }

  /** Oldest first. */
  commentsOf(articleId: number): readonly CommentRecord[] {
    return this.comments.get(articleId) ?? (this.saved ? this.readList(this.saved, articleId) : []);
  }

  commentCount(articleId: number): number {
    const list = this.comments.get(articleId);
    if (list !== undefined || this.saved === undefined) return list?.length ?? 0;
    let count = this.savedCounts.get(articleId);
    if (count === undefined) {
      count = this.saved.commentCount(articleId);
      this.savedCounts.set(articleId, count);
    }
    return count;
  }

  addComment(comment: CommentRecord): void {
    const list = this.listOf(comment.article_id);
    let index = list.length;
    while (index > 0 && oldestFirst(list[index - 1] as CommentRecord, comment) > 0) index -= 1;
    list.splice(index, 0, comment);
    this.announce({ comment });
  }

  /**
   * Undoes changes that could not be saved (mock/persist/): each article as the saved site holds
   * it, each comment taken off its list. No listener hears of it: it is no change to save.
   */
  revert(articles: ReadonlyMap<number, ArticleRecord | undefined>, comments: readonly CommentRecord[]): void {
    for (const comment of comments) {
      const list = this.comments.get(comment.article_id);
      const at = list ? list.indexOf(comment) : -1;
      if (list && at >= 0) list.splice(at, 1);
    }
    for (const [id, record] of articles) {
      if (record) this.articles.set(id, storedArticle(record));
      else this.articles.delete(id);
    }
  }

  /** Calls `listener` after each change, with what changed; returns the way to stop. */
  onChange(listener: (change: SiteChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * The rules change an article in place (its `data`, its `updated_at`) and then say so here, in
   * the same turn: on a saved site, a copy read for one request becomes the one held only then, and
   * a change not said here is lost with the copy (and never saved).
   */
  articleChanged(article: StoredArticle): void {
    this.readArticles.keep(article.id, article);
    this.announce({ article });
  }

  /**
   * Every article in fixture form, then every comment, without holding what was only saved: a
   * whole large site passes through without staying in memory. The records are the store's own.
   * The comments are those held when this is called, so a consumer that takes its time (a
   * persisted site's whole write, which later writes each new comment itself) never sees a comment
   * twice; an article is as it is when it is reached.
   */
  records(): Generator<{ article: ArticleRecord } | { comment: CommentRecord }> {
    const heldComments = new Map([...this.comments].map(([id, list]) => [id, [...list]]));
    return this.recordsOf(this.articleIds(), heldComments);
  }

  /** The whole state in fixture form: loading it again gives the same site. */
  toFixture(): SiteFixture {
    const site: SiteFixture = {
      pages: [...this.pages.values()],
      languages: [...this.languages.values()],
      people: [...this.people.values()],
      articles: [],
      comments: [],
    };
    for (const record of this.records()) {
      if ('article' in record) site.articles.push(record.article);
      else site.comments.push(record.comment);
    }
    return structuredClone(site);
  }

  private *recordsOf(
    ids: number[],
    heldComments: Map<number, CommentRecord[]>,
  ): Generator<{ article: ArticleRecord } | { comment: CommentRecord }> {
    for (const id of ids) {
      const held = this.articles.get(id);
      const article = held ? articleRecord(held) : this.saved?.article(id);
      if (article) yield { article };
    }
    for (const id of ids) {
      for (const comment of heldComments.get(id) ?? (this.saved ? savedList(this.saved, id) : [])) {
        yield { comment };
      }
    }
  }

  private announce(change: SiteChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  private readList(saved: SavedRecords, articleId: number): CommentRecord[] {
    const list = savedList(saved, articleId);
    // A held list's length is its count; one only read leaves the saved count to answer.
    if (this.readLists.add(articleId, list, list.length)) this.savedCounts.delete(articleId);
    return list;
  }

  /** The article's comment list, to change: made (from the saved site's, when there is one) on first use, and held for good. */
  private listOf(articleId: number): CommentRecord[] {
    let list = this.comments.get(articleId);
    if (list === undefined) {
      list = this.saved ? savedList(this.saved, articleId) : [];
      this.savedCounts.delete(articleId);
    }
    this.readLists.keep(articleId, list);
    return list;
  }
}
