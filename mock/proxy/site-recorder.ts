/**
 * `--record <file>`: the site as the proxy saw it, in the fixture form `--fixtures` loads
 * (mock/store/records.ts). Articles (4.1-4.3 answers) with their page, language and author, and
 * comments (4.5 lists, every page) as last seen. Only a success answer of the operation it belongs to,
 * in its stated shape, is taken in, and only when the recording still loads with it (the loader's own
 * check, `storeFromFixture`): anything else is skipped with its reason, so the file always loads.
 * The interface never shows a commenter's e-mail, so every recorded comment gets
 * `recordedEmailPlaceholder`; fields are taken by the strict schemas' names, so nothing the
 * deployment adds (and no token) is written.
 */
import strictArticle from 'site-articles-schemas/strict/article.json';
import strictAuthor from 'site-articles-schemas/strict/author-summary.json';
import strictLanguage from 'site-articles-schemas/strict/language-summary.json';
import strictPage from 'site-articles-schemas/strict/page-summary.json';
import type {
  ArticleRecord,
  CommentRecord,
  LanguageRecord,
  PageRecord,
  PersonRecord,
  SiteFixture,
} from '../store/records';
import { operations, type ResponseShape } from 'site-articles-schemas/catalogue';
import { describeViolations, validateResponse } from 'site-articles-schemas/validation';
import { storeFromFixture } from '../loading/load-fixture';
import { counted } from '../journal/counted';
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

/**
 * The operations whose answers show the site: those the catalogue gives a stated answer (an article,
 * a comment list); a post's unstated answer shows nothing to keep, and a removal's 204 is taken on
 * its own (`takeRemoval`).
 */
const recordedShapes = new Map<string, ResponseShape>(
  operations.flatMap((operation) => ('answer' in operation ? [[operation.id, operation.answer]] : [])),
);

/** One answer that passed through, as the recorder is shown it. */
export interface SeenAnswer {
  route: RoutedRequest;
  target: string;
  /** The deployment's status, or the proxy's own 502/504 when no answer came. */
  status: number;
  /** The decoded body, when the proxy kept and judged it. */
  body?: Buffer;
  /** False when the proxy found the answer breaks the interface. */
  clean: boolean;
}

export type Taken = { outcome: 'recorded' | 'unchanged' | 'not recorded' } | { outcome: 'skipped'; reason: string };

/** Why an answer cannot be recorded, or its parsed body. */
function usable(seen: SeenAnswer, shape: ResponseShape): { answer: unknown } | { reason: string } {
  if (seen.status < 200 || seen.status > 299) return { reason: `answered ${String(seen.status)}` };
  if (!seen.body) return { reason: 'a body the proxy could not read (too large, or in an unknown encoding)' };
  if (!seen.clean) return { reason: 'an answer that breaks the interface (see /__mock/violations)' };
  let answer: unknown;
  try {
    answer = JSON.parse(seen.body.toString('utf8'));
  } catch {
    return { reason: 'a body that is not JSON' };
  }
  const violations = validateResponse(shape, answer, 'tolerant');
  if (violations.length > 0) return { reason: `not the stated ${shape} shape: ${describeViolations(violations)}` };
  return { answer };
}

interface Site {
  pages: Map<number, Json>;
  languages: Map<number, Json>;
  people: Map<number, Json>;
  articles: Map<number, Json>;
  /** Per article, per list page: the comments as that page last listed them (newest first). */
  comments: Map<number, Map<number, Json[]>>;
}

const emptySite = (): Site => ({
  pages: new Map(),
  languages: new Map(),
  people: new Map(),
  articles: new Map(),
  comments: new Map(),
});

export class SiteRecorder {
  private site = emptySite();
  private readonly skips = new Map<string, number>();
  private recordedCount = 0;

  /** Undoes the current answer's changes if the recording would not load with them. */
  private undo: (() => void)[] = [];

