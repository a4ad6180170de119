/**
 * Builds the answers of interface section 2 from stored records: the Article with its addresses
 * (2.1) and comments in the list shape (2.2). Every address starts with the base address the
 * request came in on, so the answers work behind any host or port.
 */
import type { Article, Comment } from 'site-articles-schemas/types';
import type { CommentRecord } from '../store/records';
import type { SiteStore, StoredArticle } from '../store/site-store';

/**
 * Addresses are made once per record and base address and then reused. Made afresh for every
 * answer, each would be a new rope (how V8 joins template strings), which every pattern of the
 * answer check must flatten first: that cost the check more than all the rest of it (BENCHMARKS.md).
 * Only the strings are kept: a record may change (a variant stamps its page), its address may not.
 */
interface Addresses {
  base: string;
  id: number;
  path: string;
  urls: readonly string[];
}
const addressMemo = new WeakMap<object, Addresses>();

function addressesOf(record: object, key: Omit<Addresses, 'urls'>, make: () => string[]): readonly string[] {
  const last = addressMemo.get(record);
  if (last?.base === key.base && last.id === key.id && last.path === key.path) return last.urls;
  const urls = make();
  addressMemo.set(record, { ...key, urls });
  return urls;
}

function summaryUrl(record: { id: number }, base: string, collection: string): string {
  const [url] = addressesOf(record, { base, id: record.id, path: collection }, () => [
    `${base}/admin/api/${collection}/${record.id}`,
  ]);
  return url as string;
}

/**
 * A summary of 2.1: the record's fields, then its address. Copied with `Object.assign` and then
 * given the address: in V8 a spread copy (`{ ...record, url }`) takes the new field some twenty
 * times slower, and the odd object it makes slows the answer check and serialising too (BENCHMARKS.md).
 */
function summaryOf<T extends { id: number }>(record: T, base: string, collection: string): T & { url: string } {
  const url = summaryUrl(record, base, collection);
  // `Object.assign` would set a prototype from an own `__proto__` field (a fixture's JSON can have
  // one); the spread keeps it a field, which the answer check then refuses, as it always did.
  if (Object.hasOwn(record, '__proto__')) return { ...record, url };
  const summary = Object.assign({}, record) as T & { url: string };
  summary.url = url;
  return summary;
}

function summaries(
  store: SiteStore,
  article: StoredArticle,
  base: string,
): Pick<Article, 'page' | 'language' | 'author'> {
  const page = store.pages.get(article.page_id);
  const language = store.languages.get(article.language_id);
  const person = store.people.get(article.author_id);
  if (!page || !language || !person)
    throw new Error(`article ${article.id} points at a missing page, language or person`);
  return {
    page: summaryOf(page, base, 'pages'),
    language: summaryOf(language, base, 'languages'),
    author: summaryOf(person, base, 'people'),
  };
}

/**
 * The article's own addresses: admin, public, contents, comments. Remembered only for an article
 * the store holds: a copy read for one request is let go with it, and a weak map's entries keyed
 * by short-lived objects cost every young-generation collection more than the addresses save.
 */
function articleUrls(store: SiteStore, article: StoredArticle, base: string): readonly string[] {
  const make = (): string[] => {
    const self = `${base}/admin/api/articles/${article.id}`;
    return [self, `${base}/${article.path}`, `${self}/contents`, `${self}/comments`];
  };
  return store.holds(article) ? addressesOf(article, { base, id: article.id, path: article.path }, make) : make();
}

/** The full Article of section 4.1; the update answers (4.2, 4.3) send the same. */
export function articleAsShown(store: SiteStore, article: StoredArticle, base: string): Article {
  const [url, publicUrl, contentsUrl, commentsUrl] = articleUrls(store, article, base) as [
    string,
    string,
    string,
    string,
  ];
  const { page, language, author } = summaries(store, article, base);
  return {
    id: article.id,
    title: article.title,
    path: article.path,
    comments_count: store.commentCount(article.id),
    publishing: article.publishing,
    published: article.published,
    data: Object.fromEntries(article.data),
    created_at: article.created_at,
    updated_at: article.updated_at,
    published_at: article.published_at,
    url,
    public_url: publicUrl,
    contents_url: contentsUrl,
    comments_url: commentsUrl,
    page,
    language,
    author,
    autosaved_title: article.autosaved_title,
    excerpt: article.excerpt,
    autosaved_excerpt: article.autosaved_excerpt,
    body: article.body,
    autosaved_body: article.autosaved_body,
    tag_names: [...article.tag_names],
  };
}

/** Section 2.2: no id and no e-mail in the list shape. */
export function commentAsShown(comment: CommentRecord): Comment {
  return { body: comment.body, author: comment.author, created_at: comment.created_at };
}
