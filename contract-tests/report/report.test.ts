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
  actual:
    '[linearizable] the read lost key "k2" <b>\nafter #1, the read showed <script>alert(1)</script> & "quotes" \u0001',
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
  facts: {
    startedAt: '2026-11-28T01:02:03.456Z',
    durationMs: 30,
    version: '9.8.7',
    commandLine: 'articles-contract --base-url http://127.0.0.1:1 --token ***',
  },
});

describe('the JUnit XML', () => {
  const xml = renderJunit(run([passed, skipped, failed]));

  test('counts every record, its failures and the checks that did not apply', () => {
    expect(xml).toContain('<testsuites name="contract suite" tests="3" failures="1" skipped="1" time="0.030">');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<skipped message="article 2 has no svc_ key"/>');
  });

  test('escapes markup and replaces characters XML cannot carry', () => {
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; \ufffd');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0001');
  });

  test('gives the suite the wall time of the run, not the sum of its checks, which run side by side', () => {
    expect(xml).toMatch(/<testsuite name="[^"]*" tests="3" failures="1" skipped="1" time="0\.030">/);
    expect(xml).toContain('time="0.040"');
  });

  test('says when, with which version and by which command the run was made, the token left out', () => {
    expect(xml).toContain('<property name="started" value="2026-11-28T01:02:03.456Z"/>');
    expect(xml).toContain('<property name="version" value="9.8.7"/>');
    expect(xml).toContain(
      '<property name="command" value="articles-contract --base-url http://127.0.0.1:1 --token ***"/>',
    );
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

  test('says when the run started, how long it took, the suite version and the command line', () => {
    expect(page).toContain(
      '<p class="facts">started 2026-11-28 01:02:03 UTC · took 0.0 s · site-articles-contract 9.8.7<br><code>articles-contract --base-url http://127.0.0.1:1 --token ***</code></p>',
    );
  });

  test('counts the random sequences that ran with --explore, not the records of its articles', () => {
    const explored = renderHtml({
      ...run([
        { ...passed, sequences: 100 },
        { ...failed, articleId: 2, sequences: 37 },
      ]),
      mode: 'explore',
    });
    expect(explored).toContain('<p class="counts">137 random sequences on 2 article(s): 136 passed, 1 failed</p>');
  });

  test('folds a long line of what came back at its last space within 200 characters, to be opened, and shows a short one whole', () => {
    const reason = `[linearizable] after ${Array.from({ length: 40 }, (_, index) => `#${String(index)} PUT data/k${String(index)}`).join(', ')}, the read lost k1`;
    const folded = renderHtml(run([{ ...failed, actual: `${reason}\nthe read after showed k2` }]));
    const cut = reason.lastIndexOf(' ', 200);
    expect(reason.slice(0, cut)).toMatch(/^.{150,200}$/);
    expect(folded).toContain(
      `<li class="note"><details><summary>${reason.slice(0, cut)}…</summary>…${reason.slice(cut + 1)}</details></li>`,
    );
    expect(folded).toContain('<li class="note">the read after showed k2</li>');
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
