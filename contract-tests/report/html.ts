/**
 * `--html <file>`: one self-contained page (no script, no network) that a person acts on: a summary
 * per interface section, then each failure with the interface's sentence it breaks, what came
 * back, the drawn timeline for requests sent at once, and the curl commands that replay it.
 */
import { escapeMarkup } from 'site-articles-schemas/command-line';
import { readJudgedLine, rules, type Rule } from 'site-articles-schemas/conformance';
import { countOutcomes, type CheckRecord, type RunSummary } from './record';
import { timelineSvg } from './timeline-svg';
import { htmlStyle } from './html-style';
import { wholeCurl } from './failure-text';
import { describeDuration, whatRan } from './run-facts';
import { statedRulesHtml } from './stated-rules';

const pre = (text: string): string => `<pre>${escapeMarkup(text)}</pre>`;

/** Lines of what came back shown in the page; the case file holds the rest. */
const shownLines = 40;

const firstLines = (text: string, record: CheckRecord): string => {
  const lines = text.split('\n');
  if (lines.length <= shownLines) return text;
  const where = record.caseFile ? 'in the case file' : 'not shown';
  return [...lines.slice(0, shownLines), `... and ${String(lines.length - shownLines)} more line(s) ${where}`].join(
    '\n',
  );
};

/** The rules a failure names (`[rule]` in its report), with the sentence each states. */
function brokenRules(record: CheckRecord): [Rule, string][] {
  const named = [...(record.detail ?? '').matchAll(/\[([a-z0-9-]+)\]/g)].map((match) => match[1] ?? '');
  return [...new Set(named)].filter((name): name is Rule => name in rules).map((name) => [name, rules[name]]);
}

const forArticle = (record: CheckRecord): string =>
  record.articleId === undefined ? '' : ` <span class="article">article ${String(record.articleId)}</span>`;

function sectionRows(records: CheckRecord[]): string {
  const headings = [...new Set(records.map((record) => record.heading))];
  return headings
    .map((heading) => {
      const counts = countOutcomes(records.filter((record) => record.heading === heading));
      const state = counts.failed > 0 ? 'failed' : 'passed';
      return `<tr class="${state}"><th scope="row">${escapeMarkup(heading)}</th><td>${String(counts.passed)}</td><td>${String(counts.failed)}</td><td>${String(counts['not applicable'])}</td></tr>`;
    })
    .join('\n');
}

function timelineBlock(record: CheckRecord): string {
  const { timeline } = record;
  if (!timeline) return '';
  const rows = timeline.requests
    .map(
      (request) =>
        `<tr><td>${escapeMarkup(request.label)}</td><td>${request.sentAt.toFixed(1)} ms</td><td>${request.answeredAt === undefined ? 'never' : `${request.answeredAt.toFixed(1)} ms`}</td><td><code>${escapeMarkup(request.answer)}</code></td></tr>`,
    )
    .join('');
  return [
    '<h4>Requests sent at once</h4>',
    '<p class="legend">Each bar runs from when a request left to when its answer came; bars that overlap were in flight together, and the target may have served them in any order.</p>',
    timelineSvg(timeline),
    `<div class="scroll"><table class="requests"><thead><tr><th>request</th><th>sent</th><th>answered</th><th>answer</th></tr></thead><tbody>${rows}</tbody></table></div>`,
    `<p><strong>Why no order explains it:</strong> ${escapeMarkup(timeline.why)}</p>`,
  ].join('\n');
}

/**
 * Characters of a line that is not a path (the reason no order explains a burst, say) shown before
 * the rest folds away, to be opened: a long one would push the failure's first difference off a
 * phone's first screen.
 */
const noteShown = 200;

function noteItem(line: string): string {
  if (line.length <= noteShown) return `<li class="note">${escapeMarkup(line)}</li>`;
  // At the last space within the limit, so that no word is split between the two.
  const space = line.lastIndexOf(' ', noteShown);
  const at = space > noteShown / 2 ? space : noteShown;
  const [shown, rest] = [line.slice(0, at), line.slice(at).trimStart()];
  return `<li class="note"><details><summary>${escapeMarkup(shown)}…</summary>…${escapeMarkup(rest)}</details></li>`;
}

