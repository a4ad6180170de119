/**
 * Options of `npm run contract`, read with node's own parseArgs; each has an environment
 * equivalent (CONTRACT_BASE_URL, CONTRACT_ARTICLE_IDS, CONTRACT_API_TOKEN) so CI can keep the
 * token out of the command line.
 */
import { invokedAs, type Invocation } from 'site-articles-schemas/command-line';
import { parseArgs } from 'node:util';
import { inProcessArticleIds } from './in-process';
import { parseArticleIds, parseBaseUrl, SettingsError } from './settings';
import { defaultConcurrency, defaultMaxInFlight } from './checks/check';
import { defaultLimits, formatSeconds, formatSize, parseSize, type Limits } from './http/limits';
import { shellQuote } from './http/curl';

export interface ContractOptions {
  /** Absent: a fresh in-process mock. */
  baseUrl?: string;
  articleIds: number[];
  token?: string;
  readOnly: boolean;
  junit?: string;
  /** A self-contained HTML report of the run. */
  html?: string;
  help: boolean;
  version: boolean;
  /** Random sequences instead of the fixed checks: how many. */
  explore?: number;
  /** Random sequences at `--concurrency` at once for this long (ms), instead of the fixed checks. */
  durationMs?: number;
  /** The seed of the random sequences; printed by every run so a failure can be replayed. */
  seed?: number;
  /** Random sequences never post a comment. */
  noComments: boolean;
  /** Requests sent at once in the concurrency checks; 1 turns them off. */
  concurrency: number;
  /** How long each answer may take and how much of it is read (`--timeout`, `--max-body`). */
  limits: Limits;
  /** Checks run at once (articles side by side, and checks that share an article); 1 runs one at a time. */
  maxInFlight: number;
}

/** More than this many requests at once stops being a test of the target and becomes a load test. */
const maxConcurrency = 64;

export const invocation: Invocation = { bin: 'articles-contract', script: 'npm run contract --' };

/** The usage, under the name the command was invoked by (site-articles-schemas/command-line). */
export const usage = (command = invokedAs(invocation)): string => `Usage: ${command} [options]

Checks a deployment of the Site Articles and Comments interface against everything the
interface states. Without --base-url it checks a fresh in-process mock (the site-articles-mock
package, when it is installed).

  --base-url <url>          the deployment's base address (env CONTRACT_BASE_URL)
  --article-id <id>[,<id>]  article(s) to check; every per-article check runs on each
                            (env CONTRACT_ARTICLE_IDS; required with --base-url)
  --token <t>               sent as X-API-TOKEN on every request (env CONTRACT_API_TOKEN)
  --read-only               only checks that change nothing: no data writes, no comment
  --junit <file>            also write JUnit XML for CI (fixed checks and --explore)
  --html <file>             also write one self-contained HTML page: a summary per
                            interface section, each failure with the rule it breaks,
                            what came back, a timeline and the curl commands to replay it
  --explore <runs>          run <runs> random sequences of the six operations instead of
                            the fixed checks; a failure is shrunk and printed as curl commands
  --seed <n>                replay a printed seed: the generated values and key names,
                            and the random sequences of --explore
  --duration <time>         random sequences, --concurrency at once on the run's own keys,
                            for this long (90s, 10m, 1h): a live line of rate, latency
                            and violations found every 5 s, then the report
  --no-comments             random sequences never post a comment
  --concurrency <n>         requests sent at once on separate connections in the concurrency
                            checks (default 8, at most 64; 1 turns those checks off)
  --timeout <s>             how long each answer may take (default ${formatSeconds(defaultLimits.timeoutMs)});
                            a target that does not answer in time stops the run (exit 2)
  --max-body <size>         the most of one answer that is read, as 512KB, 16MB or bytes
                            (default ${formatSize(defaultLimits.maxBodyBytes)}); a larger answer stops the run (exit 2)
  --max-in-flight <n>       checks run at once: articles side by side, and on one article
                            the checks that write only keys of their own; also the key
                            writes one check, or the restore of one article, sends at
                            once (default 8, at most 64; 1: one check at a time, and
                            its writes one by one)
  -h, --help                this text
  --version                 the version of site-articles-contract

Without --read-only the run writes data keys named contract_<run id>_..., restores each
article's data as it found it, and posts a few comments per article (it says how many
first), which cannot be undone.

Each failure is saved as a case file (beside --html or --junit, else in a temporary
folder the run names). To send one again and judge it again:
  npm run contract -- replay <case file> --base-url <url> [--token <t>]
exits 0 when the case now holds, 1 when it still fails, 2 for a bad file or setting.`;

/**
 * The command line as the user typed it, for the head of a report, with the value of `--token`
 * replaced by `***`: a report is shared, and the token never leaves the run (as in the curl lines).
 */
