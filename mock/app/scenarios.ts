/**
 * Named scenarios (outside the interface): a site and its faults (latency included), kept by name
 * for the run, to serve again with one request (`POST /__mock/reset {"scenario": ...}`), at start
 * (`--scenario`) or in a sandbox. A scenario in file form is `{"site": <fixture>, "faults": {...}}`,
 * the faults as `PUT /__mock/faults` takes them (docs/scenarios.md).
 */
import { ApiError } from '../core/api-error';
import { faultProblems, type Faults } from '../core/faults';
import { FixtureError, storeFromFixture, storeOf } from '../loading/load-fixture';
import type { CheckedFixture } from '../loading/checked-fixture';
import type { SiteFixture } from '../store/records';

/** A scenario as the shelf keeps it; the site is never changed (stores copy what they change). */
export interface Scenario {
  site: SiteFixture | CheckedFixture;
  faults: Faults;
}

/** A scenario in file form, as `GET /__mock/scenarios/<name>` gives it and a file holds it. */
export interface ScenarioFile {
  site: SiteFixture;
  faults: Faults;
}

/** The scenario the mock starts with: its fixture and the faults of its options. */
export const defaultScenario = 'default';

/** A refused scenario or name: `problems` name each field, as a 422's `errors`; `unknown` for a name the shelf lacks. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
  constructor(
    readonly problems: Record<string, string[]>,
    readonly unknown = false,
  ) {
    super(
      Object.entries(problems)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; '),
    );
  }
}

const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Refuses a name that could not be a file name on any system, or that is too long to show. */
export function checkScenarioName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !namePattern.test(name))
    throw new ScenarioError({
      name: ['must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit'],
    });
}

/** `default` is the site and faults the mock started with, never replaced nor removed: a sandbox opened without a scenario starts from it. */
export function refuseDefault(name: string): void {
  if (name === defaultScenario)
    throw new ScenarioError({
      name: ['"default" stays as the mock started: it is what a sandbox opened without a scenario starts from'],
    });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Checks a scenario in file form (its site as a fixture is, its faults as the control API does); every problem named. */
export function checkedScenario(value: unknown, source: string): Scenario {
  if (!isObject(value)) throw new ScenarioError({ scenario: ['must be an object with "site" and "faults"'] });
  const problems: Record<string, string[]> = {};
  const stray = Object.keys(value).filter((key) => key !== 'site' && key !== 'faults');
  if (stray.length > 0) problems.scenario = [`has only "site" and "faults", not ${stray.join(', ')}`];
  try {
    storeFromFixture(value.site, `${source}: site`);
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error;
    problems.site = [error.message];
  }
  const faults = value.faults ?? {};
  for (const [field, messages] of Object.entries(faultProblems(faults))) problems[`faults.${field}`] = messages;
  if (Object.keys(problems).length > 0) throw new ScenarioError(problems);
  return { site: value.site as SiteFixture, faults: structuredClone(faults) };
}

/** A scenario in file form: a copy, so what is given away never changes the shelf's. */
export const scenarioFile = (scenario: Scenario): ScenarioFile => ({
  site: storeOf(scenario.site).toFixture(),
  faults: structuredClone(scenario.faults),
});

/** Keeps the scenarios saved during the run beyond it (`--scenarios <dir>`); each throws an ApiError when it cannot. */
export interface ScenarioKeeper {
  save(name: string, file: ScenarioFile): void;
  remove(name: string): void;
}

/** How many scenarios the mock holds, `default` with them, unless told otherwise (`maxScenarios`). */
export const defaultMaxScenarios = 128;

/** How many names an unknown name's message shows: the list is for the eye, `GET /__mock/scenarios` has them all. */
const namesShown = 5;

/** The names there are, short enough to read in one line whatever their number. */
function someNames(names: string[]): string {
  if (names.length <= namesShown) return `there are: ${names.join(', ') || 'none'}`;
  const more = names.length - namesShown;
  return `there are ${String(names.length)}: ${names.slice(0, namesShown).join(', ')} and ${String(more)} more (GET /__mock/scenarios lists them)`;
}

/** The scenarios of the run, by name, in the order they were first saved, at most `max`. */
export class ScenarioShelf {
  private readonly scenarios = new Map<string, Scenario>();

  constructor(
    initial: Iterable<[string, Scenario]>,
    private readonly keeper?: ScenarioKeeper,
    private readonly max = defaultMaxScenarios,
  ) {
    for (const [name, scenario] of initial) {
      checkScenarioName(name);
      if (this.scenarios.has(defaultScenario)) refuseDefault(name);
      this.scenarios.set(name, scenario);
    }
  }

  names(): string[] {
    return [...this.scenarios.keys()];
  }

  /** The scenario of that name; a ScenarioError (`unknown`) when there is none. */
  get(name: string): Scenario {
    checkScenarioName(name);
    const scenario = this.scenarios.get(name);
    if (scenario) return scenario;
    throw new ScenarioError({ scenario: [`there is no scenario named "${name}"; ${someNames(this.names())}`] }, true);
  }

  /** Saves a scenario, kept first (a scenario that cannot be kept changes nothing). */
  put(name: string, scenario: Scenario): void {
    checkScenarioName(name);
    refuseDefault(name);
    if (!this.scenarios.has(name) && this.scenarios.size >= this.max)
      throw new ApiError('tooManyScenarios', {
        message: `The mock already holds ${String(this.max)} scenarios, its most: remove one with DELETE /__mock/scenarios/<name> first.`,
      });
    this.keeper?.save(name, scenarioFile(scenario));
    this.scenarios.set(name, scenario);
  }

  /** Removes a scenario; `default` stays, as what a sandbox opened without a scenario starts from. */
  remove(name: string): void {
    checkScenarioName(name);
    refuseDefault(name);
    this.keeper?.remove(name);
    this.scenarios.delete(name);
  }
}
