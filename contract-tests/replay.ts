/**
 * `articles-contract replay <case file> --base-url <url>`: sends a saved failure's requests again and
 * judges them again. The case file (report/case-file.ts) names the check, the article, the check's
 * place in its run and the run's id, seed and settings, so the check sends the same requests (the
 * same key names and values) and judges them by its own judgement, alone, then the article's data is
 * restored as after any run. Exit 0 when the case now holds, 1 when it still fails, 2 with one line
 * for a case file or a setting that is wrong.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { allChecks, type Check } from './checks';
import { concurrencyOf, maxInFlightOf } from './cli-options';
import { TargetWatch } from './http/watch';
import { preflight } from './preflight';
import { failureLines } from './report/failure-text';
import { recordOfResult } from './report/record';
import { caseFormat, caseVersion, type CaseFile } from './report/case-file';
import { describeRestore, runExitCode, type RestoreReport } from './restore';
import { Session, type CheckResult, type TargetSettings } from './runner';
import { parseBaseUrl, SettingsError } from './settings';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** What of a case file the replay uses, each part checked: any other part is for the reader. */
function replayable(parsed: unknown, file: string): { saved: CaseFile; check: Check } {
  const bad = (what: string): SettingsError => new SettingsError(`${file} is not a usable case file: ${what}`);
  if (!isRecord(parsed) || parsed.format !== caseFormat) throw bad(`its "format" is not "${caseFormat}"`);
  if (parsed.version !== caseVersion)
    throw bad(`version ${String(parsed.version)}; this suite reads version ${String(caseVersion)}`);
  const { check, run } = parsed;
  const found = isRecord(check) ? allChecks.find((one) => one.id === check.id) : undefined;
  if (!found) throw bad(`it names no check of this suite (${isRecord(check) ? String(check.id) : 'none'})`);
  if (!isCount(parsed.articleId) || typeof parsed.lane !== 'string') throw bad('"articleId" or "lane" is missing');
  if (
    !isRecord(run) ||
    typeof run.runId !== 'string' ||
    !isCount(run.seed) ||
    !Array.isArray(run.articleIds) ||
    !run.articleIds.every(isCount) ||
    !isCount(run.concurrency) ||
    !isCount(run.maxInFlight)
  )
    throw bad('"run" lacks the run id, seed, article ids, concurrency or max in flight');
  if (!run.articleIds.includes(parsed.articleId))
    throw bad(`its article ${String(parsed.articleId)} is not among the run's "articleIds"`);
  try {
    concurrencyOf(String(run.concurrency));
    maxInFlightOf(String(run.maxInFlight));
  } catch (error) {
    if (error instanceof SettingsError) throw bad(`its run's ${error.message}`);
    throw error;
  }
  return { saved: parsed as unknown as CaseFile, check: found };
}

/** The case file named on the command line, read and checked. */
export function readCaseFile(file: string): { saved: CaseFile; check: Check } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? String(error));
    throw new SettingsError(`cannot read the case file ${file}: ${why}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SettingsError(`${file} is not a usable case file: it is not JSON`);
  }
  return replayable(parsed, file);
}

interface ReplayOptions {
  file: string;
  baseUrl: string;
  token?: string;
}

export function readReplayOptions(args: string[], env: NodeJS.ProcessEnv): ReplayOptions {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'base-url': { type: 'string' }, token: { type: 'string' } },
  });
  const [file, ...more] = positionals;
  if (file === undefined || more.length > 0)
    throw new SettingsError('replay takes one case file: articles-contract replay <case file> --base-url <url>');
  const given = values['base-url'] ?? env.CONTRACT_BASE_URL;
  if (given === undefined) throw new SettingsError('replay needs the target: give --base-url (or CONTRACT_BASE_URL)');
  const baseUrl = parseBaseUrl(given);
  const token = values.token ?? env.CONTRACT_API_TOKEN;
  return { file, baseUrl, ...(token ? { token } : {}) };
}

/** Runs the saved case's check alone on its article, with its run's settings, then restores; the exit code. */
async function replayCase(options: ReplayOptions, saved: CaseFile, check: Check): Promise<number> {
  const target: TargetSettings = {
    baseUrl: options.baseUrl,
    articleIds: saved.run.articleIds,
    seed: saved.run.seed,
    runId: saved.run.runId,
    concurrency: saved.run.concurrency,
    maxInFlight: saved.run.maxInFlight,
    ...(options.token ? { token: options.token } : {}),
    http: { watch: new TargetWatch() },
  };
  const problem = await preflight(target);
  if (problem) throw new SettingsError(problem);
  console.log(`contract: replaying ${check.id} on article ${String(saved.articleId)} of ${options.baseUrl}`);
  const session = await Session.open(target);
  let result: CheckResult;
  let restore: RestoreReport[];
  try {
    result = await session.run(check, saved.articleId, saved.lane);
  } finally {
    restore = await session.close();
    for (const report of restore) console.log(`contract: ${describeRestore(report)}`);
  }
  // An answer that proves a setting wrong says nothing of the case: one line, exit 2.
  const settingProblem = target.http?.watch?.problem;
  if (settingProblem) throw new SettingsError(settingProblem.message);
  return verdict(result, runExitCode(undefined, result.outcome !== 'failed', restore));
}

function verdict(result: CheckResult, code: number): number {
  const record = recordOfResult(result);
  if (record.outcome === 'failed') {
    console.log(`\n${record.heading} > ${record.title} (article ${String(record.articleId)})`);
    // Every curl command: a replay's failure is not kept in a file.
    const lines = [...failureLines({ ...record, curls: [] }), 'reproduce:', ...record.curls.map((curl) => `  ${curl}`)];
    console.log(lines.map((line) => `    ${line}`).join('\n'));
    console.log('\ncontract: the case still fails');
  } else console.log(`contract: the case holds now: ${record.title} (article ${String(record.articleId)})`);
  return code;
}

/** `articles-contract replay ...`: the exit code; a wrong file or setting is one line on stderr and 2. */
export async function runReplay(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const options = readReplayOptions(args, env);
    const { saved, check } = readCaseFile(options.file);
    return await replayCase(options, saved, check);
  } catch (error) {
    const known =
      error instanceof SettingsError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (!known) throw error;
    console.error(`contract: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
