/**
 * One proxied exchange of an interface operation, judged: the decoded answer body, what the
 * request sent, and the violations `judge.ts` finds. Bodies over 1 MB, or in an encoding that
 * cannot be undone, are not judged.
 */
import type { IncomingMessage } from 'node:http';
import { decodeForJudging } from './decode';
import { judgedBodyLimit, type UpstreamAnswer } from './forward';
import { judgeExchange, type ProxyViolation } from './judge';
import type { RoutedRequest } from './route';

export type Judgement =
  { judged: true; violations: ProxyViolation[]; body: Buffer } | { judged: false; reason: string };

/** Keeps the first 1 MB of a request body as it streams past; undefined when it was larger. */
export function tapBody(request: IncomingMessage): () => Buffer | undefined {
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= judgedBodyLimit) chunks.push(chunk);
  });
  return () => (size <= judgedBodyLimit ? Buffer.concat(chunks) : undefined);
}

export const headerText = (value: string | string[] | number | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

export function judgeAnswer(route: RoutedRequest, answer: UpstreamAnswer, requestBody: Buffer | undefined): Judgement {
  if (answer.rest) return { judged: false, reason: 'body larger than 1 MB' };
  const body = decodeForJudging(answer.head, headerText(answer.headers['content-encoding']));
  if (!body) return { judged: false, reason: 'body in a Content-Encoding that could not be decoded' };
  const violations = judgeExchange({
    operation: route.operation,
    status: answer.status,
    contentType: headerText(answer.headers['content-type']),
    body,
    ...(requestBody !== undefined ? { requestBody } : {}),
  });
  return { judged: true, violations, body };
}
