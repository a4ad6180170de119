/**
 * The report files (`--junit`, `--html`) from records: counts, escaping, and what a failure shows.
 * The records here are written out by hand so each field's rendering is seen; the CLI test and the
 * browser test render records of real runs.
 */
import { renderHtml } from './html';
import { renderJunit } from './junit';
import type { CheckRecord, RunSummary } from './record';

const passed: CheckRecord = {
  section: '4.3',
  heading: '4.3 Set or add one data key',
  id: 'set-key-adds',
  title: 'adds a new key and keeps every other key',
  articleId: 1,
  outcome: 'passed',
  curls: [],
  durationMs: 12,
};

const skipped: CheckRecord = {
  ...passed,
  id: 'reserved-kept',
  title: 'keeps the reserved key',
  outcome: 'not applicable',
  detail: 'article 2 has no svc_ key',
  articleId: 2,
};

const failed: CheckRecord = {
  ...passed,
  id: 'concurrent-distinct-keys',
  title: 'keys written at once are all kept',
  outcome: 'failed',
  detail: '[linearizable] after #1, the read showed <script>alert(1)</script> & "quotes" \u0001',
  expected: 'some order of the requests explains every answer',
  actual: '[linearizable] the read lost key "k2" <b>\nafter #1, the read showed <script>alert(1)</script> & "quotes" \u0001',
  curls: ["curl -sS -i -X PUT 'http://127.0.0.1:1/admin/api/articles/1/data/k1'"],
  timeline: {
    requests: [
      { label: '#1 PUT k1', sentAt: 0.5, answeredAt: 9, answer: '200 {}', curl: 'curl one' },
      { label: '#2 PUT k2', sentAt: 0.7, answeredAt: undefined, answer: 'no answer: reset', curl: 'curl two' },
    ],
    why: 'no order keeps k1',
  },
  durationMs: 40,
};

const run = (records: CheckRecord[]): RunSummary => ({
  target: 'http://127.0.0.1:1',
  articleIds: [1, 2],
  mode: 'checks',
  seed: 42,
  restore: ['article 1: data restored'],
  records,
});

describe('the JUnit XML', () => {
  const xml = renderJunit(run([passed, skipped, failed]));

  test('counts every record, its failures and the checks that did not apply', () => {
    expect(xml).toContain('<testsuites name="contract suite" tests="3" failures="1" skipped="1" time="0.064">');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<skipped message="article 2 has no svc_ key"/>');
  });

  test('escapes markup and replaces characters XML cannot carry', () => {
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; \ufffd');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0001');
  });

  test('names each case by its title and article, classed by interface section', () => {
    expect(xml).toContain(
      '<testcase classname="4.3 Set or add one data key" name="keys written at once are all kept (article 1)" time="0.040">',
    );
    expect(xml).toContain('<property name="seed" value="42"/>');
  });
});

describe('the HTML report', () => {
  const page = renderHtml(run([passed, skipped, failed]));

  test('says the verdict and counts each interface section', () => {
    expect(page).toContain('<h1>Contract run failed</h1>');
    expect(page).toMatch(
      /<tr class="failed"><th scope="row">4\.3 Set or add one data key<\/th><td>1<\/td><td>1<\/td><td>1<\/td><\/tr>/,
    );
  });

  test('shows a failure with the sentence of the rule it breaks, what came back, the timeline and the replay', () => {
    expect(page).toContain('<code>linearizable</code>: requests sent at once');
    expect(page).toContain('the read lost key &quot;k2&quot; &lt;b&gt;');
    expect(page.match(/<g class="request (answered|never)">/g)).toEqual([
      '<g class="request answered">',
      '<g class="request never">',
    ]);
    expect(page).toContain('no order keeps k1');
    expect(page).toContain('curl -sS -i -X PUT');
  });

  test('holds no script and loads nothing: it is one self-contained page', () => {
    expect(page).not.toMatch(/<script|<link|src=|@import|url\(/);
  });

  test('says so when nothing failed', () => {
    const clean = renderHtml(run([passed]));
    expect(clean).toContain('<h1>Contract run passed</h1>');
    expect(clean).toContain('No check failed.');
  });
});
