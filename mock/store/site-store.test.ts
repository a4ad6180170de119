/**
 * A store over a saved site (store/saved-records.ts, as `--persist` gives it): articles and
 * comments are read when asked for, held from their second ask (or their first change) on, and
 * changes join what was saved.
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
  test('reads an article each time it is asked for until it is asked for again soon, then holds it', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    expect(saved.reads).toEqual([]);
    const once = store.article(1);
    expect(once?.title).toBe(site.articles.find((article) => article.id === 1)?.title);
    const again = store.article(1);
    expect(again).not.toBe(once);
    expect(again).toEqual(once);
    expect(store.article(1)).toBe(again);
    expect(saved.reads).toEqual(['article 1', 'article 1']);
  });

  test('holds an article read only once as soon as it changes, so the change is what later reads see', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    const changed = store.article(1);
    changed?.data.set('colour', 'teal');
    if (changed) store.articleChanged(changed);
    expect(store.article(1)).toBe(changed);
    expect(store.article(1)?.data.get('colour')).toBe('teal');
    expect(saved.reads).toEqual(['article 1']);
  });

  test('says whether an article is the one it holds', () => {
    const store = storeOver(savedSample());
    const once = store.article(1);
    const held = store.article(1);
    expect(once && store.holds(once)).toBe(false);
    expect(held && store.holds(held)).toBe(true);
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

  test('counts comments without reading them, and holds a list from its second ask', () => {
    const saved = savedSample();
    const store = storeOver(saved);
    const id = String(commentedArticle);
    expect(store.commentCount(commentedArticle)).toBe(commentsOfSample.length);
    expect(store.commentsOf(commentedArticle)).toHaveLength(commentsOfSample.length);
    const held = store.commentsOf(commentedArticle);
    expect(store.commentsOf(commentedArticle)).toBe(held);
    expect(store.commentCount(commentedArticle)).toBe(commentsOfSample.length);
    expect(saved.reads).toEqual([`count ${id}`, `comments ${id}`, `comments ${id}`]);
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
    if (article) store.articleChanged(article);
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

  /** Asks for each article twice, so that each is held. */
  const readTwice = (store: SiteStore, id: number): ReturnType<SiteStore['article']> => {
    store.article(id);
    return store.article(id);
  };

  test('holds only the articles read last, and reads one again once it has let it go', () => {
    const saved = savedSample();
    const store = new SiteStore({ ...site, articles: [], comments: [] }, { saved, holdAtMost: hold });
    const first = readTwice(store, ids[0] ?? 1);
    readTwice(store, ids[1] ?? 2);
    const third = readTwice(store, ids[2] ?? 3);
    expect(store.article(ids[2] ?? 3)).toBe(third);
    const again = store.article(ids[0] ?? 1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(saved.reads.filter((read) => read === `article ${String(ids[0])}`)).toHaveLength(3);
  });

  test('holds none of the articles asked for once each', () => {
    const store = new SiteStore({ ...site, articles: [], comments: [] }, { saved: savedSample(), holdAtMost: hold });
    const copies = ids.map((id) => store.article(id));
    expect(copies.map((copy) => copy !== undefined && store.holds(copy))).toEqual(ids.map(() => false));
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
