/**
 * The Express adapter: the app `createApp(...).app` returns, for supertest, `http.createServer` or
 * mounting in another app. Its router for section 4 is the core's route table: a request the
 * table names is served by the core (the same function the node:http adapter calls); the rest
 * (the control API, journal and workbench under `/__mock`, `GET /`, unknown paths) passes the core's guard stage, then Express.
 */
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import { errorAnswer, notFoundAnswer } from '../core/answers';
import type { Core } from '../core/pipeline';
import type { MockControls } from '../app/controls';
import { controlRouter } from './control-routes';
import { controlMethodNotAllowed } from './control-methods';
import { controlPrefix } from '../core/control-table';
import { plainRequest } from './node-request';
import { sessionRouter } from './session-route';
import { sendAnswer } from './send-answer';
import { serveWithCore } from './serve-with-core';
import { journalRouter } from '../journal/routes';
import { workbenchRouter } from '../workbench/routes';

/** The routes of section 4, from the core's table; everything else goes on to the next handler. */
export function apiRouter(core: Core): Router {
  const router = express.Router();
  router.use((request, response, next) => {
    const route = core.route(request.method, request.url);
    if (route) serveWithCore(core, route, request, response);
    else next();
  });
  return router;
}

/** The core's guard stage (CORS, query length, any added guards) for the routes Express serves. */
function guardStage(core: Core): RequestHandler {
  return (request, response, next) => {
    const guarded = core.guard(plainRequest(request));
    for (const [name, value] of Object.entries(guarded.headers)) response.setHeader(name, value);
    if (guarded.answer) sendAnswer(response, guarded.answer);
    else next();
  };
}

const errorHandler: ErrorRequestHandler = (error, _request, response, _next) => {
  sendAnswer(response, errorAnswer(error));
};

export interface ExpressAppParts {
  core: Core;
  controls: MockControls;
  fixtureLimit: string | number;
  /** The control token the session route trades for a cookie (security/guard.ts checks it). */
  controlToken?: string;
  /** Journals a request the core did not answer (the core's `answered` hook records its own). */
  recordOther: RequestHandler;
}

export function expressApp({ core, controls, fixtureLimit, controlToken, recordOther }: ExpressAppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(apiRouter(core));
  app.use(recordOther);
  app.use(guardStage(core));
  // Before the routers, so that no router answers a method the table does not give (OPTIONS included).
  app.use(controlMethodNotAllowed('mock'));
  app.use(controlPrefix, sessionRouter(controlToken));
  app.use(controlPrefix, journalRouter(controls), workbenchRouter(), controlRouter(controls, fixtureLimit));
  // `/` is outside the interface: a browser opened on the mock lands on the workbench.
  app.get('/', (_request, response) => {
    response.redirect(302, `${controlPrefix}/`);
  });
  app.use((_request, response) => {
    sendAnswer(response, notFoundAnswer());
  });
  app.use(errorHandler);
  return app;
}
