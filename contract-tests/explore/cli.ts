/**
 * `npm run contract -- --explore <runs>`: runs the random sequences in this process, prints the
 * seed first (so `--seed` can replay it), a progress line every few seconds, the shrunk failure if
 * any, and how each article's data was restored. An interrupt stops the sequences and still
 * restores; a second abandons.
 */
import { commandLine, type ContractOptions } from '../cli-options';
import { describeRestore, runExitCode } from '../restore';
import type { TargetWatch } from '../http/watch';
import { markerOf, type SeededSettings, type TargetSettings } from '../runner';
import { runUntilRestored, type StopSignal } from '../signals';
import { paintFor } from '../report/colour';
import { finishReports, type ReportFiles } from '../report/files';
import { recordOf, type CheckRecord, type RunSummary } from '../report/record';
import { progressStatus, startHeartbeat } from '../report/progress';
import { runFacts } from '../report/run-facts';
import {
  explore,
  mostPosts,
  runsPerArticle,
  type ArticleExplored,
  type ExploreOptions,
  type ExploreReport,
} from './explore';

/** One record per article explored, for `--junit` and `--html`. */
function recordOfArticle(article: ArticleExplored): CheckRecord {
  const described = {
    section: 'explore',
    heading: 'Random sequences (--explore)',
    id: 'explore',
    title: `${String(article.runs)} random sequence(s) of the six operations, one at a time and at once, each as the interface states`,
    articleId: article.articleId,
  };
  const { failure } = article;
  const record = {
    ...recordOf(described, failure ? 'failed' : 'passed', article.durationMs, failure?.text),
    sequences: article.runs,
  };
  if (!failure) return record;
  const { curls, steps, expected, actual, timeline } = failure;
  return {
    ...record,
    curls,
    steps,
    ...(expected === undefined ? {} : { expected, actual: actual ?? '' }),
    ...(timeline ? { timeline } : {}),
  };
}

function announce(options: ContractOptions, target: TargetSettings, runs: number, seed: number): void {
  console.log(
    `contract: exploring ${String(runs)} random sequence(s) across the article(s), seed ${String(seed)} (replay with --seed ${String(seed)})`,
  );
  if (!options.readOnly)
    console.log(
      `contract: data keys the sequences write start with ${markerOf(target.runId ?? '')}; each sequence removes its own keys when it ends, and the data is restored at the end`,
    );
  if (!options.noComments && !options.readOnly)
    console.log(
      `contract: NOTE: the sequences post at most ${String(mostPosts(runs, target.articleIds.length))} comment(s) in all, on article(s) ${target.articleIds.join(', ')}; the interface cannot delete them (use --no-comments or --read-only to post none)`,
    );
}

/**
 * The sequences, with a progress line every few seconds (`runs 120/500, 14 s`, report/progress.ts);
 * an interrupt or a setting problem stops them, and the data is restored either way.
 */
async function exploreWithProgress(
  options: ContractOptions,
  target: TargetSettings,
  exploring: Omit<ExploreOptions, 'comments' | 'readOnly'>,
  watch: TargetWatch,
): Promise<{ result: ExploreReport; signal?: StopSignal }> {
  const planned = runsPerArticle(exploring.runs, target.articleIds.length) * target.articleIds.length;
  const tally = { runs: 0, shrinking: 0 };
  const startedAt = performance.now();
  const heartbeat = startHeartbeat(() => {
    const shrinking = tally.shrinking > 0 ? `, shrinking a failure (${String(tally.shrinking)} tries)` : '';
    return progressStatus(`runs ${String(tally.runs)}/${String(planned)}${shrinking}`, startedAt, watch);
  });
  try {
    return await runUntilRestored(
      'the sequences',
      markerOf(target.runId ?? ''),
      () => undefined,
      (interrupted) =>
        explore(target, {
          ...exploring,
          comments: !options.noComments && !options.readOnly,
          readOnly: options.readOnly,
          // A setting problem stops the sequences as an interrupt does (its client already sends nothing).
          stopped: () => interrupted() || watch.problem !== undefined,
          onSequence: (shrinking) => {
            tally[shrinking ? 'shrinking' : 'runs'] += 1;
          },
        }),
    );
  } finally {
    heartbeat.stop();
  }
}

export async function runExplore(
  options: ContractOptions,
  target: SeededSettings,
  runs: number,
  watch: TargetWatch,
  files: ReportFiles,
): Promise<number> {
  const { seed } = target;
  announce(options, target, runs, seed);
  const outcome = await exploreWithProgress(options, target, { runs, seed }, watch);
  const report = outcome.result;
  // One the final restore meets is the restore's to report, as any failure of its requests.
  const problem = report.cutShort ? watch.problem : undefined;
  if (problem) {
    // Sequences a setting problem cut short say nothing about the target: no verdict, no report files.
    for (const restore of report.restore) console.log(`contract: ${describeRestore(restore)}`);
    console.error(`contract: ${problem.message}`);
    return runExitCode(outcome.signal, false, report.restore, problem);
  }
  return finishSequences(options, target, { seed, runs, signal: outcome.signal, files }, report);
}

/** The end of a run of sequences: the verdict, the restore, the seed, and the report files. */
export function finishSequences(
  options: ContractOptions,
  target: TargetSettings,
  { seed, runs, signal, files }: { seed: number; runs: number; signal: StopSignal | undefined; files: ReportFiles },
  report: { failure?: string; restore: ExploreReport['restore']; articles: ArticleExplored[] },
): number {
  const paint = paintFor(process.stdout, process.env);
  console.log(
    report.failure
      ? `contract: ${paint('failed', 'FAILED')}\n${report.failure}`
      : `contract: ${String(runs)} sequence(s) ${paint('passed', 'passed')}`,
  );
  for (const restore of report.restore) console.log(`contract: ${describeRestore(restore)}`);
  console.log(`contract: seed ${String(seed)}`);
  const code = runExitCode(signal, report.failure === undefined, report.restore);
  const summary: RunSummary = {
    target: options.baseUrl ?? 'a fresh in-process mock',
    articleIds: target.articleIds,
    mode: 'explore',
    seed,
    restore: report.restore.map(describeRestore),
    records: report.articles.map(recordOfArticle),
    facts: runFacts(commandLine()),
  };
  return finishReports(files, summary, code);
}
