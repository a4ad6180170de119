/**
 * `--junit <file>`: the run's records as JUnit XML, the format CI systems read, one test case per
 * record, classed by interface section. Written by hand because the records are the suite's own
 * (jest's reporters see only jest's results, and `--explore` has no jest run); the format needs
 * five elements and one escape function.
 */
import { showText } from 'site-articles-schemas/conformance';
import { escapeMarkup } from 'site-articles-schemas/command-line';
import { failureLines } from './failure-text';
import { countOutcomes, type CheckRecord, type RunSummary } from './record';
import { sequencesRun } from './run-facts';
import { statedRulesProperties } from './stated-rules';

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

/** The suite's properties: how to replay it, what ran, and when and how it was run. */
function properties(run: RunSummary): [string, string][] {
  const sequences = sequencesRun(run);
  return [
    ['seed', String(run.seed)],
    ['mode', run.mode],
    ...(sequences === undefined ? [] : [['sequences', String(sequences)] as [string, string]]),
    ['started', run.facts.startedAt],
    ['version', run.facts.version],
    ['command', run.facts.commandLine],
    ...(run.statedRules ? statedRulesProperties(run.statedRules) : []),
  ];
}

export function renderJunit(run: RunSummary): string {
  const counts = countOutcomes(run.records);
  // The wall time: checks run side by side, so the sum of their times would overstate it.
  const time = seconds(run.facts.durationMs);
  const totals = `tests="${String(run.records.length)}" failures="${String(counts.failed)}" skipped="${String(counts['not applicable'])}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract suite" ${totals}>`,
    `  <testsuite name="${escapeMarkup(`contract suite: ${run.target}`)}" ${totals}>`,
    '    <properties>',
    ...properties(run).map(([name, value]) => `      <property name="${name}" value="${escapeMarkup(value)}"/>`),
    '    </properties>',
    ...run.records.map(testCase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
