/**
 * `npm run contract`: checks a deployment (or a fresh in-process mock) against the interface.
 * It reads its options, makes sure the target answers at all and the settings fit it
 * (preflight.ts), then runs the fixed checks (checks-cli.ts) or the random sequences
 * (explore/cli.ts) in this process: no jest, the command brings no test runner.
 */
import { helpHint, invokedAs, packageVersion } from 'site-articles-schemas/command-line';
import { runChecksCli } from './checks-cli';
import { invocation, readContractOptions, usage, type ContractOptions } from './cli-options';
import { TargetWatch } from './http/watch';
import { MockNotInstalled, startInProcessMock, type RunningTarget } from './in-process';
import { newRunId, seedOf, type SeededSettings, type TargetSettings } from './runner';
import { SettingsError } from './settings';
import { preflight } from './preflight';
import { runExplore } from './explore/cli';
import { runDuration } from './explore/duration-cli';
import { runReplay } from './replay';
import { checkReportFiles, type ReportFiles } from './report/files';
import { progressStatus, startHeartbeat } from './report/progress';

/** The reads before the run, with the progress line a silent target gets after a few seconds, as the checks do. */
async function preflightWithProgress(target: TargetSettings, watch: TargetWatch): Promise<string | undefined> {
  const startedAt = performance.now();
  const heartbeat = startHeartbeat(() =>
    progressStatus(`reading article(s) ${target.articleIds.join(', ')} before the run`, startedAt, watch),
  );
  try {
    return await preflight(target);
  } finally {
    heartbeat.stop();
  }
}

async function run(options: ContractOptions): Promise<number> {
  let mock: RunningTarget | undefined;
  const files: ReportFiles = {
    ...(options.junit ? { junit: options.junit } : {}),
    ...(options.html ? { html: options.html } : {}),
  };
  try {
    checkReportFiles(files);
  } catch (error) {
    console.error(`contract: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  try {
    if (!options.baseUrl) mock = await startInProcessMock(options.token ? { token: options.token } : {});
    const watch = new TargetWatch();
    const target: SeededSettings = {
      baseUrl: options.baseUrl ?? mock?.baseUrl ?? '',
      articleIds: options.articleIds,
      readOnly: options.readOnly,
      concurrency: options.concurrency,
      maxInFlight: options.maxInFlight,
      seed: seedOf(options.seed),
      runId: newRunId(),
      ...(options.token ? { token: options.token } : {}),
      http: { ...options.limits, watch },
    };
    const problem = await preflightWithProgress(target, watch);
    if (problem) {
      console.error(`contract: ${problem}`);
      return 2;
    }
    if (options.explore !== undefined) return await runExplore(options, target, options.explore, watch, files);
    if (options.durationMs !== undefined) return await runDuration(options, target, options.durationMs, watch, files);
    return await runChecksCli(options, target, watch, files);
  } catch (error) {
    if (!(error instanceof MockNotInstalled)) throw error;
    console.error(`contract: ${error.message}`);
    return 2;
  } finally {
    await mock?.close();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'replay') return runReplay(rest, process.env);
  let options: ContractOptions;
  try {
    options = readContractOptions(process.argv.slice(2), process.env);
  } catch (error) {
    const known =
      error instanceof SettingsError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    const hint = known ? `\ncontract: ${helpHint(invokedAs(invocation))}` : '';
    console.error(`contract: ${error instanceof Error ? error.message : String(error)}${hint}`);
    return 2;
  }
  if (options.help || options.version) {
    console.log(options.help ? usage() : packageVersion(__dirname));
    return 0;
  }
  return run(options);
}

void main().then((code) => {
  process.exitCode = code;
});
