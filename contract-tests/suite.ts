/**
 * The contract suite as jest tests, for any target reached at a base URL: one test per check and
 * article, grouped by interface section, and a last one for every article's data restored.
 * contract.test.ts runs it against the in-process mock under `npm test`; the MSW handlers'
 * test (mock/__tests__/msw/contract-msw.test.ts) runs it against an origin MSW intercepts.
 */
import { allChecks, sectionHeading } from './checks';
import { wholeRun, wholeRunRecord } from './report/record';
import { planOf, runChecks, type RunReport } from './runner';

/** A target the suite can reach: its base URL, and how to stop it once the suite is done. */
export interface SuiteTarget {
  baseUrl: string;
  close?: () => Promise<void> | void;
}

export interface SuiteSettings {
  articleIds: number[];
  start: () => Promise<SuiteTarget> | SuiteTarget;
}

const unprepared = 'the target could not be prepared or the run could not start (see the error of the set-up above)';

/**
 * The run is the CLI's (runner.ts's `runChecks`: the schedule, then the restore), made once before
 * the tests; each test then reports one check's result, and the last one how the run left each article.
 */
export function defineContractSuite({ articleIds, start }: SuiteSettings): void {
  const timeoutMs = 60_000;
  let target: SuiteTarget | undefined;
  let run: RunReport | undefined;

  beforeAll(async () => {
    target = await start();
    run = await runChecks({ baseUrl: target.baseUrl, articleIds });
  }, timeoutMs * 5);

  afterAll(async () => {
    await target?.close?.();
  }, timeoutMs);

  const plan = planOf(allChecks, articleIds, false);
  for (const heading of new Set(plan.map(({ check }) => sectionHeading(check.section)))) {
    describe(heading, () => {
      for (const { check, articleId } of plan.filter((step) => sectionHeading(step.check.section) === heading)) {
        test(`${check.title} (article ${articleId})`, () => {
          if (!run) throw new Error(unprepared);
          const result = run.results.find((one) => one.check === check && one.articleId === articleId);
          if (!result) throw new Error('the run ended before this check started');
          if (result.outcome === 'failed') throw result.error ?? new Error(result.detail);
        });
      }
    });
  }

  // Last, after every check: jest runs describe blocks in the order they are declared.
  describe(wholeRun.heading, () => {
    test(wholeRun.title, () => {
      if (!run) throw new Error(unprepared);
      const record = wholeRunRecord(run.restore, 0);
      if (record.outcome === 'failed') throw new Error(record.detail);
    });
  });
}
