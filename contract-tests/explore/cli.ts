/**
 * `npm run contract -- --explore <runs>`: runs the random sequences in this process, prints the
 * seed first (so `--seed` can replay it), the shrunk failure if any, and how each article's data
 * was restored. An interrupt stops the sequences and still restores; a second abandons.
 */
import type { ContractOptions } from '../cli-options';
import { describeRestore, runExitCode } from '../restore';
import type { TargetWatch } from '../http/watch';
import { markerOf, type TargetSettings } from '../runner';
import { runUntilRestored } from '../signals';
import { paintFor } from '../report/colour';
import { finishReports, type ReportFiles } from '../report/files';
import { recordOf, type CheckRecord, type RunSummary } from '../report/record';
import { explore, type ArticleExplored } from './explore';

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
  const record = recordOf(described, failure ? 'failed' : 'passed', article.durationMs, failure?.text);
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

export async function runExplore(
  options: ContractOptions,
  target: TargetSettings,
  runs: number,
  watch: TargetWatch,
  files: ReportFiles,
): Promise<number> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const comments = !options.noComments && !options.readOnly;
  console.log(
    `contract: exploring ${String(runs)} random sequence(s) across the article(s), seed ${String(seed)} (replay with --seed ${String(seed)})`,
  );
  if (!options.readOnly)
    console.log(
      `contract: data keys the sequences write start with ${markerOf(target.runId ?? '')}; the data is restored before every sequence and at the end`,
    );
  if (comments)
    console.log(
      'contract: NOTE: sequences post comments, which the interface cannot delete (use --no-comments or --read-only to avoid it)',
    );
  const outcome = await runUntilRestored(
    'the sequences',
    markerOf(target.runId ?? ''),
    () => undefined,
    (interrupted) =>
      explore(target, {
        runs,
        seed,
        comments,
        readOnly: options.readOnly,
        // A setting problem stops the sequences as an interrupt does (its client already sends nothing).
        stopped: () => interrupted() || watch.problem !== undefined,
      }),
  );
  const report = outcome.result;
  // One the final restore meets is the restore's to report, as any failure of its requests.
  const problem = report.cutShort ? watch.problem : undefined;
  if (problem) {
    // Sequences a setting problem cut short say nothing about the target: no verdict, no report files.
    for (const restore of report.restore) console.log(`contract: ${describeRestore(restore)}`);
    console.error(`contract: ${problem.message}`);
    return runExitCode(outcome.signal, false, report.restore, problem);
  }
  const paint = paintFor(process.stdout, process.env);
  console.log(
    report.failure
      ? `contract: ${paint('failed', 'FAILED')}\n${report.failure}`
      : `contract: ${String(runs)} sequence(s) ${paint('passed', 'passed')}`,
  );
  for (const restore of report.restore) console.log(`contract: ${describeRestore(restore)}`);
  console.log(`contract: seed ${String(seed)}`);
  const code = runExitCode(outcome.signal, report.failure === undefined, report.restore);
  const summary: RunSummary = {
    target: options.baseUrl ?? 'a fresh in-process mock',
    articleIds: target.articleIds,
    mode: 'explore',
    seed,
    restore: report.restore.map(describeRestore),
    records: report.articles.map(recordOfArticle),
  };
  return finishReports(files, summary, code);
}
