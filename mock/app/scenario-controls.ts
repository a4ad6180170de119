/**
 * The controls over scenarios and sandboxes (docs/scenarios.md), the same on every site: the
 * mock's own and each sandbox's. The scenarios and the sandboxes are the run's, shared by all;
 * which scenario is in force, and what "the current state" is, are the site's own.
 */
import type { Faults } from '../core/faults';
import type { Core } from '../core/pipeline';
import type { SiteStore } from '../store/site-store';
import type { MockControls } from './controls';
import type { Sandboxes } from './sandboxes';
import { checkedScenario, checkScenarioName, defaultScenario, scenarioFile, type ScenarioShelf } from './scenarios';

type ScenarioControls = Pick<
  MockControls,
  | 'scenarios'
  | 'scenario'
  | 'saveScenario'
  | 'removeScenario'
  | 'useScenario'
  | 'openSandbox'
  | 'closeSandbox'
  | 'sandboxes'
>;

/** What the run shares between its sites. */
export interface SharedScenarios {
  shelf: ScenarioShelf;
  sandboxes: Sandboxes<{ core: Core; end?(): void }>;
}

/** What the controls need of one site. */
export interface ScenarioSite {
  store(): SiteStore;
  faults(): Faults;
  /** Serves `site` and `faults` from now on, as a reset's target; clears the journal. */
  serve(scenario: { site: unknown; faults: Faults }, source: string): void;
}

/** The controls, and `forget`: the site was replaced some other way (a fixture loaded), so no scenario is in force. */
export function scenarioControls(
  site: ScenarioSite,
  shared: SharedScenarios,
  start: string,
): { controls: ScenarioControls; forget: () => void } {
  const { shelf, sandboxes } = shared;
  let inForce: string | undefined = start;
  const forget = (): void => {
    inForce = undefined;
  };
  const controls: ScenarioControls = {
    scenarios: () =>
      shelf
        .names()
        .map((name) => ({ name, inForce: name === inForce, faults: structuredClone(shelf.get(name).faults) })),
    scenario: (name) => scenarioFile(shelf.get(name)),
    saveScenario: (name, given) => {
      checkScenarioName(name);
      const scenario =
        given === undefined
          ? { site: site.store().toFixture(), faults: structuredClone(site.faults()) }
          : checkedScenario(given, `scenario ${name}`);
      shelf.put(name, scenario);
    },
    removeScenario: (name) => {
      shelf.remove(name);
    },
    useScenario: (name) => {
      site.serve(shelf.get(name), `scenario ${name}`);
      inForce = name;
    },
    openSandbox: (scenario = defaultScenario) => {
      shelf.get(scenario);
      const { id } = sandboxes.start(scenario);
      return { id, scenario };
    },
    closeSandbox: (id) => sandboxes.end(id),
    sandboxes: () => sandboxes.list().map(({ id, scenario }) => ({ id, scenario })),
  };
  return { controls, forget };
}
