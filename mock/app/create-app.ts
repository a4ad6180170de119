/**
 * `createApp(options)` builds the mock without listening: the core (one pipeline for section 4),
 * the Express app over it, and the controls. Tests hand the app to supertest, a frontend's test
 * set-up can embed it, and `cli.ts` listens with the node:http adapter over the same core.
 */
import type { Express, RequestHandler } from 'express';
import sampleSite from '../fixtures/sample-site.json';
import { defaultRules } from '../rules';
import { systemClock } from '../rules/clock';
import { storeFromFixture, storeOf } from '../store/load-fixture';
import type { SiteFixture } from '../store/records';
import { createCore, type Core, type Live } from '../core/pipeline';
import { Journal, journalRecorder, type RecordRequest } from '../core/journal';
import { expressApp } from '../adapters/express-app';
import { tokenMatches } from '../adapters/token-compare';
import type { MockControls } from './controls';
import { byteCount, defaults, type MockOptions } from './options';

export interface MockApp extends MockControls {
  /** The Express app: a request listener for `http.createServer`, supertest or another app. */
  app: Express;
  /** The pipeline itself, for other adapters (adapters/node-listener.ts is the one `npm start` uses). */
  core: Core;
}

/** Journals a request Express answers, once it is sent. */
function recordOnFinish(record: RecordRequest): RequestHandler {
  return (request, response, next) => {
    const started = performance.now();
    response.on('finish', () => {
      record(request.method, request.originalUrl, response.statusCode, performance.now() - started);
    });
    next();
  };
}

function liveFrom(options: MockOptions, fixture: SiteFixture): Live {
  return {
    store: storeFromFixture(fixture, options.fixtureSource ?? 'fixture'),
    rules: { ...defaultRules, ...options.rules },
    faults: options.faults ?? {},
    clock: options.clock ?? systemClock,
    token: options.token,
    validateResponses: options.validateResponses ?? process.env.NODE_ENV !== 'production',
    bodyLimit: byteCount(options.bodyLimit ?? defaults.bodyLimit),
    corsOrigins: options.corsOrigins,
  };
}

export function createApp(options: MockOptions = {}): MockApp {
  let fixture = (options.fixture ?? sampleSite) as SiteFixture;
  const live = liveFrom(options, fixture);
  const journal = new Journal(options.journalSize ?? defaults.journalSize);
  const controls: MockControls = {
    reset: () => {
      live.store = storeOf(fixture);
      journal.clear();
    },
    loadFixture: (next, source = 'fixture') => {
      live.store = storeFromFixture(next, source);
      fixture = next as SiteFixture;
      journal.clear();
    },
    state: () => live.store.toFixture(),
    journal: () => journal.list(),
    faults: () => structuredClone(live.faults),
    setFaults: (faults) => {
      live.faults = structuredClone(faults);
    },
  };
  const record = journalRecorder(journal, options.log, options.token);
  const core = createCore({
    live,
    tokenMatches,
    answered: (request, answer, { ms }) => {
      record(request.method, request.originalUrl, answer.status, ms);
    },
  });
  const app = expressApp({ core, controls, fixtureLimit: defaults.fixtureLimit, recordOther: recordOnFinish(record) });
  return { app, core, ...controls };
}
