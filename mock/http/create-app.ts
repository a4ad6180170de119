/**
 * `createApp(options)` builds the mock as an Express app and its controls, without listening:
 * tests hand the app to supertest, a frontend's test set-up can embed it, and `cli.ts` listens.
 */
import cors from 'cors';
import express, { type Express } from 'express';
import sampleSite from '../fixtures/sample-site.json';
import { defaultRules } from '../rules';
import { ignoredFieldsHeader } from '../rules/context';
import { systemClock } from '../rules/clock';
import { storeFromFixture, storeOf } from '../store/load-fixture';
import type { SiteFixture } from '../store/records';
import { apiRouter, type Live } from './api-routes';
import { controlPrefix, controlRouter } from './control-routes';
import type { MockControls } from './controls';
import { errorHandler, notFound } from './errors';
import { installFastPath, type FastPathParts } from './fast-path';
import { journalMaxBytes, journalRecorder } from '../journal/recorder';
import { RequestJournal } from '../journal/request-journal';
import { journalRouter } from '../journal/routes';
import { workbenchRouter } from '../workbench/routes';
import { defaults, type MockOptions } from './options';

export interface MockApp extends MockControls {
  /** The Express app: a request listener for `http.createServer`, supertest or another app. */
  app: Express;
}

/** Typed for bare requests: the fast path (fast-path.ts) runs the very same middleware. */
function corsMiddleware(origins: MockOptions['corsOrigins']): FastPathParts['cors'] {
  return cors({
    origin: origins === undefined || origins === '*' ? true : origins,
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Accept', 'X-API-TOKEN'],
    exposedHeaders: ['Link', 'X-Total-Entries', 'X-Total-Pages', ignoredFieldsHeader],
    maxAge: 600,
  });
}

export function createApp(options: MockOptions = {}): MockApp {
  let fixture = (options.fixture ?? sampleSite) as SiteFixture;
  const live: Live = {
    store: options.state
      ? storeFromFixture(options.state.site, options.state.source)
      : storeFromFixture(fixture, options.fixtureSource ?? 'fixture'),
    rules: { ...defaultRules, ...options.rules },
    faults: options.faults ?? {},
    clock: options.clock ?? systemClock,
    token: options.token,
    validateResponses: options.validateResponses ?? process.env.NODE_ENV !== 'production',
    bodyLimit: options.bodyLimit ?? defaults.bodyLimit,
  };
  options.onStore?.(live.store);
  const journal = new RequestJournal(options.journalSize ?? defaults.journalSize, journalMaxBytes, options.token);
  const controls: MockControls = {
    reset: () => {
      live.store = storeOf(fixture);
      options.onStore?.(live.store);
      journal.clear();
    },
    loadFixture: (next, source = 'fixture') => {
      live.store = storeFromFixture(next, source);
      options.onStore?.(live.store);
      fixture = next as SiteFixture;
      journal.clear();
    },
    state: () => live.store.toFixture(),
    journal: (filter) => journal.list(filter),
    onJournalEntry: (listener) => journal.subscribe(listener),
    faults: () => structuredClone(live.faults),
    setFaults: (faults) => {
      live.faults = structuredClone(faults);
    },
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const record = journalRecorder(journal, options.log, options.token);
  const corsHandler = corsMiddleware(options.corsOrigins);
  app.use((request, response, next) => {
    record(request, response, request.originalUrl);
    next();
  });
  app.use(corsHandler);
  app.use(controlPrefix, journalRouter(controls), workbenchRouter());
  app.get('/', (_request, response) => {
    response.redirect(302, `${controlPrefix}/`);
  });
  app.use(controlPrefix, controlRouter(controls, defaults.fixtureLimit));
  app.use(apiRouter(live));
  app.use(notFound);
  app.use(errorHandler);
  installFastPath(app, { live, cors: corsHandler, record });
  return { app, ...controls };
}
