/**
 * Command-line options of `npm start` / `npm run dev`, read with node's own parseArgs. Each
 * option has an environment equivalent where the issue asks for one (PORT, HOST, API_TOKEN).
 */
import { invokedAs, type Invocation } from 'site-articles-schemas/command-line';
import { parseArgs } from 'node:util';
import type { OperationId } from 'site-articles-schemas/catalogue';
import { faultProblems, maxDelayMs, type Faults } from './core/faults';

export interface CliOptions {
  port: number;
  host: string;
  fixtures?: string;
  /** Reload the `--fixtures` file when it changes (command/watch-fixture.ts). */
  watch: boolean;
  persist?: string;
  /** A scenario file, or the name of one in `scenarios`, served from the start (docs/scenarios.md). */
  scenario?: string;
  /** The folder scenarios are read from at start and saved to. */
  scenarios?: string;
  token?: string;
  corsOrigins: string[] | '*';
  faults: Faults;
  quiet: boolean;
  validateResponses?: boolean;
  /** Host names served besides the listening address, localhost and IP addresses (security/hosts.ts). */
  allowedHosts: string[];
  /** Guards the control API and the workbench beyond loopback; generated at start when absent there. */
  controlToken?: string;
  /** Validating proxy mode (mock/proxy): forward to this deployment instead of serving a site. */
  proxy?: ProxyCliOptions;
  help: boolean;
  version: boolean;
}

export interface ProxyCliOptions {
  upstream: string;
  token?: string;
  timeoutMs: number;
  judgeWrites: boolean;
  record?: string;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const invocation: Invocation = { bin: 'articles-mock', script: 'npm start --' };

/** The usage, under the name the command was invoked by (site-articles-schemas/command-line). */
export const usage = (command = invokedAs(invocation)): string => `Usage: ${command} [options]

  --port <n>             port to listen on (env PORT; default 4010)
  --host <address>       address to listen on (env HOST; default 127.0.0.1)
  --fixtures <file>      serve this site instead of the built-in sample site
  --watch                with --fixtures: load the file again when it changes (a file that does
                         not load or check keeps the site as it was; not with --persist)
  --persist <file>       keep the site in this SQLite database across restarts, each write on disk
                         before its answer (created from the fixture when missing; a JSON site an
                         earlier --persist wrote is migrated, the original kept; other JSON refused)
  --scenario <file|name> serve this scenario (a file of {"site", "faults"}, or one in --scenarios)
                         from the start, instead of --fixtures and the faults; not with --persist
  --scenarios <dir>      read the scenarios in this folder (<name>.json) at start, and save there
                         each one saved from the workbench or the control API
  --token <t>            writes need X-API-TOKEN: <t> or ?api_token=<t> (env API_TOKEN)
  --cors-origin <list>   comma-separated origins allowed from browsers (default: any)
  --delay <ms|min-max>   wait before every API answer, fixed or random
  --fail-rate <0..1>     share of API requests answered with --fail-status
  --fail-status <code>   status of injected failures (default 503)
  --fail-operation <id>  inject failures only into this operation (e.g. postComment)
  --no-validate          do not check answers against the strict schemas
  --allowed-host <name>  also serve requests for this host name (repeatable; env ALLOWED_HOSTS,
                         comma-separated; a leading dot allows its subdomains)
  --control-token <t>    the control API and the workbench need it when listening beyond loopback
                         (env CONTROL_TOKEN; default: a random one, printed at start)
  --proxy <base-url>     forward to this deployment and judge every answer (no site is served)
  --proxy-token <t>      with --proxy: X-API-TOKEN for requests that carry none (env PROXY_API_TOKEN)
  --proxy-timeout <ms>   with --proxy: how long the deployment may stay silent (default 10000)
  --judge-writes         with --proxy: read the article around each write and judge the write too
  --record <file>        with --proxy: keep what was seen as a fixture file for --fixtures
  --quiet                no request log
  -h, --help             this text
  --version              the version of site-articles-mock`;

function number(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`${name} must be a number, not "${text}"`);
  return value;
}

/** The flag a user typed for each field `faultProblems` names (the control API names the fields). */
const faultFlags: Record<string, string> = {
  'failure.rate': '--fail-rate',
  'failure.status': '--fail-status',
  'failure.operation': '--fail-operation',
};

const delayUsage = `--delay must be milliseconds from 0 to ${String(maxDelayMs)}, or a range such as 50-200`;

/** `--delay 200` or `--delay 50-200`; what the range's bounds may be is the faults' own rule. */
function readDelay(text: string | undefined): Faults['delayMs'] {
  if (text === undefined) return undefined;
  const bounds = text.split('-').map((part) => (part.trim() === '' ? NaN : Number(part)));
  if (bounds.length > 2 || !bounds.every(Number.isFinite)) throw new UsageError(`${delayUsage}, not "${text}"`);
  const [least = 0, most] = bounds;
  return most === undefined ? least : [least, most];
}

