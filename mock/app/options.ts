/** Options of `createApp`; every one has a default, so `createApp()` serves the sample site. */
import type { RuleSet } from '../rules';
import type { Clock } from '../rules/clock';
import { maxBodyBytes } from '../core/limits';
import type { Faults } from '../core/faults';
import type { SecurityPolicy } from '../security/request-guard';
import type { Persistence } from '../store/persistence';
import type { ScenarioKeeper } from './scenarios';

export interface MockOptions {
  /** A site in fixture form; the built-in sample site when absent. */
  fixture?: unknown;
  /** Name used in fixture errors, usually the file path. */
  fixtureSource?: string;
  /** When set, writes need this token in `X-API-TOKEN` or `?api_token=`. */
  token?: string;
  /** Origins allowed to call from a browser; `'*'` (the default) allows any. */
  corsOrigins?: string[] | '*';
  /** Check every answer against the strict schemas; on unless NODE_ENV is `production`. */
  validateResponses?: boolean;
  faults?: Faults;
  /** Receives one line per request; no logging when absent. */
  log?: (line: string) => void;
  /** How many recent requests the journal keeps. */
  journalSize?: number;
  /** Largest accepted request body of the interface's routes. */
  bodyLimit?: string | number;
  /** Replaces some of the rules (how the deliberately broken variants are built). */
  rules?: Partial<RuleSet>;
  clock?: Clock;
  /** Keeps the site across restarts (`--persist`: mock/persist/site-database.ts); `reset` still goes back to the fixture. */
  persistence?: Persistence;
  /**
   * Who may drive the mock (security/request-guard.ts): served host names, the control token, the
   * origins allowed while a proxy adds a real token. By default only the loopback names, IP
   * addresses and `localhost` are served, and the control API takes changes from no other origin.
   */
  security?: SecurityPolicy;
  /** Scenarios by name, in file form (`{site, faults}`: docs/scenarios.md), checked at start, beside `default`. */
  scenarios?: Record<string, unknown>;
  /** Keeps each scenario saved or removed during the run beyond it (the command's `--scenarios <dir>`). */
  scenarioKeeper?: ScenarioKeeper;
  /** The scenario served at start instead of `fixture` and `faults` (`default`: those two). */
  scenario?: string;
  /** How many sandboxes the mock holds at once (64); `POST /__mock/sandboxes` past it answers 409. */
  maxSandboxes?: number;
  /** How many scenarios the mock holds, `default` with them (128); saving a new one past it answers 409. */
  maxScenarios?: number;
}

export const defaults = {
  journalSize: 200,
  bodyLimit: maxBodyBytes,
  fixtureLimit: '512mb',
} as const;

const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A size given as bytes or as text such as `'1mb'` (the form Express's body parser took), in bytes. */
export function byteCount(size: string | number): number {
  if (typeof size === 'number') return size;
  const found = /^\s*([0-9.]+)\s*(b|kb|mb|gb)?\s*$/i.exec(size);
  if (!found) throw new TypeError(`not a size: ${size}`);
  return Math.floor(Number(found[1]) * (units[(found[2] ?? 'b').toLowerCase()] ?? 1));
}
