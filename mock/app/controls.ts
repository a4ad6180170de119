/** The mock's controls, the same on the object `createApp` returns and under `/__mock`. */
import type { SiteFixture } from '../store/records';
import type { Faults } from '../core/faults';
import type { JournalEntry } from '../core/journal';

export interface MockControls {
  /** Back to the fixture the app started with (or last loaded); clears the journal. */
  reset(): void;
  /** Replaces the site with another fixture, checked first; throws FixtureError naming the problem. */
  loadFixture(fixture: unknown, source?: string): void;
  /** The whole site, in fixture form. */
  state(): SiteFixture;
  /** Recent requests, oldest first. */
  journal(): JournalEntry[];
  faults(): Faults;
  setFaults(faults: Faults): void;
}
