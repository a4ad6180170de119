/**
 * `--junit <file>`: the run's records as JUnit XML, the format CI systems read, one test case per
 * record, classed by interface section. Written by hand because the records are the suite's own
 * (jest's reporters see only jest's results, and `--explore` has no jest run); the format needs
 * five elements and one escape function.
 */
import { showText } from 'site-articles-schemas/conformance';
import { escapeMarkup } from './escape';
import { failureLines } from './failure-text';
import { countOutcomes, type CheckRecord, type RunSummary } from './record';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testCase(record: CheckRecord): string {
  const name = escapeMarkup(
    `${record.title}${record.articleId === undefined ? '' : ` (article ${String(record.articleId)})`}`,
  );
  const open = `    <testcase classname="${escapeMarkup(record.heading)}" name="${name}" time="${seconds(record.durationMs)}"`;
  if (record.outcome === 'passed') return `${open}/>`;
  if (record.outcome === 'not applicable')
    return `${open}>\n      <skipped message="${escapeMarkup(record.detail ?? 'not applicable')}"/>\n    </testcase>`;
  const message = escapeMarkup(showText(record.expected ?? record.detail?.split('\n')[0] ?? 'failed'));
  const detail = escapeMarkup(failureLines(record).join('\n'));
  return `${open}>\n      <failure message="${message}">${detail}</failure>\n    </testcase>`;
}

export function renderJunit(run: RunSummary): string {
  const counts = countOutcomes(run.records);
  const time = seconds(run.records.reduce((sum, record) => sum + record.durationMs, 0));
  const totals = `tests="${String(run.records.length)}" failures="${String(counts.failed)}" skipped="${String(counts['not applicable'])}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract suite" ${totals}>`,
    `  <testsuite name="${escapeMarkup(`contract suite: ${run.target}`)}" ${totals}>`,
    `    <properties>\n      <property name="seed" value="${String(run.seed)}"/>\n      <property name="mode" value="${run.mode}"/>\n    </properties>`,
    ...run.records.map(testCase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
