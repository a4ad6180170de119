/**
 * Which requests the fast path takes: the six operations of section 4, on their plainest form
 * only, so that the Express route (api-routes.ts) would do exactly the same with them. Anything
 * else (HEAD, OPTIONS, another method, a trailing slash, upper case, percent-encoding or an unusual
 * character in a key, a conditional GET, a body that is not plainly `application/json`) goes to
 * Express, which answers it as always.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationId } from '../../schemas';

export interface FastRoute {
  operation: OperationId;
  articleId: number;
  /** The data key of 4.3 and 4.4; `''` elsewhere. */
  key: string;
  /** What comes after `?`, or `''`. */
  search: string;
  /** The operation reads a JSON body (4.2, 4.3, 4.6). */
  body: boolean;
}

// A key of unreserved characters reads the same raw and percent-decoded, as Express decodes it.
const articlePath = /^\/admin\/api\/articles\/([0-9]{1,16})(?:\/data\/([A-Za-z0-9._~-]+))?$/;
const commentsPath =
  /^\/admin\/api\/(?:articles\/([0-9]{1,16})\/comments|site\/articles?\/([0-9]{1,16})\/comments(?:\.json)?)$/;
/** Characters that make Express read the address with Node's legacy URL parser instead. */
const unusual = /[\t\n\f\r #\u00a0\ufeff]/;
/** The two forms of `Content-Type` that surely pass the `application/json` check and parser. */
const plainJson = /^application\/json(?:; ?charset=utf-8)?$/i;

function operationOf(method: string | undefined, comments: boolean, key: string | undefined): OperationId | undefined {
  if (comments) return method === 'GET' ? 'listComments' : method === 'POST' ? 'postComment' : undefined;
  if (key === undefined) return method === 'GET' ? 'readArticle' : method === 'PUT' ? 'updateArticle' : undefined;
  return method === 'PUT' ? 'setDataKey' : method === 'DELETE' ? 'deleteDataKey' : undefined;
}

/** Express answers `If-None-Match: *` with 304; the mock sends no validators, so only then. */
const conditional = (headers: IncomingHttpHeaders): boolean =>
  headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;

const plainJsonBody = (headers: IncomingHttpHeaders): boolean =>
  plainJson.test(headers['content-type'] ?? '') &&
  (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined);

export function fastRoute(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): FastRoute | undefined {
  if (url === undefined || !url.startsWith('/admin/api/') || unusual.test(url)) return undefined;
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const article = articlePath.exec(path);
  const comments = article ? null : commentsPath.exec(path);
  const digits = article?.[1] ?? comments?.[1] ?? comments?.[2];
  if (digits === undefined) return undefined;
  const operation = operationOf(method, comments !== null, article?.[2]);
  const articleId = Number(digits);
  if (!operation || !Number.isSafeInteger(articleId)) return undefined;
  const body = operation === 'updateArticle' || operation === 'setDataKey' || operation === 'postComment';
  if (body ? !plainJsonBody(headers) : method === 'GET' && conditional(headers)) return undefined;
  return { operation, articleId, key: article?.[2] ?? '', search: mark < 0 ? '' : url.slice(mark + 1), body };
}
