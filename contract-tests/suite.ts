/**
 * The contract suite as jest tests, for any target reached at a base URL: one test per check and
 * article, grouped by interface section, and every article's data restored after the last test.
 * contract.test.ts runs it against the in-process server or the CLI's target; the MSW handlers'
 * test (mock/__tests__/msw/contract-msw.test.ts) runs it against an origin MSW intercepts.
 */
import { allChecks, sectionHeading, sections, selectChecks, type Section } from './checks';
import { appendRecord, describedCheck, recordOf, type Described } from './report/record';
import { describeRestore } from './restore';
import { Session, type CheckResult, type TargetSettings } from './runner';

/** A target the suite can reach: its base URL, and how to stop it once the suite is done. */
export interface SuiteTarget {
  baseUrl: string;
  close?: () => Promise<void> | void;
}

export interface SuiteSettings {
  /** Everything but the base URL: that comes from `start`. */
  given: Omit<TargetSettings, 'baseUrl'> | undefined;
  articleIds: number[];
  start: () => Promise<SuiteTarget> | SuiteTarget;
}

type Finished = Pick<CheckResult, 'outcome' | 'detail' | 'error'>;

const wholeRun = 'The run as a whole';
const wholeRunTitle =
  'leaves every article as it found it: data restored, no attribute but data, updated_at and comments_count changed';
const unprepared = 'the target could not be prepared (see the error of the set-up above)';

/** Appends the record of a finished check to the CLI's records file, when it named one. */
function recorder(given: SuiteSettings['given']): (described: Described, started: number, result?: Finished) => void {
  const file = given?.recordsFile;
  if (file === undefined) return () => undefined;
  return (described, started, result) => {
    const took = performance.now() - started;
    appendRecord(
      file,
      result
        ? recordOf(described, result.outcome, took, result.detail, result.error)
        : recordOf(described, 'failed', took, unprepared),
    );
  };
}

export function defineContractSuite({ given, articleIds, start }: SuiteSettings): void {
  const record = recorder(given);
  const checks = selectChecks(allChecks, given?.readOnly ?? false);
  const timeoutMs = (given?.timeoutMs ?? 20_000) * 3;
  let target: SuiteTarget | undefined;
  let session: Session | undefined;

  beforeAll(async () => {
    target = await start();
    session = await Session.open({ ...given, baseUrl: target.baseUrl, articleIds });
  }, timeoutMs);

  afterAll(async () => {
    try {
      const unrestored = ((await session?.close()) ?? []).filter((report) => report.problems.length > 0);
      if (unrestored.length > 0)
        throw new Error(
          `the run could not restore the data it changed:\n${unrestored.map(describeRestore).join('\n')}`,
        );
    } finally {
      await target?.close?.();
    }
  }, timeoutMs * 2);

  for (const section of Object.keys(sections) as Section[]) {
    const inSection = checks.filter((check) => check.section === section);
    if (inSection.length === 0) continue;
    describe(sectionHeading(section), () => {
      for (const check of inSection) {
        for (const articleId of articleIds) {
          test(
            `${check.title} (article ${articleId})`,
            async () => {
              const started = performance.now();
              const described = describedCheck(check, articleId);
              const result = session ? await session.run(check, articleId) : undefined;
              record(described, started, result);
              if (!result) throw new Error(unprepared);
              if (result.outcome === 'failed') throw result.error ?? new Error(result.detail);
              // Only reported in a CLI run; the summary lists these notes.
              if (result.outcome === 'not applicable' && given)
                console.info(`not applicable: ${check.id} on article ${articleId}: ${result.detail ?? ''}`);
            },
            timeoutMs,
          );
        }
      }
    });
  }

  // Last, after every check: jest runs describe blocks in the order they are declared.
  if (!(given?.readOnly ?? false))
    describe(wholeRun, () => {
      test(
        wholeRunTitle,
        async () => {
          const started = performance.now();
          if (!session) throw new Error(unprepared);
          const reports = await session.close();
          const left = reports.filter((report) => report.problems.length > 0 || report.changed.length > 0);
          const detail = left.map(describeRestore).join('\n');
          record(
            { section: 'run', heading: wholeRun, id: 'run-leaves-articles-as-found', title: wholeRunTitle },
            started,
            { outcome: left.length > 0 ? 'failed' : 'passed', detail },
          );
          if (left.length > 0) throw new Error(detail);
        },
        timeoutMs * 2,
      );
    });
}
