/**
 * `createApp(options)` builds the mock without listening: the core (one pipeline for section 4 and
 * the control API) and the controls. `nodeListener(mock)` serves it on a node:http server, as
 * `npm start` does; `mock.app` is an Express app over the same core, made (and Express loaded) only
 * when first read, for supertest or mounting in another app.
 */
import type { Express } from 'express';
import { servedControl, type ControlHandlers } from '../core/control-stage';
import type { Core } from '../core/pipeline';
import type { expressApp } from '../adapters/express';
import { tokenMatches } from '../runtime/token-compare';
import { securityGuard } from '../security/request-guard';
import { sessionHandler } from '../security/session';
import type { workbenchHandlers } from '../workbench/routes';
import { buildMock } from './build-mock';
import { controlsOverHttp } from './control-api';
import type { MockControls } from './controls';
import type { MockOptions } from './options';

export interface MockApp extends MockControls {
  /** An Express app over the core, for supertest or another app; needs the express package. */
  readonly app: Express;
  /** The pipeline itself, for the adapters (`nodeListener(mock)` is the one `npm start` uses). */
  core: Core;
}

type Workbench = ReturnType<typeof workbenchHandlers>;

/**
 * The workbench (its page, files and API docs) is loaded when first asked for, so a start, and the
 * first answer of the API, do not pay for it.
 */
function workbenchWhenAsked(apiToken: string | undefined): (part: keyof Workbench) => Workbench[keyof Workbench] {
  let workbench: Workbench | undefined;
  return (part) => {
    if (workbench === undefined) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
      const loaded = require('../workbench/routes') as { workbenchHandlers: typeof workbenchHandlers };
      workbench = loaded.workbenchHandlers({ apiToken });
    }
    return workbench[part];
  };
}

/** Every row of the control API the mock's server serves: the controls, the workbench and the session door. */
function serverControlApi(
  controls: MockControls,
  { controlToken, apiToken }: { controlToken: string | undefined; apiToken: string | undefined },
): ControlHandlers<'mock'> {
  const workbench = workbenchWhenAsked(apiToken);
  return {
    ...controlsOverHttp(controls),
    '/': { GET: (call) => workbench('root')(call) },
    '/__mock/': { GET: (call) => workbench('page')(call) },
    '/__mock/assets/*': { GET: (call) => workbench('assets')(call) },
    '/__mock/docs': { GET: (call) => workbench('docs')(call) },
    '/__mock/openapi.json': { GET: (call) => workbench('openapi')(call) },
    '/__mock/session': { POST: sessionHandler(controlToken) },
  };
}

export function createApp(options: MockOptions = {}): MockApp {
  const security = options.security ?? { allowedHosts: [] };
  const { core, controls } = buildMock(options, {
    tokenMatches,
    guards: [securityGuard(security)],
    control: (built) =>
      servedControl('mock', serverControlApi(built, { controlToken: security.controlToken, apiToken: options.token })),
  });
  let app: Express | undefined;
  return {
    ...controls,
    core,
    get app() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the adapter, and Express, only when asked for
      app ??= (require('../adapters/express') as { expressApp: typeof expressApp }).expressApp(core);
      return app;
    },
  };
}
