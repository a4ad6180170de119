/**
 * Proof that the contract suite catches what it should: it passes against the correct mock and
 * against every harmless variant (choices the interface leaves open), and fails against every
 * broken variant (each breaks one stated thing). Calls the runner directly, one target at a time
 * (the mock and the suite share this process, so running several at once gains nothing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenVariants, harmlessVariants } from '../variants';
import { allChecks, sections } from '../../contract-tests/checks';
import type { Rule } from '../../schemas/conformance';
import { fillRegion } from '../../scripts/generate/doc-regions';
import { docTables } from '../../scripts/generate/doc-tables';
import { projectRoot } from '../../test-support/cli-process';
import { articlesOf, failures, runAgainst, runAloneAgainst, runTimeout } from './run-against';

/** For each check, a broken variant that breaks what it checks: proof that it can fail on its own. */
const catchers: Record<string, string> = {
  'read-addresses': 'url-wrong-id',
  'comments-count': 'comments-count-off-by-one',
  'comment-shape': 'comment-date-iso',
  'read-shape': 'timestamp-without-millis',
  'update-holds-data': 'update-ignores-data',
  'update-only-data': 'update-changes-title',
  'update-without-data': 'update-requires-data',

  'reserved-not-created-by-update': 'reserved-creatable-by-update',
  'reserved-not-changed-by-update': 'reserved-changeable-by-update',
  'reserved-kept-by-update': 'reserved-dropped-by-update',
  'set-key-answer': 'set-key-answer-without-language-url',
  'set-key-adds': 'set-key-drops-other-keys',
  'set-key-exact-names': 'set-key-mangles-key-names',
  'set-key-updates': 'set-key-keeps-old-value',
  'set-key-round-trip': 'set-key-stringifies-numbers',
  'reserved-not-created-by-key-write': 'reserved-creatable-by-key-write',
  'reserved-not-changed-by-key-write': 'reserved-changeable-by-key-write',
  'delete-key-answer': 'delete-answers-200-with-body',
  'delete-key-gone': 'delete-keeps-key',
  'reserved-kept-by-delete': 'reserved-deletable',
  'list-plural': 'plural-path-404',
  'list-singular': 'singular-path-404',
  'list-comments-url': 'comments-url-json-suffix',
  'list-same-everywhere': 'comments-url-lists-nothing',
  'post-comment-listed': 'posted-comment-not-listed',
  'set-key-judged': 'set-key-flips-published',
  'delete-key-judged': 'delete-key-retitles',
  'update-judged': 'update-answer-text-plain',
  'reads-are-json': 'read-answer-text-html',
  'concurrent-distinct-keys': 'racy-set-key-loses-keys',
  'concurrent-same-key': 'racy-key-answer-rereads',
  'concurrent-removals': 'racy-delete-loses-removals',
  'concurrent-mixed-writes': 'racy-update-writes-stale-copy',
  'concurrent-across-articles': 'racy-shared-request-state',
  'concurrent-posts': 'racy-post-loses-posts',
  'set-key-keeps-edge-values': 'store-float32-numbers',
  'set-key-keeps-generated-values': 'store-float32-numbers',
  'set-key-keeps-edge-names': 'keys-case-insensitive',
  'set-key-keeps-generated-names': 'keys-latin1-column',
  'update-keeps-edge-values': 'store-empty-string-as-null',
};

/**
 * The broken variants, each with the check that catches it and the judge rule its failure
 * names (schemas/conformance/violation.ts): proof that each class of fault is caught for the right reason.
 */
