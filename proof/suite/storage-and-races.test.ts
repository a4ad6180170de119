/**
 * Proof of the checks that only requests sent at once, or values and names real stores change,
 * can fail: each racy or mangling variant is failed by the check that names it, and nothing else
 * cries wolf (contract-concurrency.md, contract-values.md).
 */
import { brokenVariants, harmlessVariants } from '../variants';
import { allChecks } from '../../contract-tests/checks';
import { startInProcessMock } from '../../contract-tests/in-process';
import { runChecks } from '../../contract-tests/runner';
import { failures, runAgainst, runAloneAgainst, runTimeout } from './run-against';
import { meetingKinds, pairsAmong } from '../../contract-tests/concurrent/meetings';

/** Each storage layer that changes values or names, with the catalogue entry its failure must name. */
const manglingCatchers: [variant: string, check: string, named: string][] = [
  ['store-float32-numbers', 'set-key-keeps-edge-values', 'largest safe integer'],
  ['store-empty-string-as-null', 'set-key-keeps-edge-values', 'an empty string'],
  ['store-cuts-at-nul', 'set-key-keeps-edge-values', 'a string with a NUL'],
  ['store-normalizes-nfc', 'set-key-keeps-edge-values', 'a decomposed accent'],
  ['store-truncates-long-strings', 'set-key-keeps-edge-values', 'a 70,000-character string'],
  ['store-parses-dates', 'set-key-keeps-edge-values', 'a string that looks like a date'],
  ['store-empty-array-as-null', 'set-key-keeps-edge-values', 'an empty array'],
  ['store-coerces-numeric-strings', 'set-key-keeps-edge-values', 'a string that looks like a number'],
  ['keys-case-insensitive', 'set-key-keeps-edge-names', 'lower case twin'],
  ['keys-plus-as-space', 'set-key-keeps-edge-names', 'a plus'],
  ['keys-latin1-column', 'set-key-keeps-edge-names', 'a decomposed é'],
  ['keys-truncated-255', 'set-key-keeps-edge-names', 'a 300-character name'],
  ['keys-trimmed', 'set-key-keeps-edge-names', 'a trailing space'],
];

describe('each storage layer that changes values or names', () => {
  test.each(manglingCatchers)(
    '%s fails the check %s, and the report names the catalogue entry %s',
    async (name, id, named) => {
      const results = await runAloneAgainst(name, id);
      expect(results.map((result) => result.outcome)).toEqual(['failed']);
      expect(results[0]?.detail).toContain(named);
    },
    runTimeout,
  );
});

describe('requests sent at once', () => {
  const concurrencyIds = [
    'concurrent-distinct-keys',
    'concurrent-same-key',
    'concurrent-mixed-writes',
    'concurrent-posts',
  ];
  const racy = Object.keys(brokenVariants).filter((name) => name.startsWith('racy-'));

  test.each(racy)(
    'the checks that send one request at a time all pass %s: only requests sent at once show its fault',
    async (name) => {
      const target = await startInProcessMock({ rules: brokenVariants[name]?.rules ?? {}, validateResponses: false });
      try {
        const report = await runChecks({ baseUrl: target.baseUrl, articleIds: [1], concurrency: 1, maxInFlight: 1 });
        expect(failures(report)).toEqual([]);
      } finally {
        await target.close();
      }
    },
    runTimeout,
  );

  test(
    'a conformant target with latency that delays each write at random and orders them its own way passes 25 runs in a row, key checks running beside the bursts',
    async () => {
      // Every answer a few milliseconds late, as across a network: checks that share an article then
      // overlap for real, so each must judge its own keys and allow for those of the others in flight.
      const target = await startInProcessMock({
        rules: harmlessVariants['jittered-writes']?.rules ?? {},
        faults: { delayMs: [0, 3] },
      });
      try {
        const ids = [...concurrencyIds, 'set-key-adds', 'set-key-updates', 'delete-key-gone', 'set-key-judged'];
        const checks = allChecks.filter((check) => [...ids, 'concurrent-across-articles'].includes(check.id));
        for (let run = 0; run < 25; run += 1) {
          const report = await runChecks({ baseUrl: target.baseUrl, articleIds: [1, 2] }, checks);
          expect([run, failures(report)]).toEqual([run, []]);
          // Each check on both articles, and the writes across articles once.
          expect(report.results.filter((result) => result.outcome === 'passed')).toHaveLength(ids.length * 2 + 1);
        }
      } finally {
        await target.close();
      }
    },
    runTimeout * 4,
  );
});

describe('every pair of the six operations at once', () => {
  const matrixIds = ['concurrent-mixed-writes', 'concurrent-posts', 'concurrent-across-articles'];
  const matrixChecks = allChecks.filter((check) => matrixIds.includes(check.id));

  test(
    'meets in a burst on one article and in a burst across two, against the correct mock',
    async () => {
      const target = await startInProcessMock({});
      try {
        const report = await runChecks({ baseUrl: target.baseUrl, articleIds: [1, 2] }, matrixChecks);
        expect(failures(report)).toEqual([]);
        expect([...report.meetings.met.same].sort()).toEqual(pairsAmong(meetingKinds).sort());
        expect([...report.meetings.met.across].sort()).toEqual(pairsAmong(meetingKinds).sort());
      } finally {
        await target.close();
      }
    },
    runTimeout,
  );

  test(
    'passes a conformant target that takes up to 25 ms over each write, post included, and applies it in one step, 5 runs in a row',
    async () => {
      const target = await startInProcessMock({ rules: harmlessVariants['slow-writes-in-one-step']?.rules ?? {} });
      try {
        for (let run = 0; run < 5; run += 1) {
          const report = await runChecks({ baseUrl: target.baseUrl, articleIds: [1, 2] }, matrixChecks);
          expect([run, failures(report)]).toEqual([run, []]);
        }
      } finally {
        await target.close();
      }
    },
    runTimeout * 2,
  );
});

describe('a fault that shows only on the first write', () => {
  test(
    'is caught by the checks whose reads the first write falls between, each naming the attribute, and the run ends naming it changed since its first read',
    async () => {
      const { report } = await runAgainst(brokenVariants['first-write-resets-published'], { articleIds: [1] });
      // Checks that share the article run side by side, so which one sends the first write is not
      // fixed; every check that read the article before it and after it sees the change.
      const failed = report.results.filter((result) => result.outcome === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const result of failed) expect(result.detail).toContain('[attributes-unchanged]');
      expect(report.restore[0]?.changed).toEqual([
        expect.stringMatching(/^\[attributes-unchanged\] \/published: false instead of true/),
      ]);
    },
    runTimeout,
  );
});
