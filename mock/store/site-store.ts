/**
 * The in-memory site: plain maps over the fixture records, with the few operations the rules
 * need. Each article's `data` is a Map, so keys such as `__proto__` are ordinary keys and can
 * never reach an object prototype.
 */
import type { ArticleRecord, CommentRecord, LanguageRecord, PageRecord, PersonRecord, SiteFixture } from './records';

export type StoredArticle = Omit<ArticleRecord, 'data'> & { data: Map<string, unknown> };

/** One change to the site, naming the record it touched (a persisted site saves that row alone: mock/persist/). */
export type SiteChange = { article: StoredArticle } | { comment: CommentRecord };

/** An article in fixture form: its `data` as a plain object again. */
export const articleRecord = (article: StoredArticle): ArticleRecord => ({
  ...article,
  data: Object.fromEntries(article.data),
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

export class SiteStore {
  readonly pages: Map<number, PageRecord>;
  readonly languages: Map<number, LanguageRecord>;
  readonly people: Map<number, PersonRecord>;
  readonly articles: Map<number, StoredArticle>;
  /** Comments per article id, oldest first. */
  private readonly comments = new Map<number, CommentRecord[]>();
  private readonly changeListeners = new Set<(change: SiteChange) => void>();

  /**
   * `shareRecords` when nobody else holds the fixture (one just read from a file): the store
   * never changes a record it was given (an article's changes go to its own wrapper), so it can
   * use them as they are and a large site is not copied at all.
   */
  constructor(fixture: SiteFixture, options: { shareRecords?: boolean } = {}) {
    const take = options.shareRecords === true ? <T>(record: T): T => record : own;
    this.pages = byId(fixture.pages.map(take));
    this.languages = byId(fixture.languages.map(take));
    this.people = byId(fixture.people.map(take));
    this.articles = new Map(
      fixture.articles.map((record) => {
        const article = take(record);
        return [article.id, { ...article, data: new Map(Object.entries(article.data)) }];
      }),
    );
    for (const comment of fixture.comments) this.listOf(comment.article_id).push(take(comment));
    for (const list of this.comments.values()) list.sort(oldestFirst);
  }

  commentsOf(articleId: number): readonly CommentRecord[] {
    return this.comments.get(articleId) ?? [];
  }

  addComment(comment: CommentRecord): void {
    const list = this.listOf(comment.article_id);
    let index = list.length;
    while (index > 0 && oldestFirst(list[index - 1] as CommentRecord, comment) > 0) index -= 1;
    list.splice(index, 0, comment);
    this.announce({ comment });
  }

  /** Calls `listener` after each change, with what changed; returns the way to stop. */
  onChange(listener: (change: SiteChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The rules change an article in place (its `data`, its `updated_at`) and then say so here. */
  articleChanged(article: StoredArticle): void {
    this.announce({ article });
  }

  /** The whole state in fixture form: loading it again gives the same site. */
  toFixture(): SiteFixture {
    const articles = [...this.articles.values()].map(articleRecord);
    return structuredClone({
      pages: [...this.pages.values()],
      languages: [...this.languages.values()],
      people: [...this.people.values()],
      articles,
      comments: [...this.comments.values()].flat(),
    });
  }

  private announce(change: SiteChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  private listOf(articleId: number): CommentRecord[] {
    let list = this.comments.get(articleId);
    if (!list) {
      list = [];
      this.comments.set(articleId, list);
    }
    return list;
  }
}
