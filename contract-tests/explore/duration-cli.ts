/**
 * `npm run contract -- --duration <time>`: random sequences at `--concurrency` at once until the time
 * is up (duration.ts), a live line every 5 seconds (rate, latency percentiles, violations, heap), then
 * the end report as for any run: the shrunk failure if any, the restore, the seed, the report files.
 */
import type { ContractOptions } from '../cli-options';
import type { ReportFiles } from '../report/files';
import type { TargetWatch } from '../http/watch';
import { markerOf, type SeededSettings, type TargetSettings } from '../runner';
import { driveRun, endCutShort } from '../drive';
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
  target: SeededSettings,
  durationMs: number,
  watch: TargetWatch,
  files: ReportFiles,
): Promise<number> {
  const { seed } = target;
  announce(options, target, durationMs, seed);
  const tally = new LoadTally();
  const startedAt = performance.now();
  let counted = { at: startedAt, requests: 0 };
  const driven = await driveRun(
    {
      what: 'the sequences',
      marker: markerOf(target.runId ?? ''),
      // The live line: every few seconds, as the run prints nothing else while it goes.
      progressEveryMs: lineEveryMs,
      progress: () => {
        const now = performance.now();
        const rate = ((tally.requests - counted.requests) * 1000) / Math.max(1, now - counted.at);
        counted = { at: now, requests: tally.requests };
        return loadLine(tally, now - startedAt, rate);
      },
      work: (stopped) =>
        runForDuration(target, {
          durationMs,
          concurrency: options.concurrency,
          seed,
          comments: !options.noComments,
          stopped,
          tally,
        }),
      cutShortBy: (report, { problem }) => (report.cutShort ? problem : undefined),
    },
    watch,
  );
  if (driven.problem) return endCutShort({ ...driven, problem: driven.problem });
  const report = driven.result;
  const elapsedMs = performance.now() - startedAt;
  console.log(`contract: ${loadLine(tally, elapsedMs, (tally.requests * 1000) / elapsedMs)}`);
  return finishSequences(
    options,
    target,
    { seed, runs: tally.sequences, signal: driven.signal, files },
    {
      ...(report.failure ? { failure: report.failure.text } : {}),
      restore: report.restore,
      articles: report.articles,
    },
  );
}
