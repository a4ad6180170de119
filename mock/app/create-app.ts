/**
 * `createApp(options)` builds the mock without listening: the core (one pipeline for section 4),
 * the Express app over it, and the controls. Tests hand the app to supertest, a frontend's test
 * set-up can embed it, and `cli.ts` listens with the node:http adapter over the same core.
 */
import type { Express } from 'express';
import sampleSite from '../fixtures/sample-site.json';
import { defaultRules } from '../rules';
import { systemClock } from '../rules/clock';
import { storeFromFixture, storeOf } from '../store/load-fixture';
import type { SiteFixture } from '../store/records';
import type { SiteStore } from '../store/site-store';
import { createCore, type Core, type Live } from '../core/pipeline';
import { journalMaxBytes, journalRecorder, recordCoreAnswer, recordExpressAnswer } from '../journal/recorder';
import { RequestJournal } from '../journal/request-journal';
import { expressApp } from '../adapters/express-app';
import { tokenMatches } from '../adapters/token-compare';
import { securityGuard } from '../security/guard';
import type { MockControls } from './controls';
import { byteCount, defaults, type MockOptions } from './options';

export interface MockApp extends MockControls {
  /** The Express app: a request listener for `http.createServer`, supertest or another app. */
  app: Express;
  /** The pipeline itself, for other adapters (adapters/node-listener.ts is the one `npm start` uses). */
  core: Core;
}

/** The persisted site when one is given (`--persist`), otherwise the fixture. */
function firstStore(options: MockOptions, fixture: SiteFixture): SiteStore {
  return options.state
    ? storeFromFixture(options.state.site, options.state.source)
    : storeFromFixture(fixture, options.fixtureSource ?? 'fixture');
}

function liveFrom(options: MockOptions, fixture: SiteFixture): Live {
  return {
    store: firstStore(options, fixture),
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
  options.onStore?.(live.store);
  const journal = new RequestJournal(options.journalSize ?? defaults.journalSize, journalMaxBytes, options.token);
  const replaceStore = (store: SiteStore): void => {
    live.store = store;
    options.onStore?.(store);
    journal.clear();
  };
  const controls: MockControls = {
    reset: () => {
      replaceStore(storeOf(fixture));
    },
    loadFixture: (next, source = 'fixture') => {
      replaceStore(storeFromFixture(next, source));
      fixture = next as SiteFixture;
    },
    state: () => live.store.toFixture(),
    journal: (filter) => journal.list(filter),
    onJournalEntry: (listener) => journal.subscribe(listener),
    faults: () => structuredClone(live.faults),
    setFaults: (faults) => {
      live.faults = structuredClone(faults);
    },
  };
  const record = journalRecorder(journal, options.log, options.token);
  const security = options.security ?? { allowedHosts: [] };
  const core = createCore({
    live,
    tokenMatches,
    guards: [securityGuard(security)],
    answered: recordCoreAnswer(record),
  });
  const app = expressApp({
    core,
    controls,
    fixtureLimit: defaults.fixtureLimit,
    ...(security.controlToken === undefined ? {} : { controlToken: security.controlToken }),
    recordOther: recordExpressAnswer(record),
  });
  return { app, core, ...controls };
}
