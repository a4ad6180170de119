/**
 * Which interface operation (section 4) a proxied request is, read from the generated operations
 * catalogue so that no path is restated here. Section 4.5 also writes the list address with a
 * singular `article` segment; both forms are the operation. Anything else is outside the interface
 * and is forwarded unjudged.
 */
import { operations } from '../../schemas';

export type Operation = (typeof operations)[number];

export interface RoutedRequest {
  operation: Operation;
  articleId: number;
  /** The data key of 4.3/4.4, decoded; undefined for the other operations. */
  key?: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pathPattern(template: string): RegExp {
  const pattern = escapeRegExp(template)
    .replace('\\{article_id\\}', '(?<articleId>[0-9]+)')
    .replace('\\{key\\}', '(?<key>[^/]+)')
    .replace('/site/articles/', '/site/articles?/');
  return new RegExp(`^${pattern}$`);
}

const routes = operations.map((operation) => ({ operation, pattern: pathPattern(operation.path) }));

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
  const path = target.split('?')[0] ?? '';
  for (const { operation, pattern } of routes) {
    const match = pattern.exec(path);
    if (!match || operation.method !== method) continue;
    const articleId = Number(match.groups?.articleId);
    if (!Number.isSafeInteger(articleId)) return undefined;
    const key = decodedKey(match.groups?.key);
    return { operation, articleId, ...(key !== undefined ? { key } : {}) };
  }
  return undefined;
}
