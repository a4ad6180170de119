/**
 * The contract suite as jest tests, for any target reached at a base URL: one test per check and
 * article, grouped by interface section, and every article's data restored after the last test.
 * contract.test.ts runs it against the in-process server or the CLI's target; the MSW handlers'
 * test (mock/__tests__/msw/contract-msw.test.ts) runs it against an origin MSW intercepts.
 */
import { allChecks, sectionHeading, sections, selectChecks, type Section } from './checks';
import { describeRestore } from './restore';
import { Session, type TargetSettings } from './runner';

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

export function defineContractSuite({ given, articleIds, start }: SuiteSettings): void {
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
              if (!session) throw new Error('the target could not be prepared (see the error of the set-up above)');
              const result = await session.run(check, articleId);
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
    describe('The run as a whole', () => {
      test(
        'leaves every article as it found it: data restored, no attribute but data, updated_at and comments_count changed',
        async () => {
          if (!session) throw new Error('the target could not be prepared (see the error of the set-up above)');
          const reports = await session.close();
          const left = reports.filter((report) => report.problems.length > 0 || report.changed.length > 0);
          if (left.length > 0) throw new Error(left.map(describeRestore).join('\n'));
        },
        timeoutMs * 2,
      );
    });
}
