/**
 * Runs contract checks against one target: a session snapshots each article's `data`, runs
 * checks (schedule.ts: articles at once, and on one article the checks that share it), and
 * restores the data at the end. The jest file, the CLI and the variants' proof tests all use it.
 */
import { allChecks, defaultConcurrency, defaultMaxInFlight, selectChecks, type Check, type Section } from './checks';
import { ContractFailure } from './failure';
import { keysChangedOutside, readDataQuietly } from './untouched-keys';
import { Client, type ClientOptions } from './http/client';
import { InFlight } from './in-flight';
import { MeetingTally } from './concurrent/meetings';
import { articleMarkerOf, markerOf, newRunId } from './marker';
import { runScheduled } from './schedule';
import { Semaphore } from './semaphore';
import { keepingLedger, Ledger } from './ledger';
import { restoreSnapshot, takeSnapshot, type RestoreReport, type Snapshot } from './restore';

export interface TargetSettings {
  baseUrl: string;
  articleIds: number[];
  token?: string;
  readOnly?: boolean;
  /** Requests the concurrency checks send at once (`--concurrency`); 1 turns them off. */
  concurrency?: number;
  /** Seed of the generated values and key names (`--seed`); a random one, printed, when absent. */
  seed?: number;
  /** Names the run's keys (marker.ts); the CLI prints the marker before the run starts. */
  runId?: string;
  /** Limits of each request (`--timeout`, `--max-body`) and the run's watch (http/watch.ts). */
  http?: ClientOptions;
  /** Checks run at once over the whole run (`--max-in-flight`): articles, and checks that share one. */
  maxInFlight?: number;
}

export interface CheckResult {
  check: Check;
  articleId: number;
  outcome: 'passed' | 'failed' | 'not applicable';
  /** Why the check did not apply, or the failure report. */
  detail?: string;
  error?: Error;
  durationMs: number;
  /** The check's place among the run's checks (`c12`), which names its keys: a replay needs it. */
  lane?: string;
  /** The statements of the tables the check judged, and how each came out (ledger.ts). */
  judged: Ledger['judgements'];
}

export { markerOf, newRunId } from './marker';

/** The seed of a run's generated values (`--seed`): the one given, else a random one, which the CLI prints. */
export const seedOf = (given?: number): number => given ?? Math.floor(Math.random() * 2 ** 31);

/** Settings whose seed is chosen already, so what the CLI prints is what the run uses. */
export type SeededSettings = TargetSettings & { seed: number };

export class Session {
  private readonly inFlight = new InFlight();
  /** Which operations met at once in the run's bursts. */
  readonly meetings = new MeetingTally();

  private constructor(
    /** The checks' client: `stop()` ends its requests at once. */
    readonly client: Client,
    /** The restore's own, which an interrupt never cuts off. */
    private readonly restoreClient: Client,
    private readonly stopper: AbortController,
    readonly marker: string,
    private readonly snapshots: Map<number, Snapshot>,
    private readonly unsafe: Map<number, string>,
    readonly readOnly: boolean,
    readonly concurrency: number,
    readonly seed: number,
    readonly maxInFlight: number,
  ) {}

  /** Snapshots every article unless read-only; an article that cannot be snapshot gets no data-changing check. */
  static async open(settings: TargetSettings): Promise<Session> {
    const stopper = new AbortController();
    const client = new Client(settings.baseUrl, settings.token, settings.http, stopper.signal);
    const restoreClient = new Client(settings.baseUrl, settings.token, settings.http);
    const snapshots = new Map<number, Snapshot>();
    const unsafe = new Map<number, string>();
    // Articles are independent: their snapshots are taken at once, and kept in the order named.
    const taken = await Promise.allSettled(
      (settings.readOnly ? [] : settings.articleIds).map((articleId) => takeSnapshot(restoreClient, articleId)),
    );
    taken.forEach((one, index) => {
      const articleId = settings.articleIds[index] ?? 0;
      if (one.status === 'fulfilled') snapshots.set(articleId, one.value);
      else unsafe.set(articleId, one.reason instanceof Error ? one.reason.message : String(one.reason));
    });
    const marker = markerOf(settings.runId ?? newRunId());
    const concurrency = settings.concurrency ?? defaultConcurrency;
    const seed = seedOf(settings.seed);
    return new Session(
      client,
      restoreClient,
      stopper,
      marker,
      snapshots,
      unsafe,
      settings.readOnly ?? false,
      concurrency,
      seed,
      settings.maxInFlight ?? defaultMaxInFlight,
    );
  }

