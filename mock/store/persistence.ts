/**
 * Where the site is kept across restarts (`--persist`: mock/persist/site-database.ts implements
 * it; the `persistence` option of createApp takes it). Beside the store it follows, so that the
 * persistence below the app needs nothing of the app.
 */
import type { SiteStore } from './site-store';

/**
 * The mock starts from `saved` when there is one, hands over its store at start and each time
 * `reset` or `loadFixture` replaces it, and answers a write only once `settled()` says the write is on disk.
 */
export interface Persistence {
  /** The site as last saved, or undefined when there is none yet (the mock starts from the fixture). */
  readonly saved: SiteStore | undefined;
  /**
   * Saves `store` from now on: the whole of it, unless it is `saved`, then each change. A change that
   * cannot be saved is undone; a whole site that cannot be, by `replaceStore` with the site saved before.
   */
  follow(store: SiteStore, replaceStore: (store: SiteStore) => void): void;
  /** Resolves once every change made so far is on disk; rejects when it could not be saved. */
  settled(): Promise<void>;
  /**
   * While a change to the article or its comments is being saved, the site as the file holds it,
   * for the interface's reads of that article to answer from: a change whose save then fails is
   * never shown, not even to a read made while it waited. Undefined when memory is
   * what is saved. A file that cannot be read throws UnreadableSite (saved-records.ts), now or when
   * the view reads it.
   */
  committedView?(articleId: number): SiteStore | undefined;
}
