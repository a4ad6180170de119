/**
 * One proxied exchange of an interface operation, judged: the decoded answer body, what the
 * request sent, and the violations conformance/ finds (`judgeTraffic`). Bodies over 1 MB, or in an encoding that
 * cannot be undone, are not judged.
 */
import { decodeForJudging } from './decode';
import { judgedBodyLimit, type UpstreamAnswer } from './forward';
import { judgeTraffic } from 'site-articles-schemas/conformance';
import { findingsOf, type Findings } from './violations';
import type { RoutedRequest } from './route';

export type Judgement = { judged: true; findings: Findings; body: Buffer } | { judged: false; reason: string };

/** A body passed on as it arrives, and the first 1 MB of it kept on the way. */
export interface TappedBody {
  body: AsyncIterable<Uint8Array>;
  /**
   * The body when it was at most 1 MB and all of it went on; undefined otherwise (a deployment may
   * refuse a large body before reading it: a payload cut short would be judged as one the client
   * sent malformed).
   */
  kept(): Buffer | undefined;
}

export function tapBody(source: AsyncIterable<Uint8Array>): TappedBody {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let whole = false;
  async function* passed(): AsyncIterable<Uint8Array> {
    for await (const chunk of source) {
      size += chunk.length;
      if (size <= judgedBodyLimit) chunks.push(chunk);
      yield chunk;
    }
    whole = true;
  }
  return { body: passed(), kept: () => (whole && size <= judgedBodyLimit ? Buffer.concat(chunks) : undefined) };
}

export const headerText = (value: string | string[] | number | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

export function judgeAnswer(route: RoutedRequest, answer: UpstreamAnswer, requestBody: Buffer | undefined): Judgement {
  if (answer.rest) return { judged: false, reason: 'body larger than 1 MB' };
  const body = decodeForJudging(answer.head, headerText(answer.headers['content-encoding']));
  if (!body) return { judged: false, reason: 'body in a Content-Encoding that could not be decoded' };
  const contentType = headerText(answer.headers['content-type']);
  const violations = judgeTraffic({
    operation: route.operation,
    status: answer.status,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: body.toString('utf8'),
    ...(requestBody !== undefined ? { requestBody: requestBody.toString('utf8') } : {}),
  });
  return { judged: true, findings: findingsOf(violations), body };
}