  /**
   * Runs one check on one article. `lane` names it among the checks of the run: its keys are
   * `<article marker>_<lane>_...`, so checks in flight on one article tell each other's keys apart.
   */
  async run(check: Check, articleId: number, lane?: string): Promise<CheckResult> {
    const marker = articleMarkerOf(this.marker, articleId);
    const own = lane === undefined ? marker : `${marker}_${lane}`;
    const othersOwn = this.inFlight.enter(articleId, own);
    const ledger = new Ledger();
    try {
      const result = await keepingLedger(ledger, () => this.runAlongside(check, articleId, own, othersOwn));
      return { ...(lane === undefined ? result : { ...result, lane }), judged: ledger.judgements };
    } finally {
      this.inFlight.leave(articleId, own);
    }
  }

  private async runAlongside(
    check: Check,
    articleId: number,
    own: string,
    othersOwn: (key: string) => boolean,
  ): Promise<Omit<CheckResult, 'judged'>> {
    const started = performance.now();
    const result = (outcome: CheckResult['outcome'], detail?: string, error?: Error): Omit<CheckResult, 'judged'> => ({
      check,
      articleId,
      outcome,
      durationMs: performance.now() - started,
      ...(detail === undefined ? {} : { detail }),
      ...(error ? { error } : {}),
    });
    const refuse = (why: string): Omit<CheckResult, 'judged'> =>
      result('failed', `not run: ${why}`, new Error(`not run: ${why}`));
    if (check.changesData && this.readOnly) return refuse('it changes data and the run is read-only');
    const unsafe = this.unsafe.get(articleId);
    if (check.changesData && unsafe !== undefined)
      return refuse(`without a snapshot of the article's data its changes could not be undone (${unsafe})`);
    const before = check.changesData ? (await readDataQuietly(this.client, articleId, 'settled'))?.data : undefined;
    try {
      const startData = this.snapshots.get(articleId)?.data;
      const note = await check.run({
        client: this.client,
        articleId,
        marker: own,
        concurrency: this.concurrency,
        maxInFlight: this.maxInFlight,
        seed: this.seed,
        ...(startData ? { startData } : {}),
        othersOwn,
        otherArticles: [...this.snapshots.keys()].filter((other) => other !== articleId),
        markerOn: (other) => own.replace(articleMarkerOf(this.marker, articleId), articleMarkerOf(this.marker, other)),
        meetings: this.meetings,
      });
      if (before) await this.expectOtherKeysKept(articleId, before);
      return note === undefined ? result('passed') : result('not applicable', note);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      return result(
        'failed',
        failure instanceof ContractFailure ? failure.message : `${failure.name}: ${failure.message}`,
        failure,
      );
    }
  }

  /** See untouched-keys.ts: keys a check did not write must be as they were before it. */
  private async expectOtherKeysKept(articleId: number, before: Record<string, unknown>): Promise<void> {
    // Fresh, not the check's last read: another article's write may have landed here since (untouched-keys.ts).
    const after = await readDataQuietly(this.client, articleId, 'fresh');
    const changed = after ? keysChangedOutside(before, after.data, articleMarkerOf(this.marker, articleId)) : [];
    if (after && changed.length > 0) {
      throw new ContractFailure(
        'every data key this check did not write on this article is as before it (other keys remain; reserved keys are read-only; a write names one article)',
        changed.join('\n'),
        [after.exchange],
      );
    }
  }

