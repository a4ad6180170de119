/**
 * The in-memory site: plain maps over the fixture records, with the few operations the rules
 * need. Each article's `data` is a Map, so keys such as `__proto__` are ordinary keys and can
 * never reach an object prototype.
 */
import type { ArticleRecord, CommentRecord, LanguageRecord, PageRecord, PersonRecord, SiteFixture } from './records';

export type StoredArticle = Omit<ArticleRecord, 'data'> & { data: Map<string, unknown> };

const byId = <T extends { id: number }>(records: T[]): Map<number, T> => new Map(records.map((record) => [record.id, record]));

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

  constructor(fixture: SiteFixture) {
    const copy = structuredClone(fixture);
    this.pages = byId(copy.pages);
    this.languages = byId(copy.languages);
    this.people = byId(copy.people);
    this.articles = new Map(copy.articles.map((article) => [article.id, { ...article, data: new Map(Object.entries(article.data)) }]));
    for (const comment of copy.comments) this.listOf(comment.article_id).push(comment);
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
  }

  /** The whole state in fixture form: loading it again gives the same site. */
  toFixture(): SiteFixture {
    const articles = [...this.articles.values()].map((article) => ({ ...article, data: Object.fromEntries(article.data) }));
    return structuredClone({
      pages: [...this.pages.values()],
      languages: [...this.languages.values()],
      people: [...this.people.values()],
      articles,
      comments: [...this.comments.values()].flat(),
    });
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
