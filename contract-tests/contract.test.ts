/**
 * The contract suite as jest tests: one test per check and article, grouped by interface
 * section. Under `npm test` it runs against a fresh in-process mock; `npm run contract` runs this
 * file against the target it was given. Every article's data is restored after the last test.
 */
import { allChecks, sectionHeading, sections, selectChecks, type Section } from './checks';
import { inProcessArticleIds, startInProcessMock, type RunningTarget } from './in-process';
import { describeRestore } from './restore';
import { Session } from './runner';
import { targetFromEnv } from './settings';

const given = targetFromEnv(process.env);
const articleIds = given?.articleIds ?? inProcessArticleIds;
const checks = selectChecks(allChecks, given?.readOnly ?? false);
const timeoutMs = (given?.timeoutMs ?? 20_000) * 3;

let mock: RunningTarget | undefined;
let session: Session | undefined;

beforeAll(async () => {
  if (!given) mock = await startInProcessMock();
  const baseUrl = given?.baseUrl ?? mock?.baseUrl ?? '';
  session = await Session.open({ ...given, baseUrl, articleIds });
}, timeoutMs);

afterAll(async () => {
  try {
    const unrestored = ((await session?.close()) ?? []).filter((report) => report.problems.length > 0);
    if (unrestored.length > 0)
      throw new Error(`the run could not restore the data it changed:\n${unrestored.map(describeRestore).join('\n')}`);
  } finally {
    await mock?.close();
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