/** What came back, each path that differs on its own line with its kind marked; other lines as they are. */
function differences(actual: string): string {
  const items = actual.split('\n').map((line) => {
    const found = readJudgedLine(line);
    if (!found) return noteItem(line);
    const { rule, pointer, kind, expected, actual: got } = found;
    return `<li><span class="kind ${kind}">${kind}</span> <code class="pointer">${escapeMarkup(pointer || '(answer)')}</code> <span class="rule">${escapeMarkup(rule)}</span><br>expected <code>${escapeMarkup(expected)}</code>; actual <code>${escapeMarkup(got)}</code></li>`;
  });
  return `<ul class="differs">${items.join('')}</ul>`;
}

function failureBlock(record: CheckRecord, index: number): string {
  const stated = brokenRules(record);
  const statedList =
    stated.length > 0
      ? `<ul class="rules">${stated.map(([name, sentence]) => `<li><code>${name}</code>: ${escapeMarkup(sentence)}</li>`).join('')}</ul>`
      : '';
  const steps = record.steps
    ? `<h4>The shrunk sequence</h4><ol class="steps">${record.steps.map((step) => `<li><code>${escapeMarkup(step.replace(/^\s*[0-9]+\. /, ''))}</code></li>`).join('')}</ol>`
    : '';
  // What differs comes first: on a phone the first failure's difference is on the first screen.
  const parts = record.expected
    ? `${differences(firstLines(record.actual ?? '', record))}<p class="expected"><strong>Expected:</strong> ${escapeMarkup(record.expected)}</p>`
    : pre(firstLines(record.detail ?? '', record));
  const saved = record.caseFile
    ? `<p class="case">The whole exchange, and <code>articles-contract replay</code>: <code>${escapeMarkup(record.caseFile)}</code></p>`
    : '';
  return [
    `<section class="failure" id="failure-${String(index + 1)}">`,
    `<h3><span class="section">${escapeMarkup(record.heading)}</span> ${escapeMarkup(record.title)}${forArticle(record)}</h3>`,
    parts,
    `<p class="check">check <code>${escapeMarkup(record.id)}</code></p>`,
    statedList,
    steps,
    timelineBlock(record),
    record.curls.length > 0
      ? `<h4>Replay</h4>${pre(record.curls.map((curl) => wholeCurl(curl, record)).join('\n'))}`
      : '',
    saved,
    '</section>',
  ].join('\n');
}

function everyCheck(records: CheckRecord[]): string {
  const items = records
    .map(
      (record) =>
        `<li class="${record.outcome === 'not applicable' ? 'na' : record.outcome}"><span class="mark">${record.outcome === 'passed' ? '✓' : record.outcome === 'failed' ? '✗' : '–'}</span> <span class="section">${escapeMarkup(record.section)}</span> ${escapeMarkup(record.title)}${forArticle(record)}${record.outcome === 'not applicable' ? `<br><small>${escapeMarkup(record.detail ?? '')}</small>` : ''}</li>`,
    )
    .join('\n');
  return `<details><summary>Every check (${String(records.length)})</summary><ul class="all">${items}</ul></details>`;
}

export function renderHtml(run: RunSummary): string {
  const failed = run.records.filter((record) => record.outcome === 'failed');
  const verdict = failed.length > 0 ? 'failed' : 'passed';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contract run ${verdict}: ${escapeMarkup(run.target)}</title>
<style>${htmlStyle}</style>
</head>
<body>
<header class="${verdict}">
<h1>Contract run ${verdict}</h1>
<p>${escapeMarkup(run.target)} · article(s) ${run.articleIds.join(', ')} · ${run.mode === 'explore' ? 'random sequences (--explore)' : 'fixed checks'} · seed ${String(run.seed)} (replay with <code>--seed ${String(run.seed)}</code>)</p>
<p class="counts">${escapeMarkup(whatRan(run))}</p>
<p class="facts">started ${escapeMarkup(run.facts.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))} · took ${describeDuration(run.facts.durationMs)} · site-articles-contract ${escapeMarkup(run.facts.version)}<br><code>${escapeMarkup(run.facts.commandLine)}</code></p>
</header>
<main>
${failed.length > 0 ? `<h2>Failures (${String(failed.length)})</h2>\n${failed.map(failureBlock).join('\n')}` : '<p class="none">No check failed.</p>'}
<h2>By interface section</h2>
<div class="scroll"><table class="sections"><thead><tr><th>section</th><th>passed</th><th>failed</th><th>not applicable</th></tr></thead><tbody>
${sectionRows(run.records)}
</tbody></table></div>
${run.statedRules ? statedRulesHtml(run.statedRules) : ''}
<h2>Data restored</h2>
<ul>${run.restore.map((line) => `<li>${escapeMarkup(line)}</li>`).join('')}</ul>
${everyCheck(run.records)}
</main>
</body>
</html>
`;
}
