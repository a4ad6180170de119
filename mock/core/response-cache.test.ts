/**
 * The cache of read answers (response-cache.ts): kept from an address's second ask, and dropped
 * once the article it shows changes or gains a comment.
 */
import sampleSite from '../fixtures/sample-site.json';
import type { SiteFixture } from '../store/records';
import type { SavedRecords } from '../store/saved-records';
import { SiteStore } from '../store/site-store';
import { ResponseCache, type CachedRead } from './response-cache';

const site: SiteFixture = sampleSite;
const address = '/admin/api/articles/1';
const made = { operation: 'readArticle', base: 'http://127.0.0.1:4010' };
const answer = { status: 200, headers: {}, body: '{"id":1}' };
/** A read of article 1 at `address` in `store`, made for `madeFor`. */
const readOf = (store: SiteStore, madeFor = made): CachedRead => ({ store, address, articleId: 1, ...madeFor });
const keptAnswer = { status: 200, headers: {}, body: new TextEncoder().encode('{"id":1}') };

/** A store of the sample site and a cache that has been offered the answer twice. */
function cached(): { store: SiteStore; cache: ResponseCache } {
  const store = new SiteStore(site);
  const cache = new ResponseCache();
  cache.set(readOf(store), answer);
  cache.set(readOf(store), answer);
  return { store, cache };
}

describe('the response cache', () => {
  test('keeps no answer of an address asked for once', () => {
    const store = new SiteStore(site);
    const cache = new ResponseCache();
    cache.set(readOf(store), answer);
    expect(cache.get(readOf(store))).toBeUndefined();
  });

  test('answers from the cache once an address is asked for again, with the body as UTF-8 bytes', () => {
    const { store, cache } = cached();
    expect(cache.get(readOf(store))).toEqual(keptAnswer);
  });

  test('answers an address routed to another operation with nothing', () => {
    const { store, cache } = cached();
    expect(cache.get(readOf(store, { ...made, operation: 'listComments' }))).toBeUndefined();
  });

  test('gives back the answer it keeps, to be sent the first time too', () => {
    const store = new SiteStore(site);
    const cache = new ResponseCache();
    expect(cache.set(readOf(store), answer)).toBe(answer);
    const kept = cache.set(readOf(store), answer);
    expect(kept).toEqual(keptAnswer);
    expect(cache.get(readOf(store))).toBe(kept);
  });

  test('answers an address asked for under another base address with nothing, then with its own entry', () => {
    const { store, cache } = cached();
    const other = { operation: 'readArticle', base: 'http://localhost:4010' };
    expect(cache.get(readOf(store, other))).toBeUndefined();
    const otherAnswer = { status: 200, headers: {}, body: '{"id":1,"other":true}' };
    cache.set(readOf(store, other), otherAnswer);
    expect(cache.get(readOf(store, other))?.body).toEqual(new TextEncoder().encode(otherAnswer.body));
    expect(cache.get(readOf(store))).toBeUndefined();
  });

  test('drops the answer once its article changes', () => {
    const { store, cache } = cached();
    const article = store.article(1);
    if (!article) throw new Error('the sample site has article 1');
    article.updated_at = '2099-01-01T00:00:00.000Z';
    store.articleChanged(article);
    expect(cache.get(readOf(store))).toBeUndefined();
  });

  test('drops the answer once its article gains a comment', () => {
    const { store, cache } = cached();
    store.addComment({
      article_id: 1,
      author: 'Later',
      author_email: 'later@example.com',
      body: 'posted after the answer was kept',
      created_at: '2099/01/01 00:00:00 +0000',
    });
    expect(cache.get(readOf(store))).toBeUndefined();
  });

  test('answers nothing for another store, as after a reset', () => {
    const { cache } = cached();
    expect(cache.get(readOf(new SiteStore(site)))).toBeUndefined();
  });
});

describe('the response cache over a saved site', () => {
  const saved: SavedRecords = {
    article: (id) => structuredClone(site.articles.find((article) => article.id === id)),
    hasArticle: (id) => site.articles.some((article) => article.id === id),
    articleIds: () => site.articles.map((article) => article.id),
    commentsOf: (articleId) => structuredClone(site.comments.filter((comment) => comment.article_id === articleId)),
    commentCount: (articleId) => site.comments.filter((comment) => comment.article_id === articleId).length,
  };
  const savedStore = (): SiteStore => new SiteStore({ ...site, articles: [], comments: [] }, { saved });

  test('keeps no answer while the store holds no copy of its article, and keeps one once it does', () => {
    const store = savedStore();
    const cache = new ResponseCache();
    cache.set(readOf(store), answer);
    cache.set(readOf(store), answer);
    expect(cache.get(readOf(store))).toBeUndefined();
    cache.set(readOf(store), answer);
    expect(cache.get(readOf(store))).toEqual(keptAnswer);
  });
});
