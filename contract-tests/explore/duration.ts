/**
 * `--duration <time>`: random sequences of the six operations (interface section 4), `--concurrency`
 * of them at once on the run's own keys, started one after another until the time is up, each judged
 * as `--explore` judges it (side-by-side.ts). A sequence is judged step by step as it goes and
 * forgotten once it passes, and each ends at a moment when none of its requests is in flight, so the
 * history is judged in pieces and memory stays flat however long the run. The first failure stops
 * new sequences, and is shrunk and replayable by seed as in `--explore`.
 */
import { Session, type TargetSettings } from '../runner';
import type { RestoreReport } from '../restore';
import type { RequestSpec, Exchange } from '../http/client';
import { PostBudget } from './commands';
import { runSequence, type ArticleExplored, type ExploreFailure } from './explore';
import { allWorkers, removed, sequenceRun, withFailedRemovals, type FailedRemoval } from './side-by-side';

/** Posts cannot be undone: the most a run of any length posts, all articles together. */
export const durationPosts = 100;

/** The latencies kept for the percentiles: the most recent, so memory is bounded however long the run. */
const kept = 4096;

/** Requests answered, and the latencies of the latest, for the live line. */
export class LoadTally {
  requests = 0;
  sequences = 0;
  violations = 0;
  private readonly latencies: number[] = [];
  private next = 0;

  record(ms: number): void {
    this.requests += 1;
    if (this.latencies.length < kept) this.latencies.push(ms);
    else this.latencies[this.next] = ms;
    this.next = (this.next + 1) % kept;
  }

  /** The p-th percentile (0 to 100) of the latest latencies, in ms. */
  percentile(p: number): number {
    const sorted = [...this.latencies].sort((left, right) => left - right);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  }
}

/** The live line: rate since the last line, latency percentiles, sequences and violations so far, heap. */
export function loadLine(tally: LoadTally, elapsedMs: number, rate: number): string {
  const ms = (p: number): string => `${tally.percentile(p).toFixed(1)} ms`;
  const heap = (process.memoryUsage().heapUsed / 1e6).toFixed(0);
  return `${(elapsedMs / 1000).toFixed(0)} s, ${rate.toFixed(0)} req/s, latency p50 ${ms(50)} p95 ${ms(95)} p99 ${ms(99)}, ${String(tally.sequences)} sequence(s), violations ${String(tally.violations)}, heap ${heap} MB`;
}

export interface DurationOptions {
  durationMs: number;
  /** Sequences at once (`--concurrency`). */
  concurrency: number;
  seed: number;
  comments: boolean;
  stopped?: () => boolean;
  tally: LoadTally;
}

export interface DurationReport {
  articles: ArticleExplored[];
  failure?: ExploreFailure;
  cutShort: boolean;
  restore: RestoreReport[];
}

/** Times every request of the session's client into the tally. */
function timed(session: Session, tally: LoadTally): void {
  const { client } = session;
  const send = client.send.bind(client);
  client.send = async (spec: RequestSpec): Promise<Exchange> => {
    const started = performance.now();
    try {
      return await send(spec);
    } finally {
      tally.record(performance.now() - started);
    }
  };
}

export async function runForDuration(settings: TargetSettings, options: DurationOptions): Promise<DurationReport> {
  const session = await Session.open(settings);
  timed(session, options.tally);
  const explore = {
    runs: 0,
    seed: options.seed,
    comments: options.comments,
    readOnly: false,
    ...(options.stopped ? { stopped: options.stopped } : {}),
  };
  const slots = Math.max(1, options.concurrency);
  const posts = new PostBudget(options.comments ? durationPosts : 0);
  const run = sequenceRun(session, explore, posts, settings.articleIds, slots);
  const started = performance.now();
  const ids = settings.articleIds;
  let failure: { articleId: number; failure: ExploreFailure } | undefined;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() - started < options.durationMs && !failure && !options.stopped?.()) {
      const index = next;
      next += 1;
      const articleId = ids[index % ids.length] ?? 0;
      const found = await runSequence(run, articleId, index);
      options.tally.sequences += 1;
      if (found) {
        options.tally.violations += 1;
        failure ??= { articleId, failure: found };
      }
    }
  };
  let restore: RestoreReport[];
  let removals: FailedRemoval[];
  try {
    await allWorkers(slots, worker);
  } finally {
    // Every removal settled before the restore, also when a sequence's worker threw.
    removals = await removed(run);
    restore = await session.close();
  }
  const durationMs = performance.now() - started;
  const runs = Math.ceil(options.tally.sequences / ids.length);
  const whole = withFailedRemovals(failure?.failure, removals);
  return {
    articles: ids.map((articleId) => {
      const on = removals.filter((removal) => removal.articleId === articleId);
      const failed = withFailedRemovals(failure?.articleId === articleId ? failure.failure : undefined, on);
      return { articleId, runs, durationMs, ...(failed ? { failure: failed } : {}) };
    }),
    ...(whole ? { failure: whole } : {}),
    cutShort: options.stopped?.() ?? false,
    restore,
  };
}