const judgedCatchers: [variant: string, check: string, rule: Rule][] = [
  ['set-key-flips-published', 'set-key-judged', 'attributes-unchanged'],
  ['set-key-adds-tag', 'set-key-judged', 'attributes-unchanged'],
  ['set-key-answer-counts-no-comments', 'set-key-judged', 'answer-is-article'],
  ['delete-key-flips-publishing', 'delete-key-judged', 'attributes-unchanged'],
  ['delete-key-retitles', 'delete-key-judged', 'attributes-unchanged'],
  ['delete-key-updated-at-without-millis', 'delete-key-judged', 'article-shape'],
  ['post-leaves-count-stale', 'post-comment-listed', 'comments-count-grows-by-one'],
  ['post-counts-twice', 'post-comment-listed', 'comments-count-grows-by-one'],
  ['post-lists-comment-twice', 'post-comment-listed', 'comment-listed-once'],
  ['post-comment-month-13', 'post-comment-listed', 'real-dates'],
  ['post-moves-published-at', 'post-comment-listed', 'attributes-unchanged'],
  ['update-answer-text-plain', 'update-judged', 'media-type'],
  ['set-key-answer-text-plain', 'set-key-judged', 'media-type'],
  ['read-answer-text-html', 'reads-are-json', 'media-type'],
  ['list-answer-text-plain', 'reads-are-json', 'media-type'],
  ['post-answer-octet-stream', 'post-comment-listed', 'media-type'],
  ['racy-set-key-loses-keys', 'concurrent-distinct-keys', 'linearizable'],
  ['racy-key-answer-rereads', 'concurrent-same-key', 'linearizable'],
  ['racy-delete-loses-removals', 'concurrent-removals', 'linearizable'],
  ['racy-update-writes-stale-copy', 'concurrent-mixed-writes', 'linearizable'],
  ['racy-shared-request-state', 'concurrent-across-articles', 'linearizable'],
  ['racy-post-undercounts', 'concurrent-posts', 'posts-all-counted'],
  ['racy-post-loses-posts', 'concurrent-posts', 'posts-all-listed'],
  ['racy-update-uncounts-posts', 'concurrent-posts', 'posts-all-counted'],
  ['racy-update-lands-keys-one-by-one', 'concurrent-mixed-writes', 'linearizable'],
];

/**
 * Variants found by trying the suite as an adversary would (review 9), each with the check that
 * catches it and a fragment its failure report must contain, naming what broke.
 */
const adversaryCatchers: [variant: string, checks: string[], named: string][] = [
  ['set-key-mangles-key-names', ['set-key-exact-names'], 'ÜnÏ cödé'],
  // A key written on article 2 appears on article 1: the next write check there names that key
  // (set-key-adds is the first check of the run, so its keys carry the lane c0).
  ['set-key-writes-every-article', ['set-key-adds', 'set-key-updates'], '_on2_c0_added'],
  ['set-key-lowercases-key-names', ['set-key-exact-names'], 'ÜnÏ cödé'],
  ['set-key-trims-strings', ['set-key-round-trip'], '_type_whitespace_and_emoji'],
  ['set-key-flattens-line-breaks', ['set-key-round-trip'], '_type_whitespace_and_emoji'],
  ['set-key-drops-astral-characters', ['set-key-round-trip'], '_type_whitespace_and_emoji'],
  ['delete-removes-keys-by-prefix', ['delete-key-gone'], '_delete_gone_kept'],
  ['update-stringifies-numbers', ['update-holds-data'], '_update_integer'],
];

describe('each check', () => {
  // Pairing only: that the check fails against its variant is the test below; that no other
  // check does is not claimed (several checks may well catch the same break).
  test('is paired with one existing broken variant, and every pair names an existing check', () => {
    expect(Object.keys(catchers).sort()).toEqual(allChecks.map((check) => check.id).sort());
    expect(Object.values(catchers).filter((name) => !(name in brokenVariants))).toEqual([]);
  });

  // A pair the after-write and adversary tables below also run alone, asserting more of the
  // failure, is run there only: the same run twice proves nothing more.
  const runBelow = new Set([
    ...judgedCatchers.map(([variant, check]) => `${check} ${variant}`),
    ...adversaryCatchers.filter(([, checks]) => checks.length === 1).map(([variant, [check]]) => `${check} ${variant}`),
  ]);
  test.each(Object.entries(catchers).filter(([id, name]) => !runBelow.has(`${id} ${name}`)))(
    '%s fails, run alone, against the variant %s',
    async (id, name) => {
      const results = await runAloneAgainst(name, id);
      expect(results.map((result) => result.outcome)).toEqual(['failed']);
    },
    runTimeout,
  );
});

