/**
 * The mock's command (`npm start`, `articles-mock`; cli.ts): serves the mock on a port. The only
 * module of the mock that listens; everything it serves comes from `createApp`, through the
 * node:http adapter (adapters/node-listener.ts), or with `--proxy` from the validating proxy's
 * listener (proxy/server.ts) instead. Rules that replace the mock's own come only from a caller
 * (proof/variant-server.ts serves the contract suite's broken variants this way): the mock itself
 * never loads proof code.
 */
import { isLoopback } from './security/hosts';
import type { SecurityPolicy } from './security/request-guard';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createApp, type MockApp } from './app/create-app';
import { nodeListener } from './adapters/node-listener';
import { invocation, readCliOptions, usage, UsageError, type CliOptions } from './cli-options';
import { answerClientErrors } from './adapters/server-errors';
import type { proxyFromCli } from './proxy-cli';
import type { SiteDatabase } from './persist/site-database';
import { requireOptionalPeer } from './runtime/optional-peer';
import { randomToken } from './runtime/token-compare';
import type { readFixtureFile } from './loading/fixture-file';
import type { RuleSet } from './rules';
import { batchedLines } from './log-output';
import { colourWanted, helpHint, invokedAs, packageVersion } from 'site-articles-schemas/command-line';
import { stopWithLauncher } from './command/launcher';
import { watchFixture, type FixtureWatch } from './command/watch-fixture';
import { paintFor, paintLogLine } from './command/colour';
import { bannerLines } from './command/banner';
import type { CommandScenarios, commandScenarios } from './app/scenario-folder';

