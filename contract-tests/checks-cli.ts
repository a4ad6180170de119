/**
 * The fixed checks of `npm run contract`: says what the run will change, snapshots each article's
 * data, runs the checks in this process, each printed as it finishes, and restores the data
 * afterwards, also after an interrupt or a setting problem; then the summary and the report files.
 * A check that takes long gets a progress line every few seconds (report/progress.ts).
 */
import { commandLine, type ContractOptions } from './cli-options';
import type { TargetWatch } from './http/watch';
import type { TargetProblem } from './http/target-problem';
import { describeRestore, runExitCode, type RestoreReport } from './restore';
import { markerOf, planOf, runOnSession, Session, type SeededSettings, type TargetSettings } from './runner';
import { driveRun, endCutShort } from './drive';
import { existingReservedKey } from './checks/steps';
import { burstPostsPerArticle } from './checks/concurrency';
import { allChecks } from './checks';
import { paintFor } from './report/colour';
import { progressLine, summaryText } from './report/console';
import { describeMeetings } from './report/meetings';
import type { MeetingTally } from './concurrent/meetings';
import { progressStatus } from './report/progress';
import { finishReports, type ReportFiles } from './report/files';
import { caseFolder, nameCaseFiles } from './report/case-file';
import { runFacts } from './report/run-facts';
import { accountStatedRules, statedRulesText } from './report/stated-rules';
import { recordOfResult, wholeRunRecord, type CheckRecord, type RunSummary } from './report/record';

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
  const burstPosts = burstPostsPerArticle(options.concurrency, target.articleIds.length);
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

/** What the checks left: each article's restore, and the setting problem that stopped them, if one did. */
interface Checked {
  restore: RestoreReport[];
  problem?: TargetProblem;
  meetings: MeetingTally;
}

/** Runs every check of the plan, printing each, until the end, an interrupt or a setting problem; then restores. */
async function checkThenRestore(
  session: Session,
  target: TargetSettings,
  watch: TargetWatch,
  { stopped, print }: { stopped: () => boolean; print: (record: CheckRecord) => void },
): Promise<Checked> {
  notes(session, target.articleIds);
  await runOnSession(session, target.articleIds, allChecks, {
    stopped,
    onResult: (result) => {
      print(recordOfResult(result));
    },
  });
  // Judged only after a whole run; a signal during the restore still leaves it judged.
  const ranEveryCheck = !stopped();
  // One the restore meets is the restore's to report, as any failure of its requests.
  const problem = watch.problem;
  const started = performance.now();
  const restore = await session.close();
  if (!session.readOnly && ranEveryCheck) print(wholeRunRecord(restore, performance.now() - started));
  return { restore, meetings: session.meetings, ...(problem ? { problem } : {}) };
}

/**
 * The fixed checks, run in this process, each printed as it finishes, with a progress line after a
 * few seconds without one (report/progress.ts); then the data restored (also after an interrupt)
 * and the run as a whole judged; the summary and the report files from the records.
 */
export async function runChecksCli(
  options: ContractOptions,
  target: SeededSettings,
  watch: TargetWatch,
  files: ReportFiles,
): Promise<number> {
  announce(options, target);
  const records: CheckRecord[] = [];
  const planned = `/${String(planOf(allChecks, target.articleIds, options.readOnly).length)}`;
  const startedAt = performance.now();
  const paint = paintFor(process.stdout, process.env);
  let session: Session | undefined;
  const driven = await driveRun(
    {
      what: 'the checks',
      marker: markerOf(target.runId ?? ''),
      progress: () => progressStatus(`checks ${String(records.length)}${planned}`, startedAt, watch),
      onStop: () => {
        session?.stop();
      },
      work: async (stopped, heartbeat) => {
        session = await Session.open(target);
        return checkThenRestore(session, target, watch, {
          stopped,
          print: (record) => {
            heartbeat.printed();
            process.stdout.write(progressLine(record, records.at(-1), paint));
            records.push(record);
          },
        });
      },
      cutShortBy: (checked) => checked.problem,
    },
    watch,
  );
  if (driven.problem) return endCutShort({ ...driven, problem: driven.problem });
  const { restore } = driven.result;
  // Each failure names its case file in the summary; the files are written with the reports.
  const named = nameCaseFiles(records, caseFolder(files, target.runId ?? ''));
  const statedRules = accountStatedRules(records, { readOnly: options.readOnly });
  process.stdout.write(`${summaryText(named, paint)}${statedRulesText(statedRules, paint)}`);
  if (options.concurrency > 1 && !options.readOnly) console.log(describeMeetings(driven.result.meetings));
  const restored = restore.map(describeRestore);
  for (const line of restored) console.log(`contract: ${line}`);
  const passed = records.every((record) => record.outcome !== 'failed');
  const code = runExitCode(driven.signal, passed, restore);
  const summary: RunSummary = {
    target: options.baseUrl ?? 'a fresh in-process mock',
    articleIds: target.articleIds,
    mode: 'checks',
    seed: target.seed,
    restore: restored,
    records: named,
    replay: {
      runId: target.runId ?? '',
      seed: target.seed,
      articleIds: target.articleIds,
      concurrency: options.concurrency,
      maxInFlight: options.maxInFlight,
    },
    facts: runFacts(commandLine()),
    statedRules,
  };
  return finishReports(files, summary, code);
}
