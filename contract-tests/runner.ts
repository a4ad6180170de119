/**
 * Runs contract checks against one target: a session snapshots each article's `data`, runs
 * checks one at a time (they share the article, so never in parallel), and restores the data at
 * the end. The jest file, the CLI and the variants' proof tests all use it.
 */
import { allChecks, defaultConcurrency, selectChecks, type Check, type Section } from './checks';
import { ContractFailure } from './failure';
import { keysChangedOutside, readDataQuietly } from './guard';
import { Client, type ClientOptions } from './http/client';
import { articleMarkerOf, markerOf, newRunId } from './marker';
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
}

export interface CheckResult {
  check: Check;
  articleId: number;
  outcome: 'passed' | 'failed' | 'not applicable';
  /** Why the check did not apply, or the failure report. */
  detail?: string;
  error?: Error;
  durationMs: number;
}

export { markerOf, newRunId } from './marker';

export class Session {
  private readonly lastKnown = new Map<number, Record<string, unknown>>();

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
  ) {}

  /** Snapshots every article unless read-only; an article that cannot be snapshot gets no data-changing check. */
  static async open(settings: TargetSettings): Promise<Session> {
    const stopper = new AbortController();
    const client = new Client(settings.baseUrl, settings.token, settings.http, stopper.signal);
    const restoreClient = new Client(settings.baseUrl, settings.token, settings.http);
    const snapshots = new Map<number, Snapshot>();
    const unsafe = new Map<number, string>();
    for (const articleId of settings.readOnly ? [] : settings.articleIds) {
      try {
        snapshots.set(articleId, await takeSnapshot(restoreClient, articleId));
      } catch (error) {
        unsafe.set(articleId, error instanceof Error ? error.message : String(error));
      }
    }
    const marker = markerOf(settings.runId ?? newRunId());
    const concurrency = settings.concurrency ?? defaultConcurrency;
    const seed = settings.seed ?? Math.floor(Math.random() * 2 ** 31);
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
    );
  }

  async run(check: Check, articleId: number): Promise<CheckResult> {
    const started = performance.now();
    const result = (outcome: CheckResult['outcome'], detail?: string, error?: Error): CheckResult => ({
      check,
      articleId,
      outcome,
      durationMs: performance.now() - started,
      ...(detail === undefined ? {} : { detail }),
      ...(error ? { error } : {}),
    });
    const refuse = (why: string): CheckResult => result('failed', `not run: ${why}`, new Error(`not run: ${why}`));
    if (check.changesData && this.readOnly) return refuse('it changes data and the run is read-only');
    const unsafe = this.unsafe.get(articleId);
    if (check.changesData && unsafe !== undefined)
      return refuse(`without a snapshot of the article's data its changes could not be undone (${unsafe})`);
    // The data the previous write check left is known; only read checks ran since.
    const before = check.changesData
      ? (this.lastKnown.get(articleId) ?? (await readDataQuietly(this.client, articleId))?.data)
      : undefined;
    this.lastKnown.delete(articleId);
    try {
      const startData = this.snapshots.get(articleId)?.data;
      const note = await check.run({
        client: this.client,
        articleId,
        marker: articleMarkerOf(this.marker, articleId),
        concurrency: this.concurrency,
        seed: this.seed,
        ...(startData ? { startData } : {}),
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

  /** See guard.ts: keys a check did not write must be as they were before it. */
  private async expectOtherKeysKept(articleId: number, before: Record<string, unknown>): Promise<void> {
    const after = await readDataQuietly(this.client, articleId);
    const changed = after ? keysChangedOutside(before, after.data, articleMarkerOf(this.marker, articleId)) : [];
    if (after && changed.length > 0) {
      throw new ContractFailure(
        'every data key this check did not write on this article is as before it (other keys remain; reserved keys are read-only; a write names one article)',
        changed.join('\n'),
        [after.exchange],
      );
    }
    if (after) this.lastKnown.set(articleId, after.data);
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
    const reports: RestoreReport[] = [];
    for (const snapshot of this.snapshots.values())
      reports.push(await restoreSnapshot(this.restoreClient, snapshot, this.marker));
    return reports;
  }
}

export interface RunReport {
  results: CheckResult[];
  restore: RestoreReport[];
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
 * Runs `checks` (only non-changing ones when read-only) on each article of an open session, one at
 * a time. Leaves the restore to the caller: `runChecks` and the CLI both close the session.
 */
export async function runOnSession(
  session: Session,
  articleIds: number[],
  checks: Check[] = allChecks,
  options: RunOptions = {},
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const { check, articleId } of planOf(checks, articleIds, session.readOnly, options.sectionFirst)) {
    if (options.stopped?.()) return results;
    const result = await session.run(check, articleId);
    // A check cut off by an interrupt says nothing about the target.
    if (options.stopped?.()) return results;
    results.push(result);
    options.onResult?.(result);
    if (options.stopAtFirstFailure && result.outcome === 'failed') return results;
  }
  return results;
}

/**
 * The order of a run: each check (in interface order, `sectionFirst` first; only the non-changing
 * ones when read-only) on each article in turn. The CLI and the jest file both run this plan.
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
  return ordered.flatMap((check) => articleIds.map((articleId) => ({ check, articleId })));
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
  return { results, restore };
}
