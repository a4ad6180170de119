/**
 * The control API under `/__mock`, for test set-ups and UI work: reset to the fixture, load
 * another fixture, read the whole state, set or clear latency and faults (the journal's routes
 * are in journal/routes.ts; 405s for other methods come from the control table, control-methods.ts). It is
 * not part of the interface, so it never sees faults or the token.
 */
import express, { type Router } from 'express';
import { ApiError, validationError } from '../core/api-error';
import { maxFixtureDepth, requireJsonWithin } from '../core/limits';
import { FixtureError } from '../fixtures/load-fixture';
import type { MockControls } from '../app/controls';
import { faultProblems, type Faults } from '../core/faults';
import { durably } from '../core/durably';

function loadOrExplain(controls: MockControls, body: unknown): void {
  try {
    controls.loadFixture(body, 'request body');
  } catch (error) {
    if (error instanceof FixtureError) throw validationError({ fixture: [error.message] });
    throw error;
  }
}

export function controlRouter(controls: MockControls, fixtureLimit: string | number): Router {
  const router = express.Router();
  const json = express.json({ strict: false, limit: fixtureLimit });
  const needsJson: express.RequestHandler = (request, _response, next) => {
    if (!request.is('application/json')) throw new ApiError('unsupportedMediaType');
    next();
  };
  // Copying a fixture recurses, so a body nested thousands deep must be refused before (rules/limits.ts).
  const shallow: express.RequestHandler = (request, _response, next) => {
    requireJsonWithin(request.body, maxFixtureDepth);
    next();
  };

  router.get('/state', (_request, response) => {
    response.json(controls.state());
  });
  router.post('/reset', async (_request, response) => {
    controls.reset();
    await durably(() => controls.settled());
    response.status(204).end();
  });
  router.put('/fixture', needsJson, json, shallow, async (request, response) => {
    loadOrExplain(controls, request.body);
    await durably(() => controls.settled());
    response.status(204).end();
  });
  router.get('/faults', (_request, response) => {
    response.json(controls.faults());
  });
  router.put('/faults', needsJson, json, shallow, (request, response) => {
    const problems = faultProblems(request.body);
    if (Object.keys(problems).length > 0) throw validationError(problems);
    controls.setFaults(request.body as Faults);
    response.json(controls.faults());
  });
  router.delete('/faults', (_request, response) => {
    controls.setFaults({});
    response.status(204).end();
  });
  return router;
}
