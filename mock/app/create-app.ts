/**
 * `createApp(options)` builds the mock without listening: the core (one pipeline for section 4),
 * the Express app over it, and the controls. Tests hand the app to supertest, a frontend's test
 * set-up can embed it, and `cli.ts` listens with the node:http adapter over the same core.
 */
import type { Express } from 'express';
import type { Core } from '../core/pipeline';
import { recordExpressAnswer } from '../journal/recorder';
import { expressApp } from '../adapters/express-app';
import { tokenMatches } from '../adapters/token-compare';
import { securityGuard } from '../security/guard';
import { buildMock } from './build-mock';
import type { MockControls } from './controls';
import { defaults, type MockOptions } from './options';

export interface MockApp extends MockControls {
  /** The Express app: a request listener for `http.createServer`, supertest or another app. */
  app: Express;
  /** The pipeline itself, for other adapters (adapters/node-listener.ts is the one `npm start` uses). */
  core: Core;
}

export function createApp(options: MockOptions = {}): MockApp {
  const security = options.security ?? { allowedHosts: [] };
  const { core, controls, record } = buildMock(options, tokenMatches, [securityGuard(security)]);
  const app = expressApp({
    core,
    controls,
    fixtureLimit: defaults.fixtureLimit,
    ...(security.controlToken === undefined ? {} : { controlToken: security.controlToken }),
    recordOther: recordExpressAnswer(record),
  });
  return { app, core, ...controls };
}
