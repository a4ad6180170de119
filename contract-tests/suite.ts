/**
 * The contract suite as jest tests, for any target reached at a base URL: one test per check and
 * article, grouped by interface section, and every article's data restored after the last test.
 * contract.test.ts runs it against the in-process mock under `npm test`; the MSW handlers'
 * test (mock/__tests__/msw/contract-msw.test.ts) runs it against an origin MSW intercepts.
 */
import { allChecks, sectionHeading } from './checks';
import { wholeRun, wholeRunRecord } from './report/record';
import { describeRestore } from './restore';
import { planOf, Session } from './runner';

/** A target the suite can reach: its base URL, and how to stop it once the suite is done. */
export interface SuiteTarget {
  baseUrl: string;
  close?: () => Promise<void> | void;
}

export interface SuiteSettings {
  articleIds: number[];
  start: () => Promise<SuiteTarget> | SuiteTarget;
}

const unprepared = 'the target could not be prepared (see the error of the set-up above)';

export function defineContractSuite({ articleIds, start }: SuiteSettings): void {
  const timeoutMs = 60_000;
  let target: SuiteTarget | undefined;
  let session: Session | undefined;

  beforeAll(async () => {
    target = await start();
    session = await Session.open({ baseUrl: target.baseUrl, articleIds });
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

  const plan = planOf(allChecks, articleIds, false);
  for (const heading of new Set(plan.map(({ check }) => sectionHeading(check.section)))) {
    describe(heading, () => {
      for (const { check, articleId } of plan.filter((step) => sectionHeading(step.check.section) === heading)) {
        test(
          `${check.title} (article ${articleId})`,
          async () => {
            if (!session) throw new Error(unprepared);
            const result = await session.run(check, articleId);
            if (result.outcome === 'failed') throw result.error ?? new Error(result.detail);
          },
          timeoutMs,
        );
      }
    });
  }

  // Last, after every check: jest runs describe blocks in the order they are declared.
  describe(wholeRun.heading, () => {
    test(
      wholeRun.title,
      async () => {
        if (!session) throw new Error(unprepared);
        const record = wholeRunRecord(await session.close(), 0);
        if (record.outcome === 'failed') throw new Error(record.detail);
      },
      timeoutMs * 2,
    );
  });
}
