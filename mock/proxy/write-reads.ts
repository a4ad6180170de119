/**
 * `--judge-writes`: the reads around a write that passes through the proxy (4.2, 4.3, 4.4, 4.6).
 * The article is read just before the write is forwarded and again once its answer is in, and
 * after a post the comment list too; `judge.ts` judges the write from them. Another client may
 * write in between, so every report names the reads it compared, with their times.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { operations } from '../../schemas';
import { forward, type Upstream } from './forward';
import type { Write, WriteRecord } from './judge';
import type { RoutedRequest } from './route';

export interface Read {
  json: unknown;
  /** What the report shows: method, masked address, when. */
  label: string;
}

const writes = new Set(['updateArticle', 'setDataKey', 'deleteDataKey', 'postComment']);
export const isWrite = (route: RoutedRequest): boolean => writes.has(route.operation.id);

const pathOf = (id: 'readArticle' | 'listComments', articleId: number): string =>
  (operations.find((operation) => operation.id === id)?.path ?? '').replace('{article_id}', String(articleId));

/** The client's own credentials for the extra reads: its X-API-TOKEN header, or its api_token parameter. */
export function readCredentials(
  headers: OutgoingHttpHeaders,
  target: string,
): { headers: OutgoingHttpHeaders; query: string; secrets: string[] } {
  const token = new URLSearchParams(target.split('?')[1] ?? '').get('api_token');
  const header = headers['x-api-token'];
  const secrets = [token, header].flat().filter((secret): secret is string => typeof secret === 'string');
  return {
    headers: { accept: 'application/json', ...(header !== undefined ? { 'x-api-token': header } : {}) },
    query: token !== null ? `?${new URLSearchParams({ api_token: token }).toString()}` : '',
    secrets,
  };
}

/** One JSON read through the deployment; undefined when it fails or is not a 200 JSON answer. */
async function read(
  upstream: Upstream,
  path: string,
  credentials: ReturnType<typeof readCredentials>,
  why: string,
): Promise<Read | undefined> {
  try {
    const answer = await forward(upstream, {
      method: 'GET',
      target: `${path}${credentials.query}`,
      headers: credentials.headers,
    });
    answer.rest?.destroy();
    if (answer.status !== 200 || answer.rest) return undefined;
    return {
      json: JSON.parse(answer.head.toString('utf8')) as unknown,
      label: `GET ${path} (${why}, ${new Date().toISOString()})`,
    };
  } catch {
    return undefined;
  }
}

export const readArticleAround = (
  upstream: Upstream,
  route: RoutedRequest,
  credentials: ReturnType<typeof readCredentials>,
  why: string,
): Promise<Read | undefined> => read(upstream, pathOf('readArticle', route.articleId), credentials, why);

export const readListAfter = (
  upstream: Upstream,
  route: RoutedRequest,
  credentials: ReturnType<typeof readCredentials>,
): Promise<Read | undefined> => read(upstream, pathOf('listComments', route.articleId), credentials, 'after');

/** The write as `judgeWrite` takes it, from the route and the payload the client sent. */
export function writeOf(route: RoutedRequest, requestBody: Buffer | undefined): Write | undefined {
  let payload: unknown;
  try {
    payload = requestBody && requestBody.length > 0 ? (JSON.parse(requestBody.toString('utf8')) as unknown) : undefined;
  } catch {
    payload = undefined;
  }
  const key = route.key ?? '';
  switch (route.operation.id) {
    case 'updateArticle':
    case 'postComment':
      return { operation: route.operation.id, payload };
    case 'setDataKey':
      return { operation: 'setDataKey', key, payload };
    case 'deleteDataKey':
      return { operation: 'deleteDataKey', key };
    default:
      return undefined;
  }
}

export type { WriteRecord };
