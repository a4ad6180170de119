/**
 * The jest reporter of `npm run contract`: a line per check as it finishes, under its interface
 * section, then every failure with what was expected, what came back and the `curl` commands
 * that reproduce it, and a count per section. Jest loads it by path; only the fields used are typed.
 */
interface CaseResult {
  ancestorTitles: string[];
  title: string;
  status: string;
  failureMessages: string[];
}

interface FileResult {
  testResults: CaseResult[];
  failureMessage?: string | null;
  testExecError?: { message: string } | null;
  console?: { message: string; type: string }[] | null;
}

interface RunResult {
  numFailedTests: number;
  numPassedTests: number;
  numTotalTests: number;
  testResults: FileResult[];
}

const mark = (status: string): string => (status === 'passed' ? '✓' : status === 'failed' ? '✗' : '-');

/** The failure report without jest's stack lines (a ContractFailure has none of use). */
export function cleanFailure(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join('\n')
    .replace(/^(ContractFailure|Error): /, '')
    .trim();
}

export default class SummaryReporter {
  private section = '';
  /** Console lines of the test file (notes on checks that did not apply); jest drops them before onRunComplete. */
  private notes: string[] = [];

  onTestResult(_test: unknown, file: FileResult): void {
    this.notes.push(...(file.console ?? []).map((entry) => entry.message));
  }

  onTestCaseResult(_test: unknown, result: CaseResult): void {
    const section = result.ancestorTitles[0] ?? '';
    if (section !== this.section) process.stdout.write(`\n${section}\n`);
    this.section = section;
    process.stdout.write(`  ${mark(result.status)} ${result.title}\n`);
  }

  onRunComplete(_contexts: unknown, run: RunResult): void {
    const cases = run.testResults.flatMap((file) => file.testResults);
    const failed = cases.filter((result) => result.status === 'failed');
    const lines: string[] = [];
    if (failed.length > 0) lines.push('', 'Failures', '========');
    for (const result of failed) {
      lines.push(
        '',
        `${result.ancestorTitles.join(' > ')} > ${result.title}`,
        ...result.failureMessages.map((message) => indent(cleanFailure(message))),
      );
    }
    for (const file of run.testResults) {
      const problem =
        file.testExecError?.message ??
        (file.failureMessage && !file.testResults.some((result) => result.status === 'failed')
          ? file.failureMessage
          : undefined);
      if (problem) lines.push('', 'Problem outside the checks:', indent(cleanFailure(problem)));
    }
    if (this.notes.length > 0) lines.push('', 'Notes', ...this.notes.map((note) => `  ${note}`));
    lines.push(
      '',
      'By interface section',
      ...bySection(cases),
      '',
      `${run.numTotalTests} checks: ${run.numPassedTests} passed, ${run.numFailedTests} failed`,
      '',
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function bySection(cases: CaseResult[]): string[] {
  const counts = new Map<string, { passed: number; failed: number }>();
  for (const result of cases) {
    const section = result.ancestorTitles[0] ?? '';
    const count = counts.get(section) ?? { passed: 0, failed: 0 };
    if (result.status === 'passed') count.passed += 1;
    if (result.status === 'failed') count.failed += 1;
    counts.set(section, count);
  }
  const width = Math.max(0, ...[...counts.keys()].map((section) => section.length));
  return [...counts].map(
    ([section, count]) =>
      `  ${section.padEnd(width)}  ${count.failed > 0 ? '✗' : '✓'} ${count.passed} passed${count.failed > 0 ? `, ${count.failed} failed` : ''}`,
  );
}