function readFaults(values: Record<string, string | boolean | string[] | undefined>): Faults {
  const delayMs = readDelay(values.delay as string | undefined);
  const rate = number(values['fail-rate'] as string | undefined, '--fail-rate');
  const operation = values['fail-operation'] as OperationId | undefined;
  const faults: Faults = {
    ...(delayMs !== undefined ? { delayMs } : {}),
    ...(rate !== undefined || operation
      ? {
          failure: {
            rate: rate ?? 1,
            status: number(values['fail-status'] as string | undefined, '--fail-status') ?? 503,
            ...(operation ? { operation } : {}),
          },
        }
      : {}),
  };
  if (values['fail-status'] !== undefined && !faults.failure)
    throw new UsageError('--fail-status needs --fail-rate <0..1> or --fail-operation <id> to say which requests fail');
  const problems = Object.entries(faultProblems(faults)).map(([field, messages]) =>
    field === 'delayMs' ? delayUsage : `${faultFlags[field] ?? field} ${messages.join(', ')}`,
  );
  if (problems.length > 0) throw new UsageError(problems.join('; '));
  return faults;
}

/** The items of a comma-separated list, trimmed, without empty ones. */
const list = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
type ProxyValues = Partial<
  Record<
    | 'proxy'
    | 'proxy-token'
    | 'proxy-timeout'
    | 'record'
    | 'fixtures'
    | 'token'
    | 'delay'
    | 'fail-rate'
    | 'fail-operation'
    | 'scenario'
    | 'scenarios',
    string
  >
> & {
  'judge-writes'?: boolean;
};

function readProxyOptions(values: ProxyValues, env: NodeJS.ProcessEnv): { proxy?: ProxyCliOptions } {
  const upstream = values.proxy;
  // The proxy serves the deployment's site, so options that shape the mock's own would silently do nothing.
  const mockOnly = (
    ['fixtures', 'token', 'delay', 'fail-rate', 'fail-operation', 'scenario', 'scenarios'] as const
  ).find((name) => values[name] !== undefined);
  if (upstream !== undefined && mockOnly) throw new UsageError(`--${mockOnly} does not apply with --proxy`);
  if (upstream === undefined) {
    const stray = (['proxy-token', 'proxy-timeout', 'judge-writes', 'record'] as const).find((name) => values[name]);
    if (stray) throw new UsageError(`--${stray} needs --proxy <base-url>`);
    return {};
  }
  if (!URL.canParse(upstream) || !/^https?:$/.test(new URL(upstream).protocol))
    throw new UsageError(`--proxy must be an http:// or https:// address, not "${upstream}"`);
  const timeoutMs = number(values['proxy-timeout'], '--proxy-timeout') ?? 10_000;
  if (timeoutMs <= 0) throw new UsageError('--proxy-timeout must be above 0 ms');
  const token = values['proxy-token'] ?? env.PROXY_API_TOKEN;
  return {
    proxy: {
      upstream,
      timeoutMs,
      judgeWrites: values['judge-writes'] ?? false,
      ...(token ? { token } : {}),
      ...(values.record ? { record: values.record } : {}),
    },
  };
}

/** A scenario served at start would replace, at every start, the site the database keeps. */
function checkScenario(values: { scenario?: string; persist?: string }): void {
  if (values.scenario !== undefined && values.persist !== undefined)
    throw new UsageError(
      '--scenario does not apply with --persist: the database keeps the site, and the scenario would replace it at every start',
    );
}

/** `--watch` reloads a fixture file; with `--persist` the database keeps the site, and a reload would replace its writes. */
function checkWatch(values: { watch?: boolean; fixtures?: string; persist?: string }): void {
  if (!values.watch) return;
  if (values.fixtures === undefined) throw new UsageError('--watch needs --fixtures <file>, the file it reloads');
  if (values.persist !== undefined)
    throw new UsageError(
      '--watch does not apply with --persist: the database keeps the site, and a reload would replace what was written to it',
    );
}

export function readCliOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      fixtures: { type: 'string' },
      watch: { type: 'boolean' },
      persist: { type: 'string' },
      scenario: { type: 'string' },
      scenarios: { type: 'string' },
      token: { type: 'string' },
      'cors-origin': { type: 'string' },
      delay: { type: 'string' },
      'fail-rate': { type: 'string' },
      'fail-status': { type: 'string' },
      'fail-operation': { type: 'string' },
      'no-validate': { type: 'boolean' },
      'allowed-host': { type: 'string', multiple: true },
      'control-token': { type: 'string' },
      proxy: { type: 'string' },
      'proxy-token': { type: 'string' },
      'proxy-timeout': { type: 'string' },
      'judge-writes': { type: 'boolean' },
      record: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
    strict: true,
  });
  checkWatch(values);
  checkScenario(values);
  const port = number(values.port ?? env.PORT, '--port') ?? 4010;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0 to 65535, not ${port}`);
  const origins = values['cors-origin'] === undefined ? undefined : list(values['cors-origin']);
  const token = values.token ?? env.API_TOKEN;
  const controlToken = values['control-token'] ?? env.CONTROL_TOKEN;
  return {
    port,
    host: values.host ?? env.HOST ?? '127.0.0.1',
    ...(values.fixtures ? { fixtures: values.fixtures } : {}),
    watch: values.watch ?? false,
    ...(values.persist ? { persist: values.persist } : {}),
    ...(values.scenario ? { scenario: values.scenario } : {}),
    ...(values.scenarios ? { scenarios: values.scenarios } : {}),
    ...(token ? { token } : {}),
    corsOrigins: origins && origins.length > 0 && !origins.includes('*') ? origins : '*',
    faults: readFaults(values),
    quiet: values.quiet ?? false,
    ...(values['no-validate'] ? { validateResponses: false } : {}),
    allowedHosts: [...(values['allowed-host'] ?? []), ...list(env.ALLOWED_HOSTS)],
    ...(controlToken ? { controlToken } : {}),
    ...readProxyOptions(values, env),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}
