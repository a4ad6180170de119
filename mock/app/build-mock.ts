/**
 * Builds what every way of serving the mock shares (section 4 and the controls): the state, the
 * controls over it, the journal and the one core, which serves the control API's rows too; the
 * run's scenarios, and a sandbox's own site (each built as the mock's own is) for each request that
 * names one (sandboxes.ts).
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
import { defaultMaxSandboxes, Sandboxes, sandboxedCore, unknownSandboxGuard } from './sandboxes';
import { scenarioControls, type ScenarioSite, type SharedScenarios } from './scenario-controls';
import { checkedScenario, defaultScenario, ScenarioShelf, type Scenario } from './scenarios';

export interface BuiltMock {
  core: Core;
  controls: MockControls;
}

/** One site of the mock; `end` when it is gone (an ended sandbox) ends its journal streams. */
interface BuiltSite extends BuiltMock {
  end(): void;
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

/** What the scenario controls need of a site: its state, and the way to serve a scenario on it. */
const scenarioSite = (state: MockState, loadFixture: (site: unknown, source: string) => void): ScenarioSite => ({
  store: () => state.store,
  faults: () => state.faults,
  serve: (scenario, source) => {
    loadFixture(scenario.site, source);
    state.faults = structuredClone(scenario.faults);
  },
});

/** One site: the mock's own, or a sandbox's. `extraGuards` come after the serving's. */
function buildSite(
  options: MockOptions,
  serving: Serving,
  shared: SharedScenarios,
  start: { scenario: string; extraGuards: Guard[] },
): BuiltSite {
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
  const loadFixture = (next: unknown, source = 'fixture'): void => {
    replaceStore(storeFromFixture(next, source));
    fixture = next as SiteFixture;
  };
  const scenarios = scenarioControls(scenarioSite(state, loadFixture), shared, start.scenario);
  const controls: MockControls = {
    reset: () => {
      replaceStore(storeOf(fixture));
    },
    loadFixture: (next, source) => {
      loadFixture(next, source);
      scenarios.forget();
    },
    settled,
    state: () => state.store.toFixture(),
    journal: (filter) => journal.list(filter),
    onJournalEntry: (listener, ended) => journal.subscribe(listener, ended),
    faults: () => structuredClone(state.faults),
    setFaults: (faults) => {
      state.faults = structuredClone(faults);
    },
    ...scenarios.controls,
  };
  const core = createCore({
    // Without a disk to wait for, a write need not wait for anything: `settled` is left out.
    operations: {
      state,
      tokenMatches: serving.tokenMatches,
      ...(persistence ? { settled, committedView: (id: number) => persistence.committedView?.(id) } : {}),
    },
    control: serving.control(controls),
    guards: [...(serving.guards ?? []), ...start.extraGuards],
    answered: recordCoreAnswer(journalRecorder(journal, options.log, options.token)),
  });
  return { core, controls, end: journal.end.bind(journal) };
}

/** The run's scenarios: `default` (the fixture and faults of the options), then those the options name. */
function shelfOf(options: MockOptions): ScenarioShelf {
  const given = Object.entries(options.scenarios ?? {}).map(([name, file]): [string, Scenario] => [
    name,
    checkedScenario(file, `scenario ${name}`),
  ]);
  const own: Scenario = { site: (options.fixture ?? sampleSite) as Fixture, faults: options.faults ?? {} };
  return new ScenarioShelf([[defaultScenario, own], ...given], options.scenarioKeeper, options.maxScenarios);
}

/** A sandbox's site: the scenario's, in memory only, with the mock's other options. */
function sandboxOptions(options: MockOptions, scenario: Scenario, name: string): MockOptions {
  const { persistence: _kept, ...others } = options;
  return { ...others, fixture: scenario.site, fixtureSource: `scenario ${name}`, faults: scenario.faults };
}

export function buildMock(options: MockOptions, serving: Serving): BuiltMock {
  const shelf = shelfOf(options);
  // A sandbox is built only once the run is under way, so `shared` is there by then.
  const sandboxes = new Sandboxes(options.maxSandboxes ?? defaultMaxSandboxes, (name) =>
    buildSite(sandboxOptions(options, shelf.get(name), name), serving, shared, { scenario: name, extraGuards: [] }),
  );
  const shared: SharedScenarios = { shelf, sandboxes };
  const scenario = options.scenario ?? defaultScenario;
  const started = scenario === defaultScenario ? options : sandboxOptions(options, shelf.get(scenario), scenario);
  const main = buildSite({ ...started, persistence: options.persistence }, serving, shared, {
    scenario,
    extraGuards: [unknownSandboxGuard(options.corsOrigins)],
  });
  return { core: sandboxedCore(main.core, sandboxes), controls: main.controls };
}