/** npm runs scripts in the project root; a relative path means the folder `npm start` was typed in. */
function fromCallerDirectory(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/**
 * The `--fixtures` file, read (and a large one checked) as at start and at each reload with `--watch`.
 * Its reader (and, for a large one, its worker pool) is loaded only with --fixtures.
 */
function readFixtures(typed: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only with --fixtures, not at every start
  const { readFixtureFile: read } = require('./loading/fixture-file') as { readFixtureFile: typeof readFixtureFile };
  return read(fromCallerDirectory(typed), typed);
}

/** `--scenario` and `--scenarios`, read only when given, so a start without them does not load their reader. */
function scenariosOf(options: CliOptions): CommandScenarios {
  if (options.scenario === undefined && options.scenarios === undefined) return {};
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only with --scenario or --scenarios
  const loaded = require('./app/scenario-folder') as { commandScenarios: typeof commandScenarios };
  return loaded.commandScenarios(options, fromCallerDirectory);
}

/** What a bad option, fixture or file is, as the command says it after `mock: `. */
const problemOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const logOutput = batchedLines((text) => process.stdout.write(text));
process.on('exit', logOutput.flush);
const colour = colourWanted(process.env, process.stdout.isTTY);
const paint = paintFor(colour);
/** Each answered request's line; painted only for a terminal, where reading the line again is worth its colour. */
const requestLog = colour
  ? (line: string): void => {
      logOutput.log(paintLogLine(line, paint));
    }
  : logOutput.log;

/**
 * Beyond loopback the control API needs a token: the one given, or a random one printed once the
 * mock listens. While a proxy adds a real token, pages of other origins reach the API only from
 * `--cors-origin`.
 */
function securityFor(options: CliOptions): SecurityPolicy {
  const generated = options.controlToken === undefined && !isLoopback(options.host);
  const controlToken = generated ? randomToken(18) : options.controlToken;
  return {
    listenHost: options.host,
    allowedHosts: options.allowedHosts,
    ...(controlToken === undefined ? {} : { controlToken }),
    ...(options.proxy?.token === undefined
      ? {}
      : { apiOrigins: options.corsOrigins === '*' ? [] : options.corsOrigins }),
  };
}

/**
 * The database and its engine (libsql, an optional peer of the package) are loaded only with
 * `--persist`, so a start without it neither pays for them nor needs them installed.
 */
function openDatabase(path: string): SiteDatabase {
  const loaded = requireOptionalPeer(
    'libsql',
    '--persist (the site kept in SQLite)',
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    () => require('./persist/site-database'),
  ) as { SiteDatabase: typeof SiteDatabase };
  return new loaded.SiteDatabase(path);
}

/** The validating proxy is loaded only with `--proxy`: a mock's start does not pay for the judgement it brings. */
function loadProxy(): typeof proxyFromCli {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./proxy-cli') as { proxyFromCli: typeof proxyFromCli }).proxyFromCli;
}

/** Rules that replace some of the mock's own, with the name the start-up line gives them. */
export interface ReplacedRules {
  name: string;
  rules: Partial<RuleSet>;
}

function buildApp(
  options: CliOptions,
  security: SecurityPolicy,
  replaced?: ReplacedRules,
  database?: SiteDatabase,
): MockApp {
  const rules = replaced?.rules;
  return createApp({
    ...(options.fixtures ? { fixture: readFixtures(options.fixtures), fixtureSource: options.fixtures } : {}),
    ...(database ? { persistence: database } : {}),
    ...scenariosOf(options),
    ...(options.token ? { token: options.token } : {}),
    corsOrigins: options.corsOrigins,
    faults: options.faults,
    ...(options.validateResponses === false || rules ? { validateResponses: false } : {}),
    ...(rules ? { rules } : {}),
    ...(options.quiet ? {} : { log: requestLog }),
    security,
  });
}

/** With `--watch`, the `--fixtures` file is loaded into `app` again at each change. */
function watchFixtures(options: CliOptions, app: MockApp): FixtureWatch | undefined {
  const typed = options.fixtures;
  if (!options.watch || typed === undefined) return undefined;
  const load = (): void => {
    app.loadFixture(readFixtures(typed), typed);
  };
  return watchFixture(fromCallerDirectory(typed), typed, load, problemOf);
}

/** A wildcard address listens on every address of the machine; a browser here opens it as loopback. */
const openable = (host: string): string => (host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host);
const originOf = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;

/** The lines that say where the mock serves, then what is in force, once it listens. */
function startLines(options: CliOptions, security: SecurityPolicy, served: string, port: number): string[] {
  const origin = originOf(options.host, port);
  const everywhere = openable(options.host) === options.host ? '' : ', every address of this machine';
  const workbench = `${originOf(openable(options.host), port)}/__mock/`;
  const generatedToken = options.controlToken === undefined ? security.controlToken : undefined;
  return [
    `mock: serving ${served} on ${paint('cyan', origin)} (control API under /__mock${everywhere})`,
    `mock: the workbench is at ${paint('cyan', workbench)} (Ctrl-C stops the mock)`,
    ...(generatedToken ? [`mock: the control API and the workbench need this control token: ${generatedToken}`] : []),
    ...bannerLines(options, paint),
  ];
}

function serve(options: CliOptions, replaced?: ReplacedRules): void {
  const security = securityFor(options);
  const proxy =
    options.proxy && loadProxy()(options.proxy, options.quiet ? undefined : requestLog, fromCallerDirectory, security);
  const database = !proxy && options.persist ? openDatabase(fromCallerDirectory(options.persist)) : undefined;
  const app = proxy ? undefined : buildApp(options, security, replaced, database);
  // One request listener either way: the proxy's (mock/proxy/server.ts) or the mock's node:http adapter.
  const server = createServer(app ? nodeListener(app) : proxy?.listener);
  const watch = app && watchFixtures(options, app);
  answerClientErrors(server);
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? 'is already in use; choose another with --port or PORT'
        : error.code === 'EACCES'
          ? 'needs privileges this user lacks'
          : `cannot be used (${error.message})`;
    console.error(`mock: ${options.host}:${options.port} ${reason}`);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const served = proxy ? proxy.description : `${replaced ? `variant "${replaced.name}" of ` : ''}the site`;
    for (const line of startLines(options, security, served, port)) console.log(line);
  });
  let stopping = false;
  // SIGINT, SIGTERM and the watch on the launcher may each ask; the first one stops.
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    proxy?.stop();
    watch?.close();
    // Every write was answered only once on disk; closing the database checkpoints its log.
    server.close(() => void (database?.close() ?? Promise.resolve()).then(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Killed outright, or stopped by a signal it passes to the shell alone, npm cannot stop the mock.
  stopWithLauncher((reason) => {
    console.log(`mock: ${reason}; stopping`);
    stop();
  });
}

/** Reads the options and serves; bad options print what is wrong and end the process with exit 2. */
export function runCli(argv: string[], env: NodeJS.ProcessEnv, replaced?: ReplacedRules): void {
  try {
    const options = readCliOptions(argv, env);
    if (replaced && options.proxy) throw new UsageError(`variant "${replaced.name}" does not apply with --proxy`);
    if (options.help || options.version) {
      console.log(options.help ? usage() : packageVersion(__dirname));
      return;
    }
    serve(options, replaced);
  } catch (error) {
    // Bad options (ours, or parseArgs' own ERR_PARSE_ARGS_*) say where the options are told; a bad fixture its message.
    const badUsage =
      error instanceof UsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    console.error(`mock: ${problemOf(error)}${badUsage ? `\nmock: ${helpHint(invokedAs(invocation))}` : ''}`);
    process.exit(2);
  }
}
