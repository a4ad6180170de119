/**
 * `npm run contract`: checks a deployment (or a fresh in-process mock) against the interface.
 * It makes sure the target answers at all, says what the run will change, snapshots each
 * article's data, runs the checks in this process (no jest: the command brings no test runner),
 * and restores the data afterwards, also after an interrupt.
 */
import { packageVersion } from 'site-articles-schemas/command-line';
import { readContractOptions, usage, type ContractOptions } from './cli-options';
import { describeNetworkError } from './http/client';
import { MockNotInstalled, startInProcessMock, type RunningTarget } from './in-process';
import { describeRestore, runExitCode } from './restore';
import { markerOf, newRunId, runOnSession, Session, type TargetSettings } from './runner';
import { SettingsError } from './settings';
import { runUntilRestored } from './signals';
import { existingReservedKey, pathOf } from './checks/steps';
import { runExplore } from './explore/cli';
import { maxBurstPosts } from './checks/concurrency';
import { allChecks } from './checks';
import { progressLine, summaryText } from './report/console';
import { checkReportFiles, finishReports, type ReportFiles } from './report/files';
import { recordOfResult, wholeRunRecord, type CheckRecord, type RunSummary } from './report/record';

/**
 * One clear sentence when the run cannot start: nothing answers at the base address, or an article
 * it names is not there (4.1 answers 200 for an article the target has); undefined when each is read.
 */
async function unreachable(target: TargetSettings): Promise<string | undefined> {
  for (const articleId of target.articleIds) {
    const url = `${target.baseUrl}${pathOf('readArticle', articleId)}`;
    let status: number;
    try {
      const answer = await fetch(url, {
        headers: target.token ? { 'X-API-TOKEN': target.token } : {},
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      await answer.arrayBuffer();
      status = answer.status;
    } catch (error) {
      return `cannot reach the target at ${target.baseUrl} (GET ${url}: ${describeNetworkError(error)}); is it running, and is --base-url right?`;
    }
    if (status !== 200)
      return `article ${String(articleId)} cannot be read: GET ${url} answered ${String(status)}, not 200; name articles the target has with --article-id`;
  }
  return undefined;
}

function announce(options: ContractOptions, target: TargetSettings): void {
  const ids = target.articleIds.join(', ');
  console.log(
    `contract: checking ${options.baseUrl ?? `a fresh in-process mock (${target.baseUrl})`}, article(s) ${ids}`,
  );
  if (options.readOnly) {
    console.log('contract: read-only run: no data is written and no comment is posted');
    return;
  }
  console.log(
    `contract: data keys the run writes start with ${markerOf(target.runId ?? '')}; each article's data is restored as found at the end`,
  );
  const burstPosts = options.concurrency > 1 ? Math.min(maxBurstPosts, options.concurrency) : 0;
  console.log(
    `contract: NOTE: the run posts ${String(1 + burstPosts)} comment(s) on each of article(s) ${ids}; the interface cannot delete comments, so this cannot be undone (use --read-only to skip it)`,
  );
  console.log(
    `contract: generated data values and key names use seed ${String(target.seed)} (replay with --seed ${String(target.seed)})`,
  );
  console.log(
    options.concurrency > 1
      ? `contract: the concurrency checks send ${String(options.concurrency)} requests at once per article, each on its own connection (--concurrency 1 turns them off)`
      : 'contract: the concurrency checks are off (--concurrency 1)',
  );
  console.log(
    "contract: NOTE: the reserved-key checks try to change and remove each article's own svc_ data keys and expect the target to refuse; a broken target may let that through, and the suite then tries to put the old value back, which the interface may not allow (use --read-only to skip them)",
  );
}

function notes(session: Session, ids: number[]): void {
  for (const id of ids) {
    const problem = session.snapshotProblem(id);
    if (problem)
      console.log(`contract: article ${id}: ${problem.split('\n')[0] ?? ''}; its data-changing checks will fail unrun`);
    const data = session.startData(id);
    if (data && existingReservedKey(data) === undefined)
      console.log(
        `contract: article ${id} has no svc_ key of its own, so the checks that one stays unchanged do not apply to it`,
      );
  }
}

/**
 * The fixed checks, run in this process one at a time, each printed as it finishes; then the data
 * restored (also after an interrupt) and the run as a whole judged; the report files from the records.
 */
async function runChecksCli(options: ContractOptions, target: TargetSettings, files: ReportFiles): Promise<number> {
  announce(options, target);
  const session = await Session.open(target);
  notes(session, target.articleIds);
  const records: CheckRecord[] = [];
  const print = (record: CheckRecord): void => {
    process.stdout.write(progressLine(record, records.at(-1)));
    records.push(record);
  };
  const outcome = await runUntilRestored(
    'the checks',
    session.marker,
    () => {
      session.stop();
    },
    async (stopped) => {
      await runOnSession(session, target.articleIds, allChecks, {
        stopped,
        onResult: (result) => {
          print(recordOfResult(result));
        },
      });
      // Judged only after a whole run; a signal during the restore still leaves it judged.
      const ranEveryCheck = !stopped();
      const started = performance.now();
      const restore = await session.close();
      if (!session.readOnly && ranEveryCheck) print(wholeRunRecord(restore, performance.now() - started));
      return restore;
    },
  );
  process.stdout.write(summaryText(records));
  const restored = outcome.result.map(describeRestore);
  for (const line of restored) console.log(`contract: ${line}`);
  const passed = records.every((record) => record.outcome !== 'failed');
  const code = runExitCode(outcome.signal, passed, outcome.result);
  const summary: RunSummary = {
    target: options.baseUrl ?? 'a fresh in-process mock',
    articleIds: target.articleIds,
    mode: 'checks',
    seed: target.seed ?? 0,
    restore: restored,
    records,
  };
  return finishReports(files, summary, code);
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
    const target: TargetSettings = {
      baseUrl: options.baseUrl ?? mock?.baseUrl ?? '',
      articleIds: options.articleIds,
      readOnly: options.readOnly,
      concurrency: options.concurrency,
      maxInFlight: options.maxInFlight,
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
      runId: newRunId(),
      ...(options.token ? { token: options.token } : {}),
    };
    const problem = await unreachable(target);
    if (problem) {
      console.error(`contract: ${problem}`);
      return 2;
    }
    if (options.explore !== undefined) return await runExplore(options, target, options.explore, files);
    return await runChecksCli(options, target, files);
  } catch (error) {
    if (!(error instanceof MockNotInstalled)) throw error;
    console.error(`contract: ${error.message}`);
    return 2;
  } finally {
    await mock?.close();
  }
}

async function main(): Promise<number> {
  let options: ContractOptions;
  try {
    options = readContractOptions(process.argv.slice(2), process.env);
  } catch (error) {
    const known =
      error instanceof SettingsError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    console.error(
      `contract: ${error instanceof Error ? error.message : String(error)}${known ? `\n\n${usage()}` : ''}`,
    );
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