describe('each variant found by an adversary', () => {
  test.each(adversaryCatchers)(
    '%s fails the checks %j, and a failure report names %s',
    async (name, ids, named) => {
      const failed = (await runAloneAgainst(name, ...ids))
        .filter((result) => result.outcome === 'failed')
        .map((result) => `${result.check.id}: ${result.detail ?? ''}`);
      expect(failed).toContainEqual(expect.stringContaining(named));
    },
    runTimeout,
  );
});

describe('each after-write or media-type variant', () => {
  test.each(judgedCatchers)(
    '%s fails the check %s, whose report names the rule %s',
    async (name, id, rule) => {
      const results = await runAloneAgainst(name, id);
      expect(results.map((result) => result.outcome)).toEqual(['failed']);
      expect(results[0]?.detail).toContain(`[${rule}]`);
    },
    runTimeout,
  );
});

describe('the contract suite', () => {
  test(
    'passes against the correct mock and leaves every article as it found it',
    async () => {
      const { report, mock, before } = await runAgainst();
      expect(failures(report)).toEqual([]);
      expect(report.results.filter((result) => result.outcome === 'passed').length).toBeGreaterThan(30);
      expect(report.restore.flatMap((restore) => restore.problems)).toEqual([]);
      expect(articlesOf(mock.state())).toEqual(articlesOf(before));
    },
    runTimeout,
  );

  test(
    'sends only reads in a read-only run and changes nothing',
    async () => {
      const { report, mock, before } = await runAgainst(undefined, { readOnly: true });
      expect(failures(report)).toEqual([]);
      expect(report.results.every((result) => !result.check.changesData && !result.check.postsComment)).toBe(true);
      expect(new Set(mock.journal().map((entry) => entry.method))).toEqual(new Set(['GET']));
      expect(mock.state()).toEqual(before);
    },
    runTimeout,
  );

  test(
    'restores the data a broken target lost when checks fail midway',
    async () => {
      const { report, mock, before } = await runAgainst(brokenVariants['set-key-drops-other-keys'], {
        articleIds: [1],
      });
      expect(failures(report).length).toBeGreaterThan(0);
      expect(articlesOf(mock.state())).toEqual(articlesOf(before));
    },
    runTimeout,
  );

  test(
    'puts back an attribute that a broken update applied',
    async () => {
      const { mock, before } = await runAgainst(brokenVariants['update-changes-title'], { articleIds: [1] });
      expect(articlesOf(mock.state())).toEqual(articlesOf(before));
    },
    runTimeout,
  );

  test('the broken variants cover every interface section, and the proof page counts them as they are', () => {
    const covered = new Set<string>(Object.values(brokenVariants).map((variant) => variant.section));
    expect(Object.keys(sections).filter((section) => !covered.has(section))).toEqual([]);
    const page = readFileSync(join(projectRoot, 'docs', 'contract-proof.md'), 'utf8');
    const counts = docTables.find((table) => table.name === 'variant counts');
    const generated = fillRegion(page, 'docs/contract-proof.md', 'variant counts', counts?.render() ?? '');
    expect(generated.replace(/[\s|-]+/g, ' ')).toBe(page.replace(/[\s|-]+/g, ' '));
  });

  test.each(Object.keys(brokenVariants))(
    'fails against the broken variant %s',
    async (name) => {
      const variant = brokenVariants[name];
      const articleIds = variant?.articleIds ?? [1];
      const { report } = await runAgainst(variant, { stopAtFirstFailure: true, articleIds });
      expect(failures(report).length).toBeGreaterThan(0);
    },
    runTimeout,
  );

  test.each(Object.keys(harmlessVariants))(
    'passes against the harmless variant %s',
    async (name) => {
      const { report } = await runAgainst(harmlessVariants[name], { articleIds: [1] });
      expect(failures(report)).toEqual([]);
    },
    runTimeout,
  );
});
