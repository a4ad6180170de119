/**
 * The fuzz property, shared by the CI test (fixed seed, modest count) and `npm run fuzz` (random
 * seed, long run). Each run resets the mock and sends a short sequence of generated requests over
 * HTTP; after every request it checks the answer, the state, Object.prototype and the token's
 * absence from logs, journal and error bodies; at the end it reads comment counts as a client would.
 */
import fc from 'fast-check';
import type { SiteFixture } from 'site-articles-mock';
import { answerProblems } from './answer-checks';
import { describeCase, fuzzCaseArbitrary, type FuzzCase } from './cases';
import { send, type HttpAnswer } from './client';
import { startMock, type Harness } from './harness';
import { fuzzToken } from './parts';
import { fixtureProblems, stateProblems } from './state-checks';
import type { Verdict } from './verdicts';

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort().join();

/** Data keys, payload keys and query strings named `__proto__` or `constructor` must reach no prototype. */
export function pollutionProblems(): string[] {
  const names = Object.getOwnPropertyNames(Object.prototype).sort().join();
  return names === prototypeNames && !('polluted' in {}) ? [] : [`Object.prototype was changed: ${names}`];
}

function secretProblems(harness: Harness, answer: HttpAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 400 && answer.text.includes(fuzzToken)) problems.push('an error body holds the token');
  if (harness.logLines.some((line) => line.includes(fuzzToken)))
    problems.push(`a log line holds the token: ${harness.logLines.join(' | ')}`);
  harness.logLines.length = 0;
  if (harness.mock.journal().some((entry) => entry.path.includes(fuzzToken)))
    problems.push('the journal holds the token');
  return problems;
}

/** A delete succeeds exactly when the key is there. */
function expectedVerdict(fuzzCase: FuzzCase, before: SiteFixture): Verdict {
  const { plan } = fuzzCase;
  if (plan.operation !== 'deleteDataKey' || plan.verdict !== 'success') return plan.verdict;
  const data = before.articles.find((article) => article.id === plan.articleId)?.data;
  return data && plan.key !== undefined && Object.hasOwn(data, plan.key) ? 'success' : 'refused';
}

async function checkOne(harness: Harness, fuzzCase: FuzzCase, initial: SiteFixture): Promise<string[]> {
  const before = harness.mock.state();
  let answer: HttpAnswer;
  try {
    answer = await send(harness, fuzzCase.request);
  } catch (error) {
    return [`no answer: ${String(error)}`];
  }
  const after = harness.mock.state();
  const { method } = fuzzCase.request;
  return [
    ...answerProblems(answer, method, fuzzCase.plan.operation, expectedVerdict(fuzzCase, before)),
    ...stateProblems(fuzzCase.plan, before, after, answer, method),
    ...fixtureProblems(initial, after),
    ...pollutionProblems(),
    ...secretProblems(harness, answer),
  ].map((problem) => `${problem} (answer ${answer.status})`);
}

/** As a client sees it: `comments_count` equals `X-Total-Entries` and the length of the list. */
export async function commentCountProblems(harness: Harness, articleId: number): Promise<string[]> {
  const article = await send(harness, { method: 'GET', path: `/admin/api/articles/${articleId}` });
  const list = await send(harness, {
    method: 'GET',
    path: `/admin/api/site/articles/${articleId}/comments.json?per_page=250`,
  });
  const count = (JSON.parse(article.text) as { comments_count: number }).comments_count;
  const total = Number(list.headers['x-total-entries']);
  const shown = (JSON.parse(list.text) as unknown[]).length;
  return count === total && (total > 250 || shown === total)
    ? []
    : [`article ${articleId}: comments_count ${count}, X-Total-Entries ${total}, listed ${shown}`];
}

export async function runSequence(harness: Harness, cases: FuzzCase[]): Promise<void> {
  harness.mock.reset();
  const initial = harness.mock.state();
  const commented = new Set<number>([1]);
  for (const [index, fuzzCase] of cases.entries()) {
    const problems = await checkOne(harness, fuzzCase, initial);
    if (problems.length > 0)
      throw new Error(
        `request ${index + 1} of ${cases.length}:\n${describeCase(fuzzCase)}\n  - ${problems.join('\n  - ')}`,
      );
    if (fuzzCase.plan.operation === 'postComment' && fuzzCase.plan.articleId !== undefined)
      commented.add(fuzzCase.plan.articleId);
  }
  for (const articleId of commented) {
    const problems = await commentCountProblems(harness, articleId);
    if (problems.length > 0) throw new Error(`after the sequence: ${problems.join('; ')}`);
  }
}

export const sequenceArbitrary = fc.array(fuzzCaseArbitrary, { minLength: 1, maxLength: 10 });

/** `onRun` is told of every run started (shrinking included), for progress reports. */
export function fuzzProperty(harness: Harness, onRun?: () => void) {
  return fc.asyncProperty(sequenceArbitrary, (cases) => {
    onRun?.();
    return runSequence(harness, cases);
  });
}

/** The mock the fuzzer talks to: writes need the token, every log line is kept for the checks. */
export async function withFuzzHarness<T>(run: (harness: Harness) => Promise<T>): Promise<T> {
  const harness = await startMock({ token: fuzzToken }, { log: true });
  try {
    return await run(harness);
  } finally {
    await harness.close();
  }
}
