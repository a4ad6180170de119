/**
 * One proxied exchange of an interface operation, judged: the decoded answer body, what the
 * request sent, and the violations conformance/ finds (`judgeTraffic`). Bodies over 1 MB, or in an encoding that
 * cannot be undone, are not judged.
 */
import type { IncomingMessage } from 'node:http';
import { decodeForJudging } from './decode';
import { judgedBodyLimit, type UpstreamAnswer } from './forward';
import { judgeTraffic, type Violation } from 'site-articles-schemas/conformance';
import type { RoutedRequest } from './route';

export type Judgement = { judged: true; violations: Violation[]; body: Buffer } | { judged: false; reason: string };

/**
 * Keeps the first 1 MB of a request body as it streams past; undefined when it was larger, or when
 * it had not all arrived (a deployment may refuse a large body before reading it): a payload cut
 * short would be judged as one the client sent malformed.
 */
export function tapBody(request: IncomingMessage): () => Buffer | undefined {
  const chunks: Buffer[] = [];
  let size = 0;
  let whole = false;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= judgedBodyLimit) chunks.push(chunk);
  });
  request.on('end', () => {
    whole = true;
  });
  return () => (whole && size <= judgedBodyLimit ? Buffer.concat(chunks) : undefined);
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
  return { judged: true, violations, body };
}
