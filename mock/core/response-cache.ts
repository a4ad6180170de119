/**
 * Serialised answers of the two reads (4.1 an article, 4.5 a page of comments), sent again while
 * the article they show is unchanged. With the default rules an article's answer depends only on
 * its record, its comment count, its page, language and author (which no operation writes) and the
 * base address; a comment page on its comments (only ever added) and the request's address. So an
 * entry, one per request address and made for one operation and base address, stays right while
 * the store, the article object, its `updated_at` (every write of 4.2-4.4 sets a later one) and its
 * comment count (4.6 adds one) are those it was made from. An address asked for under another base
 * address (or routed to another operation) gets an entry for that instead. The core
 * (operation-stage.ts) uses it only with the default rules. Keyed by the address alone, the rest
 * compared in the entry: joining them made a new string per read to hash, more work than the rest
 * of the lookup.
 *
 * An answer is kept only when its address was asked for recently already: reads spread over a
 * large site would otherwise keep replacing entries, and that churn (old-generation garbage) cost
 * more in garbage collection than the few hits saved (BENCHMARKS.md).
 *
 * A kept answer's body is its UTF-8 bytes: a socket writes bytes as they are, where text is encoded
 * again on every send, and that encoding was the largest part of a cached read's own work (BENCHMARKS.md).
 */
import { hashText, SeenRecently } from '../store/seen-recently';
import type { SiteStore, StoredArticle } from '../store/site-store';
import type { PlainAnswer } from './plain';

const encoder = new TextEncoder();

/** The answer with its body as bytes, to be sent again and again. */
const asBytes = (answer: PlainAnswer): PlainAnswer =>
  typeof answer.body === 'string' ? { ...answer, body: encoder.encode(answer.body) } : answer;

/** What an answer was made for besides its address: the operation and the base address of its links. */
interface AnswerFor {
  operation: string;
  base: string;
}

/** A cacheable read: the store it reads, its address (the request's target), what it is made for, its article. */
export interface CachedRead extends AnswerFor {
  store: SiteStore;
  address: string;
  articleId: number;
}

interface Entry extends AnswerFor {
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

  /** The kept answer to the read, while it is still right. */
  get(read: CachedRead): PlainAnswer | undefined {
    const { store, address, articleId } = read;
    if (store !== this.store) return undefined;
    const entry = this.entries.get(address);
    if (entry?.base !== read.base || entry.operation !== read.operation) return undefined;
    const article = store.article(articleId);
    if (
      article === entry.article &&
      article.updated_at === entry.updatedAt &&
      store.commentCount(articleId) === entry.comments
    ) {
      return entry.answer;
    }
    this.remove(address, entry);
    return undefined;
  }

  /** Offers an answer to keep; gives back the answer to send (the kept one, when it was kept). */
  set(read: CachedRead, answer: PlainAnswer): PlainAnswer {
    const { store, address, articleId } = read;
    // Admitted first: an article of a large site is not read for an answer that is not kept.
    if (answer.body === undefined || !this.seen.seenBefore(hashText(address))) return answer;
    const article = store.article(articleId);
    // A copy the store does not hold (a saved site's, read for this answer) would never match again.
    if (!article || !store.holds(article)) return answer;
    const kept = asBytes(answer);
    // The addresses are UTF-16 text, two bytes per code unit; the body is bytes.
    const bytes = 2 * (address.length + read.base.length) + (kept.body?.length ?? 0);
    if (bytes > cacheLimits.entryBytes) return answer;
    if (store !== this.store) this.clear(store);
    const previous = this.entries.get(address);
    if (previous) this.remove(address, previous);
    this.entries.set(address, {
      operation: read.operation,
      base: read.base,
      article,
      updatedAt: article.updated_at,
      comments: store.commentCount(articleId),
      answer: kept,
      bytes,
    });
    this.bytes += bytes;
    // Oldest first out: a Map iterates in insertion order.
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= cacheLimits.bytes) break;
      this.remove(oldKey, oldEntry);
    }
    return kept;
  }

  private remove(address: string, entry: Entry): void {
    this.entries.delete(address);
    this.bytes -= entry.bytes;
  }

  private clear(store: SiteStore): void {
    this.entries.clear();
    this.bytes = 0;
    this.store = store;
  }
}
