/**
 * The one route table of section 4: which operation an address names, for the mock's core, the
 * validating proxy and the contract suite alike. Every address comes from the generated catalogue
 * (schemas/generated/catalogue.ts: `operations` and the comment list's `otherAddresses`), so none is restated
 * here. Matching is case-insensitive, with an optional trailing slash and one segment per
 * parameter (as Express matches by default, which clients of the mock met first). Parameters come back as they appear in the
 * path, still percent-encoded: what a malformed one means is each caller's business.
 */
import { operations, otherAddresses, type OperationId } from '../generated/catalogue';

export interface RouteMatch {
  /** Undefined when the path is known but the method is not (405 with `allow`). */
  operation: OperationId | undefined;
  /** The methods the path answers, HEAD along with GET. */
  allow: string;
  rawParams: Record<string, string>;
}

interface Route {
  path: string;
  pattern: RegExp;
  params: string[];
  byMethod: Map<string, OperationId>;
  allow: string;
}

/** An operation's own path first, then its further addresses, each with where it is stated. */
export function pathsOf(id: OperationId): { path: string; statedBy: string }[] {
  const own = operations.find((operation) => operation.id === id);
  const others = otherAddresses.filter((address) => (address.operations as readonly string[]).includes(id));
  return [
    ...(own ? [{ path: own.path, statedBy: own.section }] : []),
    ...others.map(({ path, statedBy }) => ({ path, statedBy })),
  ];
}

const escape = (text: string): string => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * An address as a pattern, as Express matches a path by default: case-insensitive, an optional
 * trailing slash, one segment per `{param}` (`segment`: its pattern), after `before` (what comes
 * ahead of the path: nothing, or an origin).
 */
function patternOf(path: string, { before = '', segment = '([^/]+)' } = {}): RegExp {
  const source = path
    .split(/\{[a-z_]+\}/)
    .map(escape)
    .join(segment);
  return new RegExp(`^${before}${source}/?$`, 'i');
}

/** An address as a pattern over a request path, with the names of its parameters in the order it captures them. */
export function compileAddress(path: string): { pattern: RegExp; params: string[] } {
  const params = [...path.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => name as string);
  return { pattern: patternOf(path), params };
}

function buildTable(): Route[] {
  const routes = new Map<string, Route>();
  for (const operation of operations)
    for (const { path } of pathsOf(operation.id)) {
      const route = routes.get(path) ?? { path, ...compileAddress(path), byMethod: new Map(), allow: '' };
      route.byMethod.set(operation.method, operation.id);
      if (operation.method === 'GET') route.byMethod.set('HEAD', operation.id);
      route.allow = [...route.byMethod.keys()].join(', ');
      routes.set(path, route);
    }
  return [...routes.values()];
}

const table = buildTable();

/** The route a path (no query) names, or undefined when it names none of section 4's. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const route of table) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    const rawParams: Record<string, string> = {};
    for (let index = 0; index < route.params.length; index += 1)
      rawParams[route.params[index] as string] = found[index + 1] ?? '';
    return { operation: route.byMethod.get(method), allow: route.allow, rawParams };
  }
  return undefined;
}

const suffixTable = table.map((route) => ({ route, pattern: patternOf(route.path, { before: '.*' }) }));

/**
 * The operation and the address of the table (its path template) that a request names, found at
 * the end of its URL's path, so a base address with a path of its own (`https://host/v1`) and an
 * address an answer gave (`comments_url`) are matched alike; undefined when it names none.
 */
export function addressOf(method: string, url: string): { operation: OperationId; path: string } | undefined {
  const { pathname } = new URL(url);
  for (const { route, pattern } of suffixTable) {
    const operation = route.byMethod.get(method);
    if (operation !== undefined && pattern.test(pathname)) return { operation, path: route.path };
  }
  return undefined;
}

/** The source of a pattern for a URL's origin (scheme, `//`, host and port): any origin. */
export const anyOrigin = '[^/]+//[^/]+';

/**
 * Every address of the table as a pattern over a whole URL without its query (origin and path, as
 * MSW matches a handler's pattern), at any origin, matching what matchRoute matches. Nothing is
 * captured: reading the parameters, and deciding what a malformed one means, is matchRoute's (MSW 2
 * decodes what a pattern captures, and fails the request on malformed percent-encoding).
 */
export const routeUrlPatterns = (): RegExp[] => table.map((route) => addressUrlPattern(route.path));

/** One address as a pattern over a whole URL without its query, at any origin, capturing nothing (as `routeUrlPatterns`). */
export const addressUrlPattern = (path: string): RegExp => patternOf(path, { before: anyOrigin, segment: '[^/]+' });

/**
 * The article a path's `{article_id}` (or a command line's `--article-id`) names: an integer
 * (section 4), written in decimal digits only and no larger than a safe integer; undefined when it
 * names no article.
 */
export function parseArticleId(raw: string): number | undefined {
  const id = /^[0-9]{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A path template with its `{param}`s filled in, each percent-encoded. */
export const fillPath = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
