/**
 * The controls over HTTP, the rows of the control API (outside the interface) that the mock's
 * server and its MSW handlers both serve: read the whole state, reset to the fixture, load another
 * fixture, set or clear latency and faults, scenarios and sandboxes, and the journal.
 * With `--persist`, a reset or a loaded fixture is answered only once it is on disk.
 */
import { jsonAnswer, noContentAnswer } from '../core/answers';
import { validationError } from '../core/api-error';
import type { ControlCall, ControlHandlers } from '../core/control-stage';
import { waitUntilSaved } from '../core/wait-until-saved';
import { faultProblems, type Faults } from '../core/faults';
import { maxFixtureDepth } from '../core/limits';
import type { PlainAnswer } from '../core/plain';
import { FixtureError } from '../loading/load-fixture';
import { journalHandlers } from '../journal/routes';
import type { MockControls } from './controls';
import { byteCount, defaults } from './options';
import { explainScenario, scenarioHandlers, scenarioOfReset } from './scenarios-api';

const fixtureLimit = byteCount(defaults.fixtureLimit);

/** A body of the control API: a fixture nests deeper than a write of the interface may (core/limits.ts). */
const controlJson = (call: ControlCall): Promise<unknown> => call.json(fixtureLimit, maxFixtureDepth);

/** A name longer than this is no file's name: the refusal says "the fixture" instead. */
const longestSourceName = 255;

/** What a refusal calls the fixture: the name its sender gives (`?name=`, the workbench's file name), else "the fixture". */
function fixtureSource(call: ControlCall): string {
  const name = call.query.name;
  return typeof name === 'string' && name !== '' && name.length <= longestSourceName ? name : 'the fixture';
}

function loadOrExplain(controls: MockControls, body: unknown, source: string): void {
  try {
    controls.loadFixture(body, source);
  } catch (error) {
    if (error instanceof FixtureError) throw validationError({ fixture: [error.message] });
    throw error;
  }
}

async function setFaults(controls: MockControls, call: ControlCall): Promise<PlainAnswer> {
  const faults = await controlJson(call);
  const problems = faultProblems(faults);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  controls.setFaults(faults as Faults);
  return jsonAnswer(200, controls.faults());
}

export function controlsOverHttp(controls: MockControls): ControlHandlers<'msw'> {
  const journal = journalHandlers(controls);
  const saved = async (): Promise<PlainAnswer> => {
    await waitUntilSaved(() => controls.settled());
    return noContentAnswer();
  };
  return {
    '/__mock/state': { GET: () => jsonAnswer(200, controls.state()) },
    '/__mock/reset': {
      // With `{"scenario": name}`, to that scenario's site and faults (docs/scenarios.md).
      POST: async (call) => {
        const scenario = await scenarioOfReset(call);
        try {
          if (scenario === undefined) controls.reset();
          else controls.useScenario(scenario);
        } catch (error) {
          explainScenario(error);
        }
        return saved();
      },
    },
    '/__mock/fixture': {
      PUT: async (call) => {
        loadOrExplain(controls, await controlJson(call), fixtureSource(call));
        return saved();
      },
    },
    '/__mock/faults': {
      GET: () => jsonAnswer(200, controls.faults()),
      PUT: (call) => setFaults(controls, call),
      DELETE: () => {
        controls.setFaults({});
        return noContentAnswer();
      },
    },
    ...scenarioHandlers(controls, controlJson),
    '/__mock/journal': { GET: journal.list },
    '/__mock/journal/stream': { GET: journal.stream },
  };
}