export function commandLine(argv = process.argv.slice(2), command = invokedAs(invocation)): string {
  const quoted = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : shellQuote(word));
  const words = argv.map((word, index) =>
    argv[index - 1] === '--token' ? '***' : word.startsWith('--token=') ? '--token=***' : quoted(word),
  );
  return [command, ...words].join(' ');
}

export function readContractOptions(argv: string[], env: NodeJS.ProcessEnv): ContractOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      'article-id': { type: 'string', multiple: true },
      token: { type: 'string' },
      'read-only': { type: 'boolean' },
      junit: { type: 'string' },
      html: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
      explore: { type: 'string' },
      duration: { type: 'string' },
      seed: { type: 'string' },
      'no-comments': { type: 'boolean' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      'max-body': { type: 'string' },
      'max-in-flight': { type: 'string' },
    },
    strict: true,
  });
  const rawBase = values['base-url'] ?? env.CONTRACT_BASE_URL;
  const baseUrl = rawBase ? parseBaseUrl(rawBase) : undefined;
  const rawIds = values['article-id']?.join(',') ?? env.CONTRACT_ARTICLE_IDS;
  if (baseUrl && !rawIds)
    throw new SettingsError(
      '--article-id (or CONTRACT_ARTICLE_IDS) is required with --base-url: name the article(s) the suite may use',
    );
  const token = values.token ?? env.CONTRACT_API_TOKEN;
  return {
    ...(baseUrl ? { baseUrl } : {}),
    articleIds: rawIds ? parseArticleIds(rawIds) : inProcessArticleIds,
    ...(token ? { token } : {}),
    readOnly: values['read-only'] ?? false,
    ...(values.junit ? { junit: values.junit } : {}),
    ...(values.html ? { html: values.html } : {}),
    help: values.help ?? false,
    version: values.version ?? false,
    ...(values.explore === undefined ? {} : { explore: wholeNumber(values.explore, '--explore') }),
    ...(values.seed === undefined ? {} : { seed: wholeNumber(values.seed, '--seed') }),
    ...(values.duration === undefined ? {} : { durationMs: durationOf(values.duration) }),
    noComments: values['no-comments'] ?? false,
    concurrency: values.concurrency === undefined ? defaultConcurrency : concurrencyOf(values.concurrency),
    maxInFlight: values['max-in-flight'] === undefined ? defaultMaxInFlight : maxInFlightOf(values['max-in-flight']),
    limits: {
      timeoutMs: values.timeout === undefined ? defaultLimits.timeoutMs : timeoutOf(values.timeout),
      maxBodyBytes: values['max-body'] === undefined ? defaultLimits.maxBodyBytes : maxBodyOf(values['max-body']),
    },
  };
}

/** `--duration`: seconds, or a number with s, m or h (`90s`, `10m`, `1h`). */
function durationOf(text: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(s|m|h)?$/.exec(text.trim());
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[match?.[2] ?? 's'] ?? 1000;
  const ms = Number(match?.[1]) * unit;
  if (!match || !(ms > 0))
    throw new SettingsError(`--duration must be a time such as 90s, 10m or 1h, not ${JSON.stringify(text)}`);
  return ms;
}

/** An hour per answer is already far past any use; past it a typo is likelier than intent. */
const longestTimeoutSeconds = 3600;

function timeoutOf(text: string): number {
  const seconds = Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || seconds <= 0 || seconds > longestTimeoutSeconds)
    throw new SettingsError(
      `--timeout takes seconds above 0 and up to ${String(longestTimeoutSeconds)}, such as 20 or 2.5, not ${JSON.stringify(text)}`,
    );
  return Math.round(seconds * 1000);
}

function maxBodyOf(text: string): number {
  const bytes = parseSize(text);
  if (bytes === undefined)
    throw new SettingsError(
      `--max-body takes a size such as 512KB, 16MB or a number of bytes, not ${JSON.stringify(text)}`,
    );
  return bytes;
}

/** `--max-in-flight`'s value, bounded; a replayed case file's is held to the same bound. */
export function maxInFlightOf(text: string): number {
  const value = wholeNumber(text, '--max-in-flight');
  if (value < 1 || value > maxConcurrency)
    throw new SettingsError(`--max-in-flight takes 1 to ${String(maxConcurrency)} checks at once, not ${text}`);
  return value;
}

/** `--concurrency`'s value, bounded; a replayed case file's is held to the same bound. */
export function concurrencyOf(text: string): number {
  const value = wholeNumber(text, '--concurrency');
  if (value < 1 || value > maxConcurrency)
    throw new SettingsError(`--concurrency takes 1 to ${String(maxConcurrency)} requests at once, not ${text}`);
  return value;
}

/** Seeds are printed from 0 to 2^31 - 1, so every printed seed is taken back. */
const largestWholeNumber = 2 ** 31 - 1;

function wholeNumber(text: string, option: string): number {
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) > largestWholeNumber)
    throw new SettingsError(
      `${option} takes a whole number from 0 to ${String(largestWholeNumber)}, not ${JSON.stringify(text)}`,
    );
  return Number(text);
}
