/**
 * The fuzzer's oracle for bodies: what the mock must make of a request body, decided from the
 * generated schemas (through the shared validation module) and the named limits, never from the
 * mock's own code. `success` means every part is acceptable, `refused` that some part is not.
 */
import { gunzipSync } from 'node:zlib';
import type { OperationId, RequestShape } from 'site-articles-schemas/catalogue';
import { validateRequest } from '../../schemas/validation';
import { commentSizeProblems, dataKeyProblems } from '../../mock/rules/limits';
import { jsonBodyProblem, maxBodyBytes, maxJsonDepth } from '../../mock/core/limits';

export type Verdict = 'success' | 'refused' | 'either';

/** The worst of several verdicts: one refused part refuses the request. */
export function combine(...verdicts: Verdict[]): Verdict {
  if (verdicts.includes('refused')) return 'refused';
  return verdicts.includes('either') ? 'either' : 'success';
}

export const requestShapeOf: Partial<Record<OperationId, RequestShape>> = {
  updateArticle: 'ArticleUpdateRequest',
  setDataKey: 'DataValueRequest',
  postComment: 'CommentPostRequest',
};

/** The site's own comment form refuses blank fields (api-conventions: `comment_*_blank`). */
function hasBlankField(payload: unknown): boolean {
  const comment = (payload as { comment?: Record<string, unknown> } | null)?.comment ?? {};
  return ['author', 'author_email', 'body'].some(
    (field) => typeof comment[field] === 'string' && comment[field].trim() === '',
  );
}

export function payloadVerdict(operation: OperationId, payload: unknown): Verdict {
  const shape = requestShapeOf[operation];
  if (!shape || validateRequest(shape, payload).length > 0) return 'refused';
  if (operation === 'updateArticle' && Object.keys(dataKeyProblems(payload)).length > 0) return 'refused';
  if (operation === 'postComment' && (hasBlankField(payload) || Object.keys(commentSizeProblems(payload)).length > 0))
    return 'refused';
  return 'success';
}

export interface BodyReading {
  verdict: Verdict;
  /** The payload as the mock parses it, when the body parses. */
  payload?: unknown;
}

/** Reads body bytes the way a JSON body parser must: inflate, size limit, UTF-8, JSON, depth. */
export function readBody(operation: OperationId, bytes: Buffer, encoding?: string): BodyReading {
  let plain = bytes;
  if (encoding === 'gzip') {
    try {
      plain = gunzipSync(bytes, { maxOutputLength: maxBodyBytes + 1 });
    } catch {
      return { verdict: 'refused' };
    }
  }
  if (plain.length > maxBodyBytes) return { verdict: 'refused' };
  const text = plain.toString('utf8');
  let payload: unknown;
  try {
    // An empty body is refused (a 400 that shows the JSON the operation takes).
    if (text === '') return { verdict: 'refused' };
    payload = JSON.parse(text);
  } catch {
    return { verdict: 'refused' };
  }
  if (jsonBodyProblem(payload, maxJsonDepth)) return { verdict: 'refused', payload };
  return { verdict: payloadVerdict(operation, payload), payload };
}
