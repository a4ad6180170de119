/** A concurrency failure's requests on one time axis, for the console and the HTML report (interface 4). */
import type { Exchange } from '../http/client';

export interface TimelineRequest {
  /** Short name, e.g. `#3 PUT data/k1`. */
  label: string;
  /** Milliseconds since the first request of the burst was sent. */
  sentAt: number;
  /** Milliseconds since the first request of the burst was sent; undefined when no answer came. */
  answeredAt: number | undefined;
  /** The status and a short cut of the body, or the network error. */
  answer: string;
  /** The curl command that repeats this request. */
  curl: string;
  /** The whole request and answer, for the failure's saved exchange; absent when no answer came. */
  exchange?: Exchange;
}

export interface Timeline {
  requests: TimelineRequest[];
  /** Why no order of these requests explains what they answered. */
  why: string;
}

const width = 40;

/** One bar per request over the burst's span: `|` sent, `=` waiting, `>` answered; a request never answered runs off the end. */
function bar(request: TimelineRequest, span: number): string {
  const at = (ms: number): number => Math.min(width - 1, Math.round((ms / span) * (width - 1)));
  const start = at(request.sentAt);
  const end = request.answeredAt === undefined ? width : at(request.answeredAt);
  return (
    ' '.repeat(start) + '|' + '='.repeat(Math.max(0, end - start - 1)) + (request.answeredAt === undefined ? '' : '>')
  );
}

const ms = (value: number | undefined): string => (value === undefined ? 'never' : `${value.toFixed(1)} ms`);

/** The heading and a bar per request, each with what it answered, cut to `answerLength` characters. */
export function timelineRows(timeline: Timeline, answerLength = Infinity): string[] {
  const span = Math.max(1, ...timeline.requests.map((request) => request.answeredAt ?? request.sentAt));
  const labelWidth = Math.max(...timeline.requests.map((request) => request.label.length));
  const answer = (text: string): string => (text.length > answerLength ? `${text.slice(0, answerLength)}…` : text);
  return [
    'timeline (| sent, > answered; requests whose bars overlap were in flight together):',
    ...timeline.requests.map(
      (request) =>
        `  ${request.label.padEnd(labelWidth)}  ${bar(request, span).padEnd(width)}  sent ${ms(request.sentAt)}, answered ${ms(request.answeredAt)}: ${answer(request.answer)}`,
    ),
  ];
}

/** The timeline as text: a bar per request, what each answered, why no order explains it, and the curls. */
export function describeTimeline(timeline: Timeline): string {
  return [
    ...timelineRows(timeline),
    `why no order of them explains this: ${timeline.why}`,
    'replay:',
    ...timeline.requests.map((request) => `  ${request.curl}`),
  ].join('\n');
}
