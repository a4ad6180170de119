/** The mock's controls, the same on the object `createApp` returns and under `/__mock`. */
import type { SiteFixture } from '../store/records';
import type { Faults } from '../core/faults';
import type { JournalEntry } from '../journal/journal-entry';
import type { JournalFilter } from '../journal/filter';
import type { JournalListener } from '../journal/request-journal';
import type { ScenarioFile } from './scenarios';

/** A scenario as the list shows it. */
export interface ScenarioSummary {
  name: string;
  /** The scenario this site was last reset to (at start, or by `useScenario`). */
  inForce: boolean;
  faults: Faults;
}

/** A sandbox as the list shows it: its id (what requests send) and the scenario it started from. */
export interface SandboxSummary {
  id: string;
  scenario: string;
}

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
  /** Calls `listener` with each request recorded from now on, and `ended` when the site ends (a sandbox's); returns the way to stop. */
  onJournalEntry(listener: JournalListener, ended?: () => void): () => void;
  faults(): Faults;
  setFaults(faults: Faults): void;
  /** The scenarios of the run (docs/scenarios.md), `default` first. */
  scenarios(): ScenarioSummary[];
  /** One scenario in file form; throws ScenarioError when there is no such name. */
  scenario(name: string): ScenarioFile;
  /** Keeps a scenario under `name`: the one given in file form (checked), or this site and its faults as they are now. */
  saveScenario(name: string, scenario?: unknown): void;
  removeScenario(name: string): void;
  /** Serves that scenario's site and faults from now on, and resets to it; clears the journal. */
  useScenario(name: string): void;
  /** Opens a sandbox started from `scenario` (`default` when absent); throws ApiError 409 past the bound. */
  openSandbox(scenario?: string): SandboxSummary;
  /** Ends a sandbox; false when there was none of that id. */
  closeSandbox(id: string): boolean;
  sandboxes(): SandboxSummary[];
}
