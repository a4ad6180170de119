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
import type { StopSignal } from '../signals';
import { driveRun, endCutShort } from '../drive';
import { paintFor } from '../report/colour';
import { finishReports, type ReportFiles } from '../report/files';
import { recordOf, type CheckRecord, type RunSummary } from '../report/record';
import { progressStatus } from '../report/progress';
import { runFacts } from '../report/run-facts';
import { explore, mostPosts, runsPerArticle, type ArticleExplored, type ExploreReport } from './explore';

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

export async function runExplore(
  options: ContractOptions,
  target: SeededSettings,
  runs: number,
  watch: TargetWatch,
  files: ReportFiles,
): Promise<number> {
  const { seed } = target;
  announce(options, target, runs, seed);
  const planned = runsPerArticle(runs, target.articleIds.length) * target.articleIds.length;
  const tally = { runs: 0, shrinking: 0 };
  const startedAt = performance.now();
  const driven = await driveRun(
    {
      what: 'the sequences',
      marker: markerOf(target.runId ?? ''),
      progress: () => {
        const shrinking = tally.shrinking > 0 ? `, shrinking a failure (${String(tally.shrinking)} tries)` : '';
        return progressStatus(`runs ${String(tally.runs)}/${String(planned)}${shrinking}`, startedAt, watch);
      },
      work: (stopped) =>
        explore(target, {
          runs,
          seed,
          comments: !options.noComments && !options.readOnly,
          readOnly: options.readOnly,
          stopped,
          onSequence: (shrinking) => {
            tally[shrinking ? 'shrinking' : 'runs'] += 1;
          },
        }),
      cutShortBy: (report, { problem }) => (report.cutShort ? problem : undefined),
    },
    watch,
  );
  if (driven.problem) return endCutShort({ ...driven, problem: driven.problem });
  return finishSequences(options, target, { seed, runs, signal: driven.signal, files }, driven.result);
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
