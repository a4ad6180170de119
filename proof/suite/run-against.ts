/**
 * How the proof runs the contract suite against the mock or one of its variants, in this process:
 * the whole suite, or a few checks alone.
 */
import { brokenVariants, type Variant } from '../variants';
import type { MockApp } from 'site-articles-mock';
import { allChecks } from '../../contract-tests/checks';
import { inProcessArticleIds, startInProcessMock } from '../../contract-tests/in-process';
import { runChecks, type RunReport } from '../../contract-tests/runner';

export async function runAgainst(
  variant?: Variant,
  { readOnly = false, stopAtFirstFailure = false, articleIds = inProcessArticleIds } = {},
): Promise<{ report: RunReport; mock: MockApp; before: ReturnType<MockApp['state']> }> {
  const target = await startInProcessMock(variant ? { rules: variant.rules, validateResponses: false } : {});
  try {
    const before = target.mock.state();
    // Against a broken variant, the checks of its own section go first: one failure is proof enough.
    const report = await runChecks({ baseUrl: target.baseUrl, articleIds, readOnly }, undefined, {
      stopAtFirstFailure,
      ...(variant ? { sectionFirst: variant.section } : {}),
    });
    return { report, mock: target.mock, before };
  } finally {
    await target.close();
  }
}

// Against variants the suite uses article 1 alone: it has every kind of content (a reserved key,
// comments, tags), and the run against the correct mock covers article 2 (empty data) too.

/** Generous: a whole run is a few hundred requests, and CI machines can be busy. */
export const runTimeout = 30_000;

export const failures = (report: RunReport): string[] =>
  report.results
    .filter((result) => result.outcome === 'failed')
    .map((result) => `${result.check.id} (article ${result.articleId}): ${result.detail ?? ''}`);

/** Runs the checks `ids` on their own against the broken variant `name`, on the articles it needs. */
export async function runAloneAgainst(name: string, ...ids: string[]): Promise<RunReport['results']> {
  const variant = brokenVariants[name];
  const target = await startInProcessMock({ rules: variant?.rules ?? {}, validateResponses: false });
  try {
    // A fixed seed: the drawn values and names are the same in every run of the proof.
    const report = await runChecks(
      { baseUrl: target.baseUrl, articleIds: variant?.articleIds ?? [1], seed: 1 },
      allChecks.filter((check) => ids.includes(check.id)),
    );
    return report.results;
  } finally {
    await target.close();
  }
}

/** Each article's data and attributes, without the time stamps writes move on. */
export const articlesOf = (state: ReturnType<MockApp['state']>): unknown =>
  state.articles.map(({ updated_at: _updated, ...article }) => article);