  /**
   * Takes in one answer if it can be recorded and the recording still loads with it. Only the
   * records the answer touches (its article, that article's page, language, author and comments)
   * are checked and compared, so each answer costs the same however large the recording grows.
   */
  take(seen: SeenAnswer): Taken {
    if (seen.route.operation.id === 'deleteDataKey') return this.takeRemoval(seen);
    const shape = recordedShapes.get(seen.route.operation.id);
    if (!shape) return { outcome: 'not recorded' };
    const checked = usable(seen, shape);
    if ('reason' in checked) return this.skip(checked.reason);
    const { answer } = checked;
    const articleId = Array.isArray(answer) ? seen.route.articleId : Number((answer as Json).id);
    const before = JSON.stringify(this.around(articleId));
    this.undo = [];
    if (Array.isArray(answer)) this.seeList(articleId, seen.target, answer);
    else if (isObject(answer)) this.seeArticle(answer, seen.route.operation.id === 'readArticle');
    const after = this.around(articleId);
    try {
      storeFromFixture(after, 'the recording');
    } catch (error) {
      for (const step of this.undo.reverse()) step();
      return this.skip(
        `the recording would not load with it: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (JSON.stringify(after) === before) return { outcome: 'unchanged' };
    this.recordedCount += 1;
    return { outcome: 'recorded' };
  }

  /**
   * A data key removed (4.4): its answer shows no article, so the key is taken out of the article as
   * recorded, and the removal counted as recorded, or skipped with its reason.
   */
  private takeRemoval(seen: SeenAnswer): Taken {
    const { articleId, key } = seen.route;
    if (seen.status < 200 || seen.status > 299) return this.skip(`answered ${String(seen.status)}`);
    if (!seen.clean) return this.skip('an answer that breaks the interface (see /__mock/violations)');
    const article = this.site.articles.get(articleId);
    if (!article) return this.skip('a key removed from an article not recorded');
    const data = isObject(article.data) ? article.data : {};
    if (key === undefined || !(key in data)) return this.skip('a removed key the recording did not hold');
    const { [key]: _removed, ...kept } = data;
    this.site.articles.set(articleId, { ...article, data: kept });
    this.recordedCount += 1;
    return { outcome: 'recorded' };
  }

  /** Sets `key` of `records`, remembering how to undo it. */
  private put<K, V>(records: Map<K, V>, key: K, value: V): void {
    const had = records.has(key);
    const previous = records.get(key);
    this.undo.push(() => {
      if (had) records.set(key, previous as V);
      else records.delete(key);
    });
    records.set(key, value);
  }

  /** The part of the recording one article brings: itself, its summaries and its comments (none when not recorded). */
  private around(articleId: number): SiteFixture {
    const article = this.site.articles.get(articleId);
    const linked = (records: Map<number, Json>, id: unknown): Json[] => {
      const record = records.get(Number(id));
      return record ? [record] : [];
    };
    return {
      pages: linked(this.site.pages, article?.page_id) as PageRecord[],
      languages: linked(this.site.languages, article?.language_id) as LanguageRecord[],
      people: linked(this.site.people, article?.author_id) as PersonRecord[],
      articles: article ? [article as ArticleRecord] : [],
      comments: article ? this.commentsOf(articleId) : [],
    };
  }

  private skip(reason: string): Taken {
    const kind = reason.split(':')[0] ?? reason;
    this.skips.set(kind, (this.skips.get(kind) ?? 0) + 1);
    return { outcome: 'skipped', reason };
  }

  /** One line: how many answers changed the recording and how many were skipped, by reason. */
  summary(file: string): string {
    const skipped = [...this.skips.values()].reduce((sum, count) => sum + count, 0);
    const reasons = [...this.skips].map(([reason, count]) => `${String(count)} ${reason}`).join(', ');
    return `record: ${counted(this.recordedCount, 'answer')} recorded into ${file}; ${String(skipped)} skipped${skipped > 0 ? ` (${reasons})` : ''}`;
  }

  private seeArticle(article: Json, whole: boolean): void {
    const id = Number(article.id);
    const known = this.site.articles.get(id);
    // The update answers may leave out six fields (2.1): an article is first recorded from a full read.
    if (!known && !whole) return;
    const summaries = [
      ['page', this.site.pages, pageFields],
      ['language', this.site.languages, languageFields],
      ['author', this.site.people, personFields],
    ] as const;
    const links: Json = {};
    for (const [field, records, fields] of summaries) {
      const summary = article[field];
      if (!isObject(summary)) continue;
      this.put(records, Number(summary.id), { ...records.get(Number(summary.id)), ...pick(summary, fields) });
      links[`${field}_id`] = summary.id;
    }
    this.put(this.site.articles, id, { ...known, ...pick(article, articleFields), ...links });
  }

  private seeList(articleId: number, target: string, list: unknown[]): void {
    const pages = new Map(this.site.comments.get(articleId) ?? []);
    pages.set(
      pageNumber(target),
      list.filter(isObject).map((comment) => pick(comment, ['body', 'author', 'created_at'])),
    );
    this.put(this.site.comments, articleId, pages);
  }

  private commentsOf(articleId: number): CommentRecord[] {
    const pages = [...(this.site.comments.get(articleId) ?? new Map<number, Json[]>()).entries()].sort(
      ([a], [b]) => a - b,
    );
    // Lists are newest first; a fixture lists comments in the order they were made.
    const newestFirst = pages.flatMap(([, comments]) => comments);
    return newestFirst
      .reverse()
      .map(
        (comment) => ({ ...comment, author_email: recordedEmailPlaceholder, article_id: articleId }) as CommentRecord,
      );
  }

  fixture(): SiteFixture {
    const articles = [...this.site.articles.values()] as ArticleRecord[];
    return {
      pages: [...this.site.pages.values()] as PageRecord[],
      languages: [...this.site.languages.values()] as LanguageRecord[],
      people: [...this.site.people.values()] as PersonRecord[],
      articles,
      comments: articles.flatMap((article) => this.commentsOf(article.id)),
    };
  }
}
