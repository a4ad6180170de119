/**
 * The account of every stated rule, from real runs of the checks against the mock and broken
 * variants of it: a statement a check judged is held, or broken naming the check; one added to the
 * tables is listed as not exercised until a check judges it; a read-only run says why it judged
 * none of the writes' statements.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { statements } from 'site-articles-schemas/catalogue';
import { allChecks } from '../checks';
import { startInProcessMock, type RunningTarget } from '../in-process';
import { runChecks } from '../runner';
import { brokenVariants } from '../../proof/variants';
import { buildStatements } from '../../scripts/generate/build-statements';
import { parseInterfaceTables } from '../../scripts/generate/parse-tables';
import { recordOfResult, type CheckRecord } from './record';
import { accountStatedRules, statedRulesProperties, statedRulesText, type StatedRule } from './stated-rules';

const tables = readFileSync(join(__dirname, '..', '..', 'spec', 'interface-tables.md'), 'utf8');

async function recordsOf(target: RunningTarget, ids: string[], readOnly: boolean): Promise<CheckRecord[]> {
  try {
    const checks = allChecks.filter((check) => ids.includes(check.id));
    const report = await runChecks({ baseUrl: target.baseUrl, articleIds: [1], readOnly }, checks);
    return report.results.map(recordOfResult);
  } finally {
    await target.close();
  }
}

const ruleOf = (rules: StatedRule[], id: string): StatedRule | undefined =>
  rules.find((rule) => rule.statement.id === id);

test('lists a statement added to the tables as not exercised until a check judges it', async () => {
  const withSummary = tables.replace(
    '| tag_names         |',
    '| summary           | string                    |                                      | required | A summary.     |\n| tag_names         |',
  );
  const grown = buildStatements(parseInterfaceTables(withSummary));
  expect(grown.length).toBe(statements.length + 1);
  const records = await recordsOf(await startInProcessMock(), ['read-shape'], true);
  const { rules, exercised, held } = accountStatedRules(records, { readOnly: true }, grown);
  expect(ruleOf(rules, 'Article.summary')).toEqual({
    statement: { id: 'Article.summary', section: '2.1', text: 'Article.summary is a string, required' },
    outcome: 'not exercised',
    checks: [],
    articles: [],
    why: 'no check of this run judged it',
  });
  expect(ruleOf(rules, 'Article.title')).toMatchObject({ outcome: 'held', checks: ['read-shape'], articles: [1] });
  expect(ruleOf(rules, 'readArticle answer')?.outcome).toBe('held');
  expect([exercised, held]).toEqual([
    rules.filter((rule) => rule.outcome !== 'not exercised').length,
    rules.filter((rule) => rule.outcome === 'held').length,
  ]);
  expect(statedRulesText(accountStatedRules(records, { readOnly: true }, grown))).toMatch(
    new RegExp(`\\n${String(exercised)} of ${String(grown.length)} stated rules exercised, ${String(held)} held\\n$`),
  );
}, 60_000);

test('counts a statement broken by the check whose judgement found it broken, and the others held', async () => {
  const target = await startInProcessMock({
    rules: brokenVariants['timestamp-without-millis']?.rules ?? {},
    validateResponses: false,
  });
  const records = await recordsOf(target, ['read-shape', 'reads-are-json'], true);
  const { rules } = accountStatedRules(records, { readOnly: true });
  expect(ruleOf(rules, 'Article.created_at')).toMatchObject({
    outcome: 'broken',
    checks: ['read-shape', 'reads-are-json'],
    articles: [1],
  });
  expect(ruleOf(rules, 'Article.updated_at')?.outcome).toBe('held');
  expect(ruleOf(rules, 'readArticle answer')?.outcome).toBe('broken');
  expect(statedRulesProperties(accountStatedRules(records, { readOnly: true }))).toContainEqual([
    'stated rule: Article.created_at',
    'broken by read-shape, reads-are-json on article(s) 1',
  ]);
}, 60_000);

test('counts the effect of a write broken when the key it removes stays, and says why a read-only run judges no write', async () => {
  const target = await startInProcessMock({
    rules: brokenVariants['delete-keeps-key']?.rules ?? {},
    validateResponses: false,
  });
  const records = await recordsOf(target, ['delete-key-gone', 'set-key-adds'], false);
  const { rules } = accountStatedRules(records, { readOnly: false });
  expect(ruleOf(rules, 'deleteDataKey effect')).toMatchObject({
    outcome: 'broken',
    checks: ['delete-key-gone'],
  });
  expect(ruleOf(rules, 'setDataKey effect')?.outcome).toBe('held');
  const readOnly = accountStatedRules([], { readOnly: true });
  expect(ruleOf(readOnly.rules, 'setDataKey effect')?.why).toBe('--read-only: only a run that writes judges it');
  expect(ruleOf(readOnly.rules, 'reserved key prefix svc_')?.why).toBe('--read-only: only a run that writes judges it');
  expect(ruleOf(readOnly.rules, 'readArticle answer')?.why).toBe('no check of this run judged it');
}, 60_000);
