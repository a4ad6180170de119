/**
 * Which interface operation (section 4) a proxied request is, by the one route table
 * (schemas/conformance/routes.ts): every address the mock answers is judged here too, the comment list's
 * further addresses included. HEAD has no body to judge, and an article id that is no safe integer
 * names no article; both, like anything else outside the interface, are forwarded unjudged.
 */
import { matchRoute, parseArticleId, type Operation } from 'site-articles-schemas/conformance';
import { operations } from 'site-articles-schemas/catalogue';

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

/** The operation a method and request target stand for, or undefined outside the interface's routes. */
export function routeOf(method: string, target: string): RoutedRequest | undefined {
  const match = method === 'HEAD' ? undefined : matchRoute(method, target.split('?')[0] ?? '');
  const operation = operations.find((candidate) => candidate.id === match?.operation);
  const articleId = parseArticleId(match?.rawParams.article_id ?? '');
  if (!operation || articleId === undefined) return undefined;
  const key = decodedKey(match?.rawParams.key);
  return { operation, articleId, ...(key !== undefined ? { key } : {}) };
}
