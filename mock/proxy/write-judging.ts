/**
 * `--judge-writes` put together: from the read before a write, the write, its answer and the reads
 * after it, the write's violations and the reads they rest on (write-reads.ts, conformance's
 * `judgeWrite`; the answer alone was judged as it passed, judge-answer.ts).
 */
import { judgeWrite, type Violation } from 'site-articles-schemas/conformance';
import type { Upstream } from './forward';
import type { RoutedRequest } from './route';
import {
  changesComments,
  readArticleAround,
  readListAfter,
  writeOf,
  type Read,
  type readCredentials,
} from './write-reads';

export interface WriteJudgement {
  violations: Violation[];
  reads: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function judgeWriteThrough(
  upstream: Upstream,
  route: RoutedRequest,
  credentials: ReturnType<typeof readCredentials>,
  before: Read | undefined,
  sent: { requestBody: Buffer | undefined; status: number; contentType: string | undefined; body: Buffer },
): Promise<WriteJudgement | undefined> {
  const write = writeOf(route, sent.requestBody);
  const after = await readArticleAround(upstream, route, credentials, 'after');
  const list = changesComments(route) ? await readListAfter(upstream, route, credentials) : undefined;
  // Without both reads of the article there is nothing to compare; the answer itself was judged anyway.
  if (!write || !before || !after || !isRecord(before.json) || !isRecord(after.json)) return undefined;
  const violations = judgeWrite({
    before: before.json,
    write,
    answer: {
      status: sent.status,
      headers: sent.contentType !== undefined ? { 'content-type': sent.contentType } : {},
      body: sent.body.toString('utf8'),
    },
    after: after.json,
    ...(list && Array.isArray(list.json) ? { listsAfter: [{ address: list.label, items: list.json }] } : {}),
  });
  return { violations, reads: [before, after, ...(list ? [list] : [])].map((read) => read.label) };
}
