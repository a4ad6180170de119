/**
 * The matrix of the six operations (interface 4.1 to 4.6) as the run's bursts made them meet:
 * `s` in flight together on one article, `a` across two, `-` never at once in this run.
 */
import { meetingKinds, pairOf, type MeetingTally } from '../concurrent/meetings';

export function describeMeetings(tally: MeetingTally): string {
  const width = Math.max(...meetingKinds.map((kind) => kind.length)) + 2;
  const cell = (one: (typeof meetingKinds)[number], other: (typeof meetingKinds)[number]): string => {
    const pair = pairOf(one, other);
    const met = `${tally.met.same.has(pair) ? 's' : ''}${tally.met.across.has(pair) ? 'a' : ''}`;
    return (met === '' ? '-' : met).padEnd(width);
  };
  return [
    'operations that met at once (s: on one article, a: across two articles, -: not in this run):',
    `  ${''.padEnd(width)}${meetingKinds.map((kind) => kind.padEnd(width)).join('')}`.trimEnd(),
    ...meetingKinds.map((one) =>
      `  ${one.padEnd(width)}${meetingKinds.map((other) => cell(one, other)).join('')}`.trimEnd(),
    ),
  ].join('\n');
}
