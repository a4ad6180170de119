/**
 * What `npm run contract` prints: a line per check as it finishes, under its interface section,
 * then every failure with what was expected, what came back and the `curl` commands that
 * reproduce it, the checks that did not apply, and a count per section. Printed from the same
 * records as `--junit` and `--html`, so the three never disagree.
 */
import { plain, type Paint, type Style } from './colour';
import { countOutcomes, type CheckRecord } from './record';
import { failureLines } from './failure-text';

const marks = {
  passed: ['passed', '✓'],
  failed: ['failed', '✗'],
  'not applicable': ['skipped', '-'],
} as const satisfies Record<CheckRecord['outcome'], readonly [Style, string]>;

const mark = (record: CheckRecord, paint: Paint): string => {
  const [style, sign] = marks[record.outcome];
  return paint(style, sign);
};

const named = (record: CheckRecord): string =>
  record.articleId === undefined ? record.title : `${record.title} (article ${String(record.articleId)})`;

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** The line of one finished check, led by its section's heading when it opens a new section. */
export function progressLine(record: CheckRecord, previous: CheckRecord | undefined, paint = plain): string {
  const heading = previous?.heading === record.heading ? '' : `\n${paint('heading', record.heading)}\n`;
  return `${heading}  ${mark(record, paint)} ${named(record)}\n`;
}

function bySection(records: CheckRecord[], paint: Paint): string[] {
  const headings = [...new Set(records.map((record) => record.heading))];
  const width = Math.max(0, ...headings.map((heading) => heading.length));
  return headings.map((heading) => {
    const count = countOutcomes(records.filter((record) => record.heading === heading));
    const failed = count.failed > 0 ? `, ${String(count.failed)} failed` : '';
    const skipped = count['not applicable'] > 0 ? `, ${String(count['not applicable'])} not applicable` : '';
    const sectionMark = count.failed > 0 ? paint('failed', '✗') : paint('passed', '✓');
    return `  ${heading.padEnd(width)}  ${sectionMark} ${String(count.passed)} passed${failed}${skipped}`;
  });
}

/** Failures in full, then the checks that did not apply and why, then the counts. */
export function summaryText(records: CheckRecord[], paint = plain): string {
  const failed = records.filter((record) => record.outcome === 'failed');
  const skipped = records.filter((record) => record.outcome === 'not applicable');
  const count = countOutcomes(records);
  const lines: string[] = [];
  if (failed.length > 0) lines.push('', paint('failed', 'Failures'), '========');
  for (const record of failed)
    lines.push('', `${record.heading} > ${named(record)}`, indent(failureLines(record).join('\n')));
  if (skipped.length > 0)
    lines.push(
      '',
      paint('heading', 'Not applicable'),
      ...skipped.map((record) => `  ${record.id} on article ${String(record.articleId)}: ${record.detail ?? ''}`),
    );
  const notApplicable = count['not applicable'] > 0 ? `, ${String(count['not applicable'])} not applicable` : '';
  lines.push(
    '',
    paint('heading', 'By interface section'),
    ...bySection(records, paint),
    '',
    `${String(records.length)} checks: ${String(count.passed)} passed, ${String(count.failed)} failed${notApplicable}`,
    '',
  );
  return lines.join('\n');
}
