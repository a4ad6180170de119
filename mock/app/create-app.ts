/**
 * `createApp(options)` builds the mock without listening: the core (one pipeline for section 4 and
 * the control API) and the controls. `nodeListener(mock)` serves it on a node:http server, as
 * `npm start` does; `mock.app` is an Express app over the same core, made (and Express loaded) only
 * when first read, for supertest or mounting in another app.
 */
import type { Express } from 'express';
import { servedControl, type ControlHandlers } from '../core/control-stage';
import type { Core } from '../core/pipeline';
import { expressApp } from '../adapters/express';
import { tokenMatches } from '../runtime/token-compare';
import { securityGuard } from '../security/guard';
import { sessionHandler } from '../security/session';
import { workbenchHandlers } from '../workbench/routes';
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

/** Every row of the control API the mock's server serves: the controls, the workbench and the session door. */
function serverControlApi(controls: MockControls, controlToken: string | undefined): ControlHandlers<'mock'> {
  const workbench = workbenchHandlers();
  return {
    ...controlsOverHttp(controls),
    '/': { GET: workbench.root },
    '/__mock/': { GET: workbench.page },
    '/__mock/assets/*': { GET: workbench.assets },
    '/__mock/docs': { GET: workbench.docs },
    '/__mock/openapi.json': { GET: workbench.openapi },
    '/__mock/session': { POST: sessionHandler(controlToken) },
  };
}

export function createApp(options: MockOptions = {}): MockApp {
  const security = options.security ?? { allowedHosts: [] };
  const { core, controls } = buildMock(options, {
    tokenMatches,
    guards: [securityGuard(security)],
    control: (built) => servedControl('mock', serverControlApi(built, security.controlToken)),
  });
  let app: Express | undefined;
  return {
    ...controls,
    core,
    get app() {
      app ??= expressApp(core);
      return app;
    },
  };
}
