/**
 * Serialised answers of the two reads (4.1 an article, 4.5 a page of comments), sent again while
 * the article they show is unchanged. With the default rules an article's answer depends only on
 * its record, its comment count, its page, language and author (which no operation writes) and the
 * base address; a comment page on its comments (only ever added) and the request's address. So an
 * entry, keyed by base address and request address, stays right while the store, the article
 * object, its `updated_at` (every write of 4.2-4.4 sets a later one) and its comment count (4.6
 * adds one) are those it was made from. The core (pipeline.ts) uses it only with the default rules.
 *
 * An answer is kept only when its address was asked for recently already: reads spread over a
 * large site would otherwise keep replacing entries, and that churn (old-generation garbage) cost
 * more in garbage collection than the few hits saved (BENCHMARKS.md).
 */
import { hashText, SeenRecently } from '../store/seen-recently';
import type { SiteStore, StoredArticle } from '../store/site-store';
import type { PlainAnswer } from './plain';

interface Entry {
  article: StoredArticle;
  updatedAt: string;
  comments: number;
  answer: PlainAnswer;
  bytes: number;
}

/** Bounds what the cache holds, whatever the size of the site or of its comment pages. */
export const cacheLimits = { bytes: 16 * 1024 * 1024, entryBytes: 1024 * 1024 } as const;

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private store: SiteStore | undefined;
  private bytes = 0;
  /** Addresses asked for recently: an answer is kept only from its address's second ask. */
  private readonly seen = new SeenRecently();

  get(store: SiteStore, key: string, articleId: number): PlainAnswer | undefined {
    if (store !== this.store) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const article = store.article(articleId);
    if (
      article === entry.article &&
      article.updated_at === entry.updatedAt &&
      store.commentCount(articleId) === entry.comments
    ) {
      return entry.answer;
    }
    this.remove(key, entry);
    return undefined;
  }

  set(store: SiteStore, key: string, articleId: number, answer: PlainAnswer): void {
    // Admitted first: an article of a large site is not read for an answer that is not kept.
    if (answer.body === undefined || !this.seen.seenBefore(hashText(key))) return;
    const article = store.article(articleId);
    // A copy the store does not hold (a saved site's, read for this answer) would never match again.
    if (!article || !store.holds(article)) return;
    // Strings are UTF-16: two bytes per code unit.
    const bytes = 2 * (key.length + answer.body.length);
    if (bytes > cacheLimits.entryBytes) return;
    if (store !== this.store) this.clear(store);
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, {
      article,
      updatedAt: article.updated_at,
      comments: store.commentCount(articleId),
      answer,
      bytes,
    });
    this.bytes += bytes;
    // Oldest first out: a Map iterates in insertion order.
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= cacheLimits.bytes) break;
      this.remove(oldKey, oldEntry);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private clear(store: SiteStore): void {
    this.entries.clear();
    this.bytes = 0;
    this.store = store;
  }
}
