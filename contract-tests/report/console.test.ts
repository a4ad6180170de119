/** What `npm run contract` prints, from the run's records. */
import { progressLine, summaryText } from './console';
import { failureLines, linesPerFailure } from './failure-text';
import type { CheckRecord } from './record';

const record = (fields: Partial<CheckRecord>): CheckRecord => ({
  section: '4.1',
  heading: '4.1 Read one article',
  id: 'read',
  title: 'answers 200',
  articleId: 1,
  outcome: 'passed',
  curls: [],
  durationMs: 1,
  ...fields,
});

const passed = record({});
const failed = record({
  section: '4.4',
  heading: '4.4 Remove one data key',
  id: 'remove',
  title: 'answers 204',
  outcome: 'failed',
  detail: "expected: a thing\nactual:   another\nreproduce:\n  curl -sS -i -X GET 'http://h/x'",
});
const skipped = record({ id: 'kept', title: 'keeps it', articleId: 2, outcome: 'not applicable', detail: 'why' });

test('prints a check under its section heading only when the section changes', () => {
  expect(progressLine(passed, undefined)).toBe('\n4.1 Read one article\n  ✓ answers 200 (article 1)\n');
  expect(progressLine(skipped, passed)).toBe('  - keeps it (article 2)\n');
  expect(progressLine(failed, skipped)).toBe('\n4.4 Remove one data key\n  ✗ answers 204 (article 1)\n');
});

test('prints each failure in full, the checks that did not apply, and counts per section', () => {
  const output = summaryText([passed, skipped, failed]);
  expect(output).toContain(
    "4.4 Remove one data key > answers 204 (article 1)\n    expected: a thing\n    actual:   another\n    reproduce:\n      curl -sS -i -X GET 'http://h/x'\n",
  );
  expect(output).toContain('Not applicable\n  kept on article 2: why');
  expect(output).toContain(
    '  4.1 Read one article     ✓ 1 passed, 1 not applicable\n  4.4 Remove one data key  ✗ 0 passed, 1 failed',
  );
  expect(output).toContain('3 checks: 1 passed, 1 failed, 1 not applicable');
});

test('prints no failures heading when every check passed', () => {
  expect(summaryText([passed])).not.toContain('Failures');
});

test('colours the marks and headings through the paint it is given, and leaves the rest as it was', () => {
  const tagged = (style: string, text: string): string => `<${style}>${text}</${style}>`;
  expect(progressLine(passed, undefined, tagged)).toBe(
    '\n<heading>4.1 Read one article</heading>\n  <passed>✓</passed> answers 200 (article 1)\n',
  );
  expect(progressLine(skipped, passed, tagged)).toBe('  <skipped>-</skipped> keeps it (article 2)\n');
  const output = summaryText([passed, failed], tagged);
  expect(output).toContain('<failed>Failures</failed>\n========');
  expect(output).toContain('4.4 Remove one data key  <failed>✗</failed> 0 passed, 1 failed');
  expect(output.replace(/<\/?[a-z]+>/g, '')).toBe(summaryText([passed, failed]));
});

describe('a failure in the summary', () => {
  const request = { sentAt: 1, answeredAt: 9, answer: `200 ${'{"data":1}'.repeat(50)}`, curl: 'curl one' };
  const burst = record({
    outcome: 'failed',
    expected: 'some order explains every answer',
    actual: Array.from({ length: 30 }, (_, index) => `[data-as-predicted] /data/k${String(index)}: missing`).join('\n'),
    timeline: {
      requests: Array.from({ length: 20 }, (_, index) => ({ ...request, label: `#${String(index)}` })),
      why: 'w',
    },
    curls: Array.from({ length: 20 }, () => 'curl one'),
    caseFile: 'contract-failures/01-burst-article-1.json',
  });

  test('keeps a failure of many paths, requests and curls to 15 lines, naming the case file for the rest', () => {
    const lines = failureLines(burst);
    expect(lines.length).toBeLessThanOrEqual(linesPerFailure - 1);
    expect(lines).toContain('          ... and 25 more line(s) in the case file');
    expect(lines).toContain('reproduce: the 20 curl commands are in the case file');
    expect(lines.at(-1)).toBe('case file: contract-failures/01-burst-article-1.json');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(400);
  });

  test('keeps the shrunk steps of --explore', () => {
    const shrunk = failureLines({
      ...burst,
      actual: 'one',
      timeline: undefined,
      steps: ['  1. set a to 1'],
      curls: [],
    });
    expect(shrunk).toContain('steps:');
    expect(shrunk).toContain('  1. set a to 1');
  });

  test('prints the curl commands whole when they fit', () => {
    const few = failureLines({ ...burst, actual: 'one', timeline: undefined, curls: ['curl a', 'curl b'] });
    expect(few).toEqual([
      'expected: some order explains every answer',
      'actual:   one',
      'reproduce:',
      '  curl a',
      '  curl b',
      'case file: contract-failures/01-burst-article-1.json',
    ]);
  });
});
