/**
 * Which interface operation (section 4) a proxied request is judged as, from the row the core's
 * route list found (every address the mock answers, the comment list's further addresses
 * included): the proxy never routes a request again. HEAD has no body to judge, and an article id
 * that is no safe integer names no article; both, like anything else outside the interface, are
 * forwarded unjudged.
 */
import type { Operation } from 'site-articles-schemas/conformance';
import { parseArticleId } from 'site-articles-schemas/conformance/routes';
import type { OperationRoute } from '../core/operation-routes';

export type { Operation } from 'site-articles-schemas/conformance';

export interface RoutedRequest {
  operation: Operation;
  articleId: number;
  /** The data key of 4.3/4.4, decoded; undefined for the other operations. */
  key?: string;
}

function decodedKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The operation a routed request is judged as, or undefined when it is forwarded unjudged. */
export function judgedRequest(
  method: string,
  route: OperationRoute | undefined,
  rawParams: Readonly<Record<string, string>>,
): RoutedRequest | undefined {
  const articleId = parseArticleId(rawParams.article_id ?? '');
  if (!route || method === 'HEAD' || articleId === undefined) return undefined;
  const key = decodedKey(rawParams.key);
  return { operation: route.operation, articleId, ...(key !== undefined ? { key } : {}) };
}
