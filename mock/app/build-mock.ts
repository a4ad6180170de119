/**
 * Builds what every way of serving the mock shares (section 4 and the controls): the state,
 * the controls over it, the journal and the one core, which serves the control API's rows too.
 * `createApp` puts node:http (or Express) around it, `createHandlers` (mock/msw) puts MSW around it;
 * neither builds any of this itself, and each says which rows of the control API it serves.
 */
import sampleSite from '../fixtures/sample-site.json';
import { defaultRules } from '../rules';
import { systemClock } from '../rules/clock';
import { storeFromFixture, storeOf } from '../loading/load-fixture';
import type { SiteFixture } from '../store/records';
import type { CheckedFixture } from '../loading/checked-fixture';

/** A fixture as parsed JSON, or a large file's, checked as it was read (`readFixtureFile`). */
type Fixture = SiteFixture | CheckedFixture;
import type { SiteStore } from '../store/site-store';
import type { ServedControl } from '../core/control-stage';
import { createCore, type Core, type Guard, type MockState } from '../core/pipeline';
import { journalMaxBytes, journalRecorder, recordCoreAnswer } from '../journal/record-exchange';
import { RequestJournal } from '../journal/request-journal';
import type { TokenMatcher } from '../core/token';
import type { MockControls } from './controls';
import { byteCount, defaults, type MockOptions } from './options';

export interface BuiltMock {
  core: Core;
  controls: MockControls;
}

/** What differs between the ways of serving the mock. */
export interface Serving {
  /** The runtime's constant-time comparison (node:crypto on Node, pure JS in a browser). */
  tokenMatches: TokenMatcher;
  /**
   * Run before every request: the listening adapters' security checks (a mock inside MSW has no
   * socket for another page or host to reach, so it takes none).
   */
  guards?: Guard[];
  /** The rows of the control API this way serves, with their handlers over the controls. */
  control: (controls: MockControls) => ServedControl;
}

/** In a browser there is no `process`: answers are checked there too, as in development. */
const checksByDefault = (): boolean => typeof process === 'undefined' || process.env.NODE_ENV !== 'production';

/**
 * The persisted site when there is one (`--persist`), otherwise the fixture, checked; the built-in
 * sample site is the mock's own and passes the checks (load-fixture.test.ts), so a start without
 * --fixtures does not pay for them.
 */
function firstStore(options: MockOptions, fixture: Fixture): SiteStore {
  if (options.persistence?.saved) return options.persistence.saved;
  if (fixture === sampleSite) return storeOf(fixture);
  return storeFromFixture(fixture, options.fixtureSource ?? 'fixture');
}

const nothingToSave = (): Promise<void> => Promise.resolve();

function stateFrom(options: MockOptions, fixture: Fixture): MockState {
  return {
    store: firstStore(options, fixture),
    rules: { ...defaultRules, ...options.rules },
    faults: options.faults ?? {},
    clock: options.clock ?? systemClock,
    token: options.token,
    validateResponses: options.validateResponses ?? checksByDefault(),
    bodyLimit: byteCount(options.bodyLimit ?? defaults.bodyLimit),
    corsOrigins: options.corsOrigins,
  };
}

export function buildMock(options: MockOptions, serving: Serving): BuiltMock {
  let fixture = (options.fixture ?? sampleSite) as Fixture;
  const state = stateFrom(options, fixture);
  const { persistence } = options;
  // A reset or fixture load that could not be saved: the site saved before comes back.
  const putBack = (store: SiteStore): void => {
    state.store = store;
  };
  persistence?.follow(state.store, putBack);
  const settled = persistence ? () => persistence.settled() : nothingToSave;
  const journal = new RequestJournal(options.journalSize ?? defaults.journalSize, journalMaxBytes, options.token);
  const replaceStore = (store: SiteStore): void => {
    state.store = store;
    persistence?.follow(store, putBack);
    journal.clear();
  };
  const controls: MockControls = {
    reset: () => {
      replaceStore(storeOf(fixture));
    },
    loadFixture: (next, source = 'fixture') => {
      replaceStore(storeFromFixture(next, source));
      fixture = next as SiteFixture;
    },
    settled,
    state: () => state.store.toFixture(),
    journal: (filter) => journal.list(filter),
    onJournalEntry: (listener) => journal.subscribe(listener),
    faults: () => structuredClone(state.faults),
    setFaults: (faults) => {
      state.faults = structuredClone(faults);
    },
  };
  const core = createCore({
    // Without a disk to wait for, a write need not wait for anything: `settled` is left out.
    operations: {
      state,
      tokenMatches: serving.tokenMatches,
      ...(persistence ? { settled, committedView: (id: number) => persistence.committedView?.(id) } : {}),
    },
    control: serving.control(controls),
    guards: serving.guards ?? [],
    answered: recordCoreAnswer(journalRecorder(journal, options.log, options.token)),
  });
  return { core, controls };
}
