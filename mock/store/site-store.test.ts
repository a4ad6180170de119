/**
 * A store over a saved site (store/saved-records.ts, as `--persist` gives it): articles and
 * comments are read when first asked for, held from then on, and changes join what was saved.
 */
import sampleSite from '../fixtures/sample-site.json';
import type { CommentRecord, SiteFixture } from './records';
import type { SavedRecords } from './saved-records';
import { SiteStore } from './site-store';

const site: SiteFixture = sampleSite;

/** The sample site's articles and comments as saved records, counting each read. */
function savedSample(): SavedRecords & { reads: string[] } {
  const reads: string[] = [];
  const byId = new Map(site.articles.map((article) => [article.id, article]));
  return {
    reads,
    article: (id) => {
      reads.push(`article ${String(id)}`);
      const record = byId.get(id);
      return record && structuredClone(record);
    },
    hasArticle: (id) => byId.has(id),
    articleIds: () => [...byId.keys()].sort((left, right) => left - right),
    commentsOf: (articleId) => {
      reads.push(`comments ${String(articleId)}`);
      return structuredClone(site.comments.filter((comment) => comment.article_id === articleId));
    },
    commentCount: (articleId) => {
      reads.push(`count ${String(articleId)}`);
      return site.comments.filter((comment) => comment.article_id === articleId).length;
    },
  };
}

const storeOver = (saved: SavedRecords): SiteStore => new SiteStore({ ...site, articles: [], comments: [] }, { saved });

const commentedArticle = site.comments[0]?.article_id ?? 1;
const commentsOfSample = site.comments.filter((comment) => comment.article_id === commentedArticle);

describe('a store over a saved site', () => {
  test('reads an article the first time it is asked for and holds that one from then on', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    expect(saved.reads).toEqual([]);
    const first = store.article(1);
    expect(first?.title).toBe(site.articles.find((article) => article.id === 1)?.title);
    expect(store.article(1)).toBe(first);
    expect(saved.reads).toEqual(['article 1']);
  });

  test('tells whether an article exists without reading it', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    expect(store.hasArticle(1)).toBe(true);
    expect(store.hasArticle(987654)).toBe(false);
    expect(saved.reads).toEqual([]);
  });

  test('answers an unknown article id with nothing', () => {
    expect(storeOver(savedSample()).article(987654)).toBeUndefined();
  });

  test('counts comments without reading them, and reads them once when listed', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    expect(store.commentCount(commentedArticle)).toBe(commentsOfSample.length);
    expect(store.commentsOf(commentedArticle)).toHaveLength(commentsOfSample.length);
    store.commentsOf(commentedArticle);
    expect(saved.reads).toEqual([`count ${String(commentedArticle)}`, `comments ${String(commentedArticle)}`]);
  });

  test('lists a posted comment after the saved ones, and counts it', () => {
    const store = storeOver(savedSample());
    expect(store.commentCount(commentedArticle)).toBe(commentsOfSample.length);
    const posted: CommentRecord = {
      article_id: commentedArticle,
      author: 'Later',
      author_email: 'later@example.com',
      body: 'posted after the start',
      created_at: '2099/01/01 00:00:00 +0000',
    };
    store.addComment(posted);
    expect(store.commentCount(commentedArticle)).toBe(commentsOfSample.length + 1);
    expect(store.commentsOf(commentedArticle).at(-1)).toBe(posted);
  });

  test('gives the whole site in fixture form, changes included, without holding what it only read', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    const article = store.article(1);
    article?.data.set('colour', 'teal');
    const state = store.toFixture();
    expect(state.articles.map((record) => record.id)).toEqual(saved.articleIds());
    expect(state.articles.find((record) => record.id === 1)?.data).toHaveProperty('colour', 'teal');
    expect(state.comments).toHaveLength(site.comments.length);
    saved.reads.length = 0;
    store.article(2);
    expect(saved.reads).toEqual(['article 2']);
  });
});

describe('a store over a saved site, read all over', () => {
  const hold = { articles: 2, comments: 3 };
  const ids = site.articles.map((article) => article.id);

  test('holds only the articles read last, and reads one again once it has let it go', () => {
    const saved = savedSample();
    const store = new SiteStore({ ...site, articles: [], comments: [] }, { saved, holdAtMost: hold });
    const first = store.article(ids[0] ?? 1);
    store.article(ids[1] ?? 2);
    store.article(ids[2] ?? 3);
    expect(store.article(ids[2] ?? 3)).toBe(store.article(ids[2] ?? 3));
    const again = store.article(ids[0] ?? 1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(saved.reads.filter((read) => read === `article ${String(ids[0])}`)).toHaveLength(2);
  });

  test('never lets go of an article that changed, nor of a comment list that grew', () => {
    const store = new SiteStore({ ...site, articles: [], comments: [] }, { saved: savedSample(), holdAtMost: hold });
    const changed = store.article(ids[0] ?? 1);
    changed?.data.set('colour', 'teal');
    if (changed) store.articleChanged(changed);
    const posted: CommentRecord = {
      article_id: commentedArticle,
      author: 'Kept',
      author_email: 'kept@example.com',
      body: 'held for good',
      created_at: '2099/01/01 00:00:00 +0000',
    };
    store.addComment(posted);
    for (const id of ids) {
      store.article(id);
      store.commentsOf(id);
    }
    expect(store.article(ids[0] ?? 1)).toBe(changed);
    expect(store.commentsOf(commentedArticle).at(-1)).toBe(posted);
    expect(store.commentCount(commentedArticle)).toBe(commentsOfSample.length + 1);
  });
});
