/**
 * How a check says "this target breaks the interface": a ContractFailure names what the
 * interface states (expected), what came back (actual) and the `curl` commands that reproduce
 * the requests involved. Its message is the whole report, ready to print.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ResponseShape } from 'site-articles-schemas/catalogue';
import { describeJudged, judgeShape, judgeSuccessStatus, showText, showValue } from 'site-articles-schemas/conformance';
import type { Exchange } from './http/client';
import { describeTimeline, type Timeline } from './concurrent/timeline';
import { noteRequest, noteShape, noteStatusOnly } from './ledger';

/** A value as compact JSON, cut to a readable length (the whole exchange is in the failure's case file). */
export const show = (value: unknown): string => (value === undefined ? '(nothing)' : showValue(value));

/** What came back in an answer: its status and a readable cut of its body. */
export const showAnswer = (exchange: Exchange): string =>
  `${exchange.status} ${exchange.text === '' ? '(empty body)' : showText(exchange.text)}`;

export class ContractFailure extends Error {
  override name = 'ContractFailure';

  constructor(
    readonly expected: string,
    readonly actual: string,
    readonly exchanges: Exchange[],
    /** For a concurrency failure: the requests that overlapped, on one time axis. */
    readonly timeline?: Timeline,
  ) {
    super(
      [
        `expected: ${expected}`,
        `actual:   ${actual.replace(/\n/g, '\n          ')}`,
        ...(timeline ? [describeTimeline(timeline)] : []),
        ...(exchanges.length > 0 ? ['reproduce:', ...exchanges.map((exchange) => `  ${exchange.curl}`)] : []),
      ].join('\n'),
    );
    // The message is the report; a stack trace would only hide it.
    this.stack = `${this.name}: ${this.message}`;
  }
}

export function fail(expected: string, actual: string, ...exchanges: Exchange[]): never {
  throw new ContractFailure(expected, actual, exchanges);
}

/** A failure of requests sent at once: the timeline shows who overlapped whom and what each answered. */
export function failWithTimeline(
  expected: string,
  actual: string,
  timeline: Timeline,
  ...exchanges: Exchange[]
): never {
  throw new ContractFailure(expected, actual, exchanges, timeline);
}

/** The stated status; where the interface states only success (4.5), any 2xx. Judged by the conformance rules. */
export function expectStatus(
  exchange: Exchange,
  status: number | undefined,
  what: string,
  ...context: Exchange[]
): void {
  noteRequest(exchange, true);
  const [found] = judgeSuccessStatus(status, exchange.status);
  if (found) {
    noteStatusOnly(exchange);
    fail(`${what} answers ${found.expected}`, showAnswer(exchange), ...context, exchange);
  }
}

/** The body as parsed JSON; the interface states that all payloads are JSON. */
export function expectJson(exchange: Exchange, what: string): unknown {
  if (exchange.json === undefined) fail(`${what} answers with a JSON body`, showAnswer(exchange), exchange);
  return exchange.json;
}

/** Tolerant validation, as the conformance rules judge a shape: extra fields are fine, every stated field, type and form must hold. */
export function expectShape(shape: ResponseShape, value: unknown, what: string, exchange: Exchange): void {
  const violations = judgeShape(shape, value);
  noteShape(shape, value, violations, exchange);
  if (violations.length > 0) fail(`${what} has the ${shape} shape`, describeJudged(violations), exchange);
}

export function expectEqual(actual: unknown, expected: unknown, what: string, ...exchanges: Exchange[]): void {
  if (!isDeepStrictEqual(actual, expected)) fail(`${what} is ${show(expected)}`, show(actual), ...exchanges);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
