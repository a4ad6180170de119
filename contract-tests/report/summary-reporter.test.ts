/** The summary of `npm run contract`: grouped by section, failures in full, without stack lines. */
import SummaryReporter, { cleanFailure } from './summary-reporter';

const failure =
  "ContractFailure: expected: a thing\nactual:   another\nreproduce:\n  curl -sS -i -X GET 'http://h/x'\n    at Object.<anonymous> (contract-tests/checks/read.ts:1:1)";
const cases = [
  { ancestorTitles: ['4.1 Read one article'], title: 'answers 200 (article 1)', status: 'passed', failureMessages: [] },
  {
    ancestorTitles: ['4.4 Remove one data key'],
    title: 'answers 204 (article 1)',
    status: 'failed',
    failureMessages: [failure],
  },
];

function printed(run: (reporter: SummaryReporter) => void): string {
  const writes: string[] = [];
  const spy = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => writes.push(String(chunk)) > 0);
  try {
    run(new SummaryReporter());
  } finally {
    spy.mockRestore();
  }
  return writes.join('');
}

test('drops stack lines and the error name from a failure', () => {
  expect(cleanFailure(failure)).toBe(
    "expected: a thing\nactual:   another\nreproduce:\n  curl -sS -i -X GET 'http://h/x'",
  );
});

test('prints each check under its section as it finishes, then failures and counts per section', () => {
  const output = printed((reporter) => {
    for (const result of cases) reporter.onTestCaseResult(undefined, result);
    reporter.onTestResult(undefined, {
      testResults: cases,
      console: [{ message: 'not applicable: x on article 2: why', type: 'info' }],
    });
    reporter.onRunComplete(undefined, {
      numFailedTests: 1,
      numPassedTests: 1,
      numTotalTests: 2,
      testResults: [{ testResults: cases }],
    });
  });
  expect(output).toContain(
    '\n4.1 Read one article\n  ✓ answers 200 (article 1)\n\n4.4 Remove one data key\n  ✗ answers 204 (article 1)\n',
  );
  expect(output).toContain(
    "4.4 Remove one data key > answers 204 (article 1)\n    expected: a thing\n    actual:   another\n    reproduce:\n      curl -sS -i -X GET 'http://h/x'\n",
  );
  expect(output).toContain('Notes\n  not applicable: x on article 2: why');
  expect(output).toContain('  4.1 Read one article     ✓ 1 passed\n  4.4 Remove one data key  ✗ 0 passed, 1 failed');
  expect(output).toContain('2 checks: 1 passed, 1 failed');
});
