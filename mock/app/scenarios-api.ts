/**
 * The control API's rows for scenarios and sandboxes (outside the interface; docs/scenarios.md),
 * served by the mock's server and its MSW handlers alike, over the controls of the site the
 * request reached (the mock's own, or the sandbox it names).
 */
import { jsonAnswer, noContentAnswer } from '../core/answers';
import { ApiError, validationError } from '../core/api-error';
import type { ControlCall, ControlHandler, ControlHandlers } from '../core/control-stage';
import { maxJsonDepth } from '../core/limits';
import { headerValue, type PlainAnswer } from '../core/plain';
import { cookieValue } from '../security/control-token';
import type { MockControls } from './controls';
import { enteringCookie, leavingCookie, sandboxCookie } from './sandboxes';
import { ScenarioError } from './scenarios';

type ScenarioRows = '/__mock/scenarios' | '/__mock/scenarios/*' | '/__mock/sandboxes' | '/__mock/sandboxes/*';

/** A name or a scenario choice is short; a whole scenario is as large as a fixture may be. */
const smallBodyLimit = 16 * 1024;

/** A body that was sent: an empty POST (a browser's `fetch` sends `Content-Length: 0`) has none. */
const sentBody = (call: ControlCall): boolean =>
  call.request.body.present && headerValue(call.request, 'content-length') !== '0';

/** The body's string field `name`, when the body was sent; a 422 naming it when it is not a string. */
async function fieldOf(call: ControlCall, name: string): Promise<string | undefined> {
  if (!sentBody(call)) return undefined;
  const body = await call.json(smallBodyLimit, maxJsonDepth);
  const value = (body as Record<string, unknown> | null)?.[name];
  if (value === undefined || typeof value === 'string') return value;
  throw validationError({ [name]: ['must be a string'] });
}

/** The scenario a reset names (`{"scenario": name}`), or undefined for a plain reset. */
export const scenarioOfReset = (call: ControlCall): Promise<string | undefined> => fieldOf(call, 'scenario');

/** A ScenarioError as the control API answers it: 404 for a name there is none of, else 422 by field. */
export function explainScenario(error: unknown): never {
  if (!(error instanceof ScenarioError)) throw error;
  if (error.unknown) throw new ApiError('notFound', { message: error.message });
  throw validationError(error.problems);
}

/** The handler, with a refused scenario or name answered as the control API states it. */
const explained =
  (handler: ControlHandler): ControlHandler =>
  async (call) => {
    try {
      return await handler(call);
    } catch (error) {
      return explainScenario(error);
    }
  };

/** The sandbox cookie goes only when it names the sandbox ended, so ending another leaves this browser's. */
const clearsCookie = (call: ControlCall, id: string): Record<string, string> =>
  cookieValue(call.request.headers.cookie, sandboxCookie) === id ? { 'Set-Cookie': leavingCookie } : {};

export function scenarioHandlers(
  controls: MockControls,
  fixtureJson: (call: ControlCall) => Promise<unknown>,
): Pick<ControlHandlers<'msw'>, ScenarioRows> {
  const created = (body: unknown, headers: Record<string, string> = {}): PlainAnswer => jsonAnswer(201, body, headers);
  return {
    '/__mock/scenarios': {
      GET: () => jsonAnswer(200, controls.scenarios()),
      POST: explained(async (call) => {
        const name = await fieldOf(call, 'name');
        controls.saveScenario(name as string);
        return created(controls.scenario(name as string));
      }),
    },
    '/__mock/scenarios/*': {
      GET: explained((call) => jsonAnswer(200, controls.scenario(call.rest))),
      PUT: explained(async (call) => {
        controls.saveScenario(call.rest, await fixtureJson(call));
        return noContentAnswer();
      }),
      DELETE: explained((call) => {
        controls.removeScenario(call.rest);
        return noContentAnswer();
      }),
    },
    '/__mock/sandboxes': {
      GET: () => jsonAnswer(200, controls.sandboxes()),
      POST: explained(async (call) => {
        const sandbox = controls.openSandbox(await fieldOf(call, 'scenario'));
        return created(sandbox, { 'Set-Cookie': enteringCookie(sandbox.id) });
      }),
    },
    '/__mock/sandboxes/*': {
      DELETE: (call) => {
        controls.closeSandbox(call.rest);
        return noContentAnswer(clearsCookie(call, call.rest));
      },
    },
  };
}
