/** The mock's controls, the same on the object `createApp` returns and under `/__mock`. */
import type { SiteFixture } from '../store/records';
import type { Faults } from '../core/faults';
import type { JournalEntry } from '../journal/journal-entry';
import type { JournalFilter } from '../journal/filter';
import type { JournalListener } from '../journal/request-journal';

export interface MockControls {
  /** Back to the fixture the app started with (or last loaded); clears the journal. */
  reset(): void;
  /** Replaces the site with another fixture, checked first; throws FixtureError naming the problem. */
  loadFixture(fixture: unknown, source?: string): void;
  /** Resolves once every change so far is on disk (`--persist`); at once when nothing is persisted. */
  settled(): Promise<void>;
  /** The whole site, in fixture form. */
  state(): SiteFixture;
  /** Recent requests with their bodies, oldest first; only those matching `filter` when given. */
  journal(filter?: JournalFilter): JournalEntry[];
  /** Calls `listener` with each request recorded from now on; returns the way to stop. */
  onJournalEntry(listener: JournalListener): () => void;
  faults(): Faults;
  setFaults(faults: Faults): void;
}
