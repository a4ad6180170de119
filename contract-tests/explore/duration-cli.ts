/**
 * `npm run contract -- --duration <time>`: random sequences at `--concurrency` at once until the time
 * is up (duration.ts), a live line every 5 seconds (rate, latency percentiles, violations, heap), then
 * the end report as for any run: the shrunk failure if any, the restore, the seed, the report files.
 */
import type { ContractOptions } from '../cli-options';
import { describeRestore, runExitCode } from '../restore';
import type { ReportFiles } from '../report/files';
import type { TargetWatch } from '../http/watch';
import { markerOf, type TargetSettings } from '../runner';
import { runUntilRestored } from '../signals';
import { finishSequences } from './cli';
import { durationPosts, LoadTally, loadLine, runForDuration } from './duration';

/** Seconds between live lines. */
const lineEveryMs = 5000;

function announce(options: ContractOptions, target: TargetSettings, durationMs: number, seed: number): void {
  console.log(
    `contract: random sequences for ${String(durationMs / 1000)} s, ${String(options.concurrency)} at once, seed ${String(seed)} (replay with --seed ${String(seed)})`,
  );
  console.log(
    `contract: data keys the sequences write start with ${markerOf(target.runId ?? '')}; each sequence removes its own keys when it ends, and the data is restored at the end`,
  );
  if (!options.noComments)
    console.log(
      `contract: NOTE: the sequences post at most ${String(durationPosts)} comment(s) in all, on article(s) ${target.articleIds.join(', ')}; the interface cannot delete them (use --no-comments to post none)`,
    );
}

export async function runDuration(
  options: ContractOptions,
  target: TargetSettings,
  durationMs: number,
  watch: TargetWatch,
  files: ReportFiles,
): Promise<number> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  announce(options, target, durationMs, seed);
  const tally = new LoadTally();
  const startedAt = performance.now();
  let counted = { at: startedAt, requests: 0 };
  const live = setInterval(() => {
    const now = performance.now();
    const rate = ((tally.requests - counted.requests) * 1000) / Math.max(1, now - counted.at);
    counted = { at: now, requests: tally.requests };
    console.log(loadLine(tally, now - startedAt, rate));
  }, lineEveryMs);
  let outcome;
  try {
    outcome = await runUntilRestored(
      'the sequences',
      markerOf(target.runId ?? ''),
      () => undefined,
      (interrupted) =>
        runForDuration(target, {
          durationMs,
          concurrency: options.concurrency,
          seed,
          comments: !options.noComments,
          stopped: () => interrupted() || watch.problem !== undefined,
          tally,
        }),
    );
  } finally {
    clearInterval(live);
  }
  const report = outcome.result;
  const problem = report.cutShort ? watch.problem : undefined;
  for (const restore of report.restore) if (problem) console.log(`contract: ${describeRestore(restore)}`);
  if (problem) {
    console.error(`contract: ${problem.message}`);
    return runExitCode(outcome.signal, false, report.restore, problem);
  }
  console.log(
    loadLine(tally, performance.now() - startedAt, (tally.requests * 1000) / (performance.now() - startedAt)),
  );
  return finishSequences(
    options,
    target,
    { seed, runs: tally.sequences, signal: outcome.signal, files },
    { ...(report.failure ? { failure: report.failure.text } : {}), restore: report.restore, articles: report.articles },
  );
}
