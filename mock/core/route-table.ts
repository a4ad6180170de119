/**
 * The one route table of section 4: the generated `operations` catalogue (schemas/index.ts, the
 * table the contract suite also uses), plus the other addresses the mock answers the comment list
 * and post at (4.5: the article's `comments_url`, and the singular form official clients use).
 * Matching follows Express's defaults, which the mock always had: case-insensitive, an optional
 * trailing slash, one segment per parameter, parameters percent-decoded.
 */
import { operations, type OperationId } from '../../schemas';
import { ApiError } from '../rules';

/** Further addresses of an operation's path, in the catalogue's `{param}` notation. */
const otherPaths: Partial<Record<OperationId, string[]>> = {
  listComments: [
    '/admin/api/site/articles/{article_id}/comments',
    '/admin/api/site/article/{article_id}/comments.json',
    '/admin/api/site/article/{article_id}/comments',
    '/admin/api/articles/{article_id}/comments',
  ],
};
otherPaths.postComment = otherPaths.listComments;

interface Route {
  pattern: RegExp;
  params: string[];
  /** Operation per method; HEAD answers as GET. */
  byMethod: Map<string, OperationId>;
  allow: string;
}

export interface RouteMatch {
  /** Undefined when the path is known but the method is not: 405 with `allow`. */
  operation: OperationId | undefined;
  allow: string;
  /** As they appear in the path, still percent-encoded (`decodedParams` decodes them). */
  rawParams: Record<string, string>;
}

const escape = (text: string): string => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compile(path: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = path
    .split(/(\{[a-z_]+\})/)
    .map((part) => {
      if (!part.startsWith('{')) return escape(part);
      params.push(part.slice(1, -1));
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}/?$`, 'i'), params };
}

function buildTable(): Route[] {
  const routes = new Map<string, Route>();
  for (const operation of operations) {
    for (const path of [operation.path, ...(otherPaths[operation.id] ?? [])]) {
      const route = routes.get(path) ?? { ...compile(path), byMethod: new Map(), allow: '' };
      route.byMethod.set(operation.method, operation.id);
      if (operation.method === 'GET') route.byMethod.set('HEAD', operation.id);
      route.allow = [...route.byMethod.keys()].join(', ');
      routes.set(path, route);
    }
  }
  return [...routes.values()];
}

const table = buildTable();

/** The path parameters decoded; 400 for malformed percent-encoding. */
export function decodedParams(raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  try {
    for (const name in raw) {
      const value = raw[name] as string;
      decoded[name] = value.includes('%') ? decodeURIComponent(value) : value;
    }
  } catch {
    throw new ApiError('badRequest', { message: 'Malformed percent-encoding in the path.' });
  }
  return decoded;
}

/** The route a path (no query) names, or undefined when it names none of section 4's. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const route of table) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    const rawParams: Record<string, string> = {};
    for (let index = 0; index < route.params.length; index += 1) {
      rawParams[route.params[index] as string] = found[index + 1] ?? '';
    }
    return { operation: route.byMethod.get(method), allow: route.allow, rawParams };
  }
  return undefined;
}
