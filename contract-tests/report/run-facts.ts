/**
 * What a report says of the run itself, beside its records: when it started, how long it took by the
 * clock (checks run side by side, so never the sum of their times), the suite's version, the command
 * as typed (the token's value left out), and a count of what ran: checks, or with `--explore` the
 * random sequences, which a record per article would otherwise hide.
 */
import { packageVersion } from 'site-articles-schemas/command-line';
import { countOutcomes, type RunSummary } from './record';

export interface RunFacts {
  /** When the command started, as ISO 8601 in UTC. */
  startedAt: string;
  /** Wall time from the command's start to its reports, in ms. */
  durationMs: number;
  /** The version of site-articles-contract. */
  version: string;
  /** The command line, its token replaced by `***`. */
  commandLine: string;
}

/** The facts of the run of this process, as its reports are written: `performance.now()` counts from its start. */
export const runFacts = (commandLine: string): RunFacts => ({
  startedAt: new Date(performance.timeOrigin).toISOString(),
  durationMs: performance.now(),
  version: packageVersion(__dirname),
  commandLine,
});

/** `12.3 s`, or `2 min 5 s` past a minute. */
export function describeDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${String(Math.floor(seconds / 60))} min ${String(Math.round(seconds % 60))} s`;
}

/** How many random sequences ran, all articles together; undefined for the fixed checks. */
export const sequencesRun = (run: RunSummary): number | undefined =>
  run.mode === 'explore' ? run.records.reduce((sum, record) => sum + (record.sequences ?? 0), 0) : undefined;

/**
 * What ran and how it went: `61 checks: 60 passed, 1 failed, 0 not applicable`, or with `--explore`
 * `200 random sequences: 199 passed, 1 failed` (an article's sequences stop at its first failure).
 */
export function whatRan(run: RunSummary): string {
  const counts = countOutcomes(run.records);
  const sequences = sequencesRun(run);
  if (sequences !== undefined)
    return `${String(sequences)} random ${sequences === 1 ? 'sequence' : 'sequences'} on ${String(run.records.length)} article(s): ${String(sequences - counts.failed)} passed, ${String(counts.failed)} failed`;
  const checks = run.records.length === 1 ? 'check' : 'checks';
  return `${String(run.records.length)} ${checks}: ${String(counts.passed)} passed, ${String(counts.failed)} failed, ${String(counts['not applicable'])} not applicable`;
}
