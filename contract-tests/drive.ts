/**
 * The one way a run of `npm run contract` goes, whatever it runs (the fixed checks, `--explore`,
 * `--duration`): a progress line while it runs, the stop signals held so that the articles' data is
 * restored (signals.ts), a setting problem stopping the work as an interrupt does, and at the end
 * either the verdict or, for a run a setting problem cut short, the restore and the problem alone.
 */
import type { TargetWatch } from './http/watch';
import type { TargetProblem } from './http/target-problem';
import { describeRestore, runExitCode, type RestoreReport } from './restore';
import { runUntilRestored, type StopSignal } from './signals';
import { startHeartbeat, type Heartbeat } from './report/progress';

/** What a mode's work leaves: each article's restore, and whatever else the mode reports. */
export interface Restored {
  restore: RestoreReport[];
}

export interface RunMode<T extends Restored> {
  /** What stops on an interrupt, as the warning names it: "the checks", "the sequences". */
  what: string;
  /** The prefix of the run's keys, named when a second interrupt abandons the restore. */
  marker: string;
  /** The progress line's text after `contract: `, asked for after a few seconds without a line of the run's own. */
  progress: () => string;
  /** Seconds between progress lines, when not report/progress.ts's default. */
  progressEveryMs?: number;
  /** Called on the first interrupt, before the work sees `stopped()`. */
  onStop?: () => void;
  /** The run itself, the restore included; it stops starting new work once `stopped()` says so. */
  work: (stopped: () => boolean, heartbeat: Heartbeat) => Promise<T>;
  /**
   * The setting problem (a refused token, a wrong address) that cut the work short, if one did; one
   * met only by the restore is the restore's to report.
   */
  cutShortBy: (result: T, watch: TargetWatch) => TargetProblem | undefined;
}

export interface Driven<T> {
  result: T;
  signal?: StopSignal;
  problem?: TargetProblem;
}

export async function driveRun<T extends Restored>(mode: RunMode<T>, watch: TargetWatch): Promise<Driven<T>> {
  const heartbeat = startHeartbeat(mode.progress, mode.progressEveryMs);
  try {
    const outcome = await runUntilRestored(
      mode.what,
      mode.marker,
      () => mode.onStop?.(),
      (interrupted) => mode.work(() => interrupted() || watch.problem !== undefined, heartbeat),
    );
    const problem = mode.cutShortBy(outcome.result, watch);
    return problem ? { ...outcome, problem } : outcome;
  } finally {
    heartbeat.stop();
  }
}

/**
 * The end of a run a setting problem cut short: it says nothing about the target, so there is no
 * verdict and no report file, only how each article was restored and the problem (exit 2, or the
 * signal's code after an interrupt).
 */
export function endCutShort({ result, signal, problem }: Driven<Restored> & { problem: TargetProblem }): number {
  for (const restore of result.restore) console.log(`contract: ${describeRestore(restore)}`);
  console.error(`contract: ${problem.message}`);
  return runExitCode(signal, false, result.restore, problem);
}
