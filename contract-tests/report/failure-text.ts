/**
 * A failure as a person reads it in a log: what the interface states, the paths that differ (each
 * missing, extra or changed, values cut), the requests sent at once on one time axis, the curl
 * commands while they fit, and the case file that holds the whole exchange. At most
 * `linesPerFailure` lines of at most `lineLength` characters, whatever the target answered: the
 * console and the JUnit XML both print it.
 */
import { timelineRows } from '../concurrent/timeline';
import type { CheckRecord } from './record';

export const linesPerFailure = 15;
const lineLength = 300;
/** The longest curl command printed; a longer one (a catalogue value of kilobytes) is only in the case file. */
const curlLength = 2_000;
/** Lines of what came back shown before the rest is left to the case file. */
const actualLines = 6;
/** Lines kept for the heading, and for the curl commands (or where they are) and the case file. */
const heading = 1;
const tail = 2;

const cutLine = (line: string): string =>
  line.length > lineLength ? `${line.slice(0, lineLength)}… (${String(line.length)} characters)` : line;

/** The first `most` lines, and a line saying how many more the case file holds. */
function firstOf(lines: string[], most: number, where: string): string[] {
  if (lines.length <= most) return lines;
  const kept = Math.max(0, most - 1);
  return [...lines.slice(0, kept), `... and ${String(lines.length - kept)} more line(s) ${where}`];
}

const whereWhole = (record: CheckRecord): string =>
  record.caseFile === undefined ? 'left out here' : 'in the case file';

function judged(record: CheckRecord): string[] {
  const actual = (record.actual ?? '').split('\n');
  const [first = '', ...rest] = firstOf(actual, actualLines, whereWhole(record));
  // The shrunk steps of --explore, then the timeline, get what is left: a default burst of 8 and the read after fit whole.
  let room = linesPerFailure - heading - tail - 1 - (1 + rest.length);
  const steps = record.steps ? firstOf(['steps:', ...record.steps], room, whereWhole(record)) : [];
  room -= steps.length;
  const timeline = record.timeline ? firstOf(timelineRows(record.timeline, 60), room, whereWhole(record)) : [];
  return [
    `expected: ${record.expected ?? ''}`,
    `actual:   ${first}`,
    ...rest.map((line) => `          ${line}`),
    ...steps,
    ...timeline,
  ];
}

/** The failure's lines, without its heading: within `linesPerFailure` with the heading. */
export function failureLines(record: CheckRecord): string[] {
  const head =
    record.expected === undefined ? firstOf((record.detail ?? '').split('\n'), 10, whereWhole(record)) : judged(record);
  const saved = record.caseFile === undefined ? [] : [`case file: ${record.caseFile}`];
  const room = linesPerFailure - heading - head.length - saved.length;
  const curls =
    record.expected === undefined || record.curls.length === 0
      ? []
      : record.curls.length + 1 <= room
        ? ['reproduce:', ...record.curls.map((curl) => `  ${wholeCurl(curl, record)}`)]
        : [`reproduce: the ${String(record.curls.length)} curl commands are ${whereWhole(record)}`];
  return [...head.map(cutLine), ...curls, ...saved];
}

/** A curl command is whole or not shown: cut, it would send something else. */
export const wholeCurl = (curl: string, record: CheckRecord): string =>
  curl.length <= curlLength ? curl : `(a curl command of ${String(curl.length)} characters, ${whereWhole(record)})`;
