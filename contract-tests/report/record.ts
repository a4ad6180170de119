/**
 * What a run found, one record per check and article (or per article of `--explore`), kept apart
 * from how it is shown: `--junit` and `--html` both render these records, so the two files can
 * never say different things about one run, and the CLI prints its summary from them too.
 */
import { sectionHeading, type Check } from '../checks';
import { ContractFailure } from '../failure';
import { describeRestore, leftAsFound, type RestoreReport } from '../restore';
import type { CheckResult } from '../runner';
import type { Timeline } from '../concurrent/timeline';
import type { Exchange } from '../http/client';
import type { ReplaySettings } from './case-file';
import type { RunFacts } from './run-facts';
import type { StatedRules } from './stated-rules';
import type { Judgement } from 'site-articles-schemas/conformance';

export type Outcome = 'passed' | 'failed' | 'not applicable';

export interface CheckRecord {
  /** The interface section (`4.3`), or `run` for what concerns the run as a whole. */
  section: string;
  /** The section's heading, e.g. `4.3 Set or add one data key`. */
  heading: string;
  /** The check's id, e.g. `set-key-adds`. */
  id: string;
  /** The check's title: a sentence about what the target must do. */
  title: string;
  articleId?: number;
  outcome: Outcome;
  /** The failure report, or why the check did not apply. */
  detail?: string;
  /** For a failure: what the interface states, and what came back. */
  expected?: string;
  actual?: string;
  /** For a failure of `--explore`: the shrunk sequence, one numbered operation per line. */
  steps?: string[];
  /** For a failure: the curl commands that replay its requests, in order. */
  curls: string[];
  /** For a failure of requests sent at once: who overlapped whom. */
  timeline?: Timeline;
  durationMs: number;
  /** For a failure: every request and answer it names, whole, for its case file (case-file.ts). */
  exchanges?: Exchange[];
  /** The check's place among the run's checks (`c12`), which names its keys. */
  lane?: string;
  /** For a failure: where its case file is written, once the run knows (case-file.ts). */
  caseFile?: string;
  /** For a record of `--explore`: the random sequences it stands for. */
  sequences?: number;
  /** The statements of the tables the check judged, and how each came out. */
  judged?: Judgement[];
}

/** Everything a report shows about a run besides its records. */
export interface RunSummary {
  /** What was checked: a base URL, or the in-process mock. */
  target: string;
  articleIds: number[];
  mode: 'checks' | 'explore';
  seed: number;
  /** What the restore said about each article. */
  restore: string[];
  /** What a failure's case file needs to send its requests again (case-file.ts); absent for records written by hand. */
  replay?: ReplaySettings;
  records: CheckRecord[];
  /** When and how the run was made (run-facts.ts). */
  facts: RunFacts;
  /** Every statement of the tables, accounted for (stated-rules.ts); absent where the run keeps no ledger. */
  statedRules?: StatedRules;
}

export type Described = Pick<CheckRecord, 'section' | 'heading' | 'id' | 'title'> & { articleId?: number };

/** The record of one finished check: a ContractFailure gives its parts, any other error its message. */
export function recordOf(
  described: Described,
  outcome: Outcome,
  durationMs: number,
  detail?: string,
  error?: unknown,
): CheckRecord {
  const failure = error instanceof ContractFailure ? error : undefined;
  return {
    ...described,
    outcome,
    durationMs,
    ...(detail === undefined ? {} : { detail }),
    ...(failure
      ? {
          expected: failure.expected,
          actual: failure.actual,
          ...(failure.timeline ? { timeline: failure.timeline } : {}),
          exchanges: failure.exchanges,
        }
      : {}),
    curls: [
      ...(failure?.timeline?.requests.map((request) => request.curl) ?? []),
      ...(failure?.exchanges.map((exchange) => exchange.curl) ?? []),
    ],
  };
}

/** What a record says of the check it is about. */
export const describedCheck = (check: Check, articleId: number): Described => ({
  section: check.section,
  heading: sectionHeading(check.section),
  id: check.id,
  title: check.title,
  articleId,
});

/** The record of a check the runner ran. */
export const recordOfResult = (result: CheckResult): CheckRecord => ({
  ...recordOf(
    describedCheck(result.check, result.articleId),
    result.outcome,
    result.durationMs,
    result.detail,
    result.error,
  ),
  ...(result.lane === undefined ? {} : { lane: result.lane }),
  judged: result.judged,
});

/** What the end of a run is judged by: every article as the run found it. */
export const wholeRun: Described = {
  section: 'run',
  heading: 'The run as a whole',
  id: 'run-leaves-articles-as-found',
  title:
    'leaves every article as it found it: data restored, no attribute but data, updated_at and comments_count changed',
};

/** The record of the run as a whole, from how each article's restore went. */
export function wholeRunRecord(restore: RestoreReport[], durationMs: number): CheckRecord {
  const left = restore.filter((report) => !leftAsFound(report));
  return recordOf(
    wholeRun,
    left.length > 0 ? 'failed' : 'passed',
    durationMs,
    left.length > 0 ? left.map(describeRestore).join('\n') : undefined,
  );
}

export const countOutcomes = (records: CheckRecord[]): Record<Outcome, number> => ({
  passed: records.filter((record) => record.outcome === 'passed').length,
  failed: records.filter((record) => record.outcome === 'failed').length,
  'not applicable': records.filter((record) => record.outcome === 'not applicable').length,
});
