/**
 * `--record <file>`: the site as the proxy saw it, in the fixture form `--fixtures` loads
 * (mock/store/records.ts). Articles (4.1-4.3 answers) with their page, language and author, and
 * comments (4.5 lists) as last seen. Only answers without violations are kept, so the file loads.
 * The interface never shows a commenter's e-mail, so every recorded comment gets
 * `recordedEmailPlaceholder`; fields are taken by the strict schemas' names, so nothing the
 * deployment adds (and no token) is written.
 */
import strictArticle from '../../schemas/strict/article.json';
import strictAuthor from '../../schemas/strict/author-summary.json';
import strictLanguage from '../../schemas/strict/language-summary.json';
import strictPage from '../../schemas/strict/page-summary.json';
import type {
  ArticleRecord,
  CommentRecord,
  LanguageRecord,
  PageRecord,
  PersonRecord,
  SiteFixture,
} from '../store/records';
import type { RoutedRequest } from './route';

/** Stands for the e-mail a commenter gave, which no answer shows (2.2). `.invalid` never resolves. */
export const recordedEmailPlaceholder = 'not-shown-by-the-interface@recorded.invalid';

type Json = Record<string, unknown>;

const builtPerAnswer = new Set([
  'url',
  'public_url',
  'contents_url',
  'comments_url',
  'page',
  'language',
  'author',
  'comments_count',
]);
const fieldsOf = (schema: { properties: object }): string[] =>
  Object.keys(schema.properties).filter((name) => !builtPerAnswer.has(name));

const articleFields = fieldsOf(strictArticle);
const pageFields = fieldsOf(strictPage);
const languageFields = fieldsOf(strictLanguage);
const personFields = fieldsOf(strictAuthor);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pick(source: Json, fields: string[]): Json {
  return Object.fromEntries(fields.filter((field) => field in source).map((field) => [field, source[field]]));
}

const pageNumber = (target: string): number =>
  Number(new URLSearchParams(target.split('?')[1] ?? '').get('page') ?? 1) || 1;

export class SiteRecorder {
  private readonly pages = new Map<number, Json>();
  private readonly languages = new Map<number, Json>();
  private readonly people = new Map<number, Json>();
  private readonly articles = new Map<number, Json>();
  /** Per article, per list page: the comments as that page last listed them (newest first). */
  private readonly comments = new Map<number, Map<number, Json[]>>();

  /** Takes in one clean answer; true when it changed what would be written. */
  see(route: RoutedRequest, target: string, answer: unknown): boolean {
    const before = JSON.stringify(this.fixture());
    if (route.operation.id === 'listComments' && Array.isArray(answer)) this.seeList(route.articleId, target, answer);
    else if (isObject(answer) && ['readArticle', 'updateArticle', 'setDataKey'].includes(route.operation.id))
      this.seeArticle(answer, route.operation.id === 'readArticle');
    return JSON.stringify(this.fixture()) !== before;
  }

  private seeArticle(article: Json, whole: boolean): void {
    const id = Number(article.id);
    const known = this.articles.get(id);
    // The update answers may leave out six fields (2.1): an article is first recorded from a full read.
    if (!known && !whole) return;
    const summaries = [
      ['page', this.pages, pageFields],
      ['language', this.languages, languageFields],
      ['author', this.people, personFields],
    ] as const;
    const links: Json = {};
    for (const [field, records, fields] of summaries) {
      const summary = article[field];
      if (!isObject(summary)) continue;
      records.set(Number(summary.id), { ...records.get(Number(summary.id)), ...pick(summary, fields) });
      links[`${field}_id`] = summary.id;
    }
    this.articles.set(id, { ...known, ...pick(article, articleFields), ...links });
  }

  private seeList(articleId: number, target: string, list: unknown[]): void {
    const pages = this.comments.get(articleId) ?? new Map<number, Json[]>();
    pages.set(
      pageNumber(target),
      list.filter(isObject).map((comment) => pick(comment, ['body', 'author', 'created_at'])),
    );
    this.comments.set(articleId, pages);
  }

  private commentsOf(articleId: number): CommentRecord[] {
    const pages = [...(this.comments.get(articleId) ?? new Map<number, Json[]>()).entries()].sort(([a], [b]) => a - b);
    // Lists are newest first; a fixture lists comments in the order they were made.
    const newestFirst = pages.flatMap(([, comments]) => comments);
    return newestFirst
      .reverse()
      .map(
        (comment) => ({ ...comment, author_email: recordedEmailPlaceholder, article_id: articleId }) as CommentRecord,
      );
  }

  fixture(): SiteFixture {
    const articles = [...this.articles.values()] as ArticleRecord[];
    return {
      pages: [...this.pages.values()] as PageRecord[],
      languages: [...this.languages.values()] as LanguageRecord[],
      people: [...this.people.values()] as PersonRecord[],
      articles,
      comments: articles.flatMap((article) => this.commentsOf(article.id)),
    };
  }
}