  /** The article's data as the session found it; absent when read-only or unreadable. */
  startData(articleId: number): Record<string, unknown> | undefined {
    return this.snapshots.get(articleId)?.data;
  }

  /** Why an article could not be snapshot, if it could not. */
  snapshotProblem(articleId: number): string | undefined {
    return this.unsafe.get(articleId);
  }

  /** Sends no more requests and cuts off the reads under way (an interrupt); `close` still restores, after the writes land. */
  stop(): void {
    this.stopper.abort();
  }

  /** Puts every snapshot article's data back, once every write the checks sent has landed; safe to call more than once. */
  async close(): Promise<RestoreReport[]> {
    await this.client.settled();
    // Articles side by side, and on each its keys as many at once as a check's key writes (restore.ts).
    return Promise.all(
      [...this.snapshots.values()].map((snapshot) =>
        restoreSnapshot(this.restoreClient, snapshot, this.marker, new Semaphore(this.maxInFlight)),
      ),
    );
  }
}

export interface RunReport {
  results: CheckResult[];
  restore: RestoreReport[];
  /** Which operations met at once in the run's bursts. */
  meetings: MeetingTally;
}

export interface RunOptions {
  /** Stop after the first failed check (the variants' proof needs only one). */
  stopAtFirstFailure?: boolean;
  /** Run this section's checks before the others (each check stands alone, so order is free). */
  sectionFirst?: Section;
  /** Asked before each check: true ends the run there (an interrupt). */
  stopped?: () => boolean;
  /** Told of each check as it finishes, in order. */
  onResult?: (result: CheckResult) => void;
}

/**
 * Runs `checks` (only non-changing ones when read-only) on each article of an open session, as
 * schedule.ts lays them out: articles at once, checks that share an article at once, at most
 * `maxInFlight` at a time; results in the plan's order. Leaves the restore to the caller:
 * `runChecks` and the CLI both close the session.
 */
export async function runOnSession(
  session: Session,
  articleIds: number[],
  checks: Check[] = allChecks,
  options: RunOptions = {},
): Promise<CheckResult[]> {
  const plan = planOf(checks, articleIds, session.readOnly, options.sectionFirst);
  return runScheduled(
    plan,
    ({ check, articleId }) => session.run(check, articleId, `c${String(checks.indexOf(check))}`),
    {
      maxInFlight: session.maxInFlight,
      ends: (result) => options.stopAtFirstFailure === true && result.outcome === 'failed',
      ...(options.stopped ? { stopped: options.stopped } : {}),
      ...(options.onResult ? { onResult: options.onResult } : {}),
    },
  );
}

/**
 * The order of a run: each check (in interface order, `sectionFirst` first; only the non-changing
 * ones when read-only) on each article in turn, but a check that spans articles on the first only.
 * The CLI and the jest file both run this plan.
 */
export function planOf(
  checks: Check[],
  articleIds: number[],
  readOnly: boolean,
  sectionFirst?: Section,
): { check: Check; articleId: number }[] {
  const selected = selectChecks(checks, readOnly);
  const ordered = [
    ...selected.filter((check) => check.section === sectionFirst),
    ...selected.filter((check) => check.section !== sectionFirst),
  ];
  // A check that spans articles already writes to every one of them: once, from the first.
  return ordered.flatMap((check) =>
    (check.spansArticles ? articleIds.slice(0, 1) : articleIds).map((articleId) => ({ check, articleId })),
  );
}

/** Runs `checks` (all by default) on every article of a fresh session, then restores. */
export async function runChecks(
  settings: TargetSettings,
  checks: Check[] = allChecks,
  options: RunOptions = {},
): Promise<RunReport> {
  const session = await Session.open(settings);
  let results: CheckResult[];
  let restore: RestoreReport[];
  try {
    results = await runOnSession(session, settings.articleIds, checks, options);
  } finally {
    restore = await session.close();
  }
  return { results, restore, meetings: session.meetings };
}
