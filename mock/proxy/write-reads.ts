/**
 * `--judge-writes`: the reads around a write that passes through the proxy (4.2, 4.3, 4.4, 4.6).
 * The article is read just before the write is forwarded and again once its answer is in, and
 * after a post the comment list too; conformance's `judgeWrite` judges the write from them. Another client may
 * write in between, so every report names the reads it compared, with their times. A comment
 * list that pages (`Link: rel="next"`) is read whole, every page.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { operations } from 'site-articles-schemas/catalogue';
import { fillPath, nextLink, walkPages, type Write } from 'site-articles-schemas/conformance';
import { forward, upstreamUrl, type Upstream } from './forward';
import type { RoutedRequest } from './route';

export interface Read {
  json: unknown;
  /** What the report shows: method, masked address, when. */
  label: string;
}

/** A write by the catalogue's `changes`; one that changes the comments has the list read after it too. */
export const isWrite = (route: RoutedRequest): boolean => route.operation.changes !== 'nothing';
export const changesComments = (route: RoutedRequest): boolean => route.operation.changes === 'comments';

const pathOf = (id: 'readArticle' | 'listComments', articleId: number): string =>
  fillPath(operations.find((operation) => operation.id === id)?.path ?? '', { article_id: articleId });

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

interface Page {
  json: unknown;
  /** The answer's Link header, for lists that page (4.5 as the API family does it). */
  link: string | undefined;
}

/** One JSON read through the deployment; undefined when it fails or is not a 200 JSON answer. */
async function readPage(
  upstream: Upstream,
  target: string,
  credentials: ReturnType<typeof readCredentials>,
): Promise<Page | undefined> {
  try {
    const answer = await forward(upstream, { method: 'GET', target, headers: credentials.headers });
    answer.rest?.destroy();
    if (answer.status !== 200 || answer.rest) return undefined;
    const link = answer.headers.link;
    return {
      json: JSON.parse(answer.head.toString('utf8')) as unknown,
      link: Array.isArray(link) ? link.join(', ') : link,
    };
  } catch {
    return undefined;
  }
}

const labelOf = (path: string, why: string, pages = 1): string =>
  `GET ${path} (${why}${pages > 1 ? `, ${pages} pages` : ''}, ${new Date().toISOString()})`;

export async function readArticleAround(
  upstream: Upstream,
  route: RoutedRequest,
  credentials: ReturnType<typeof readCredentials>,
  why: string,
): Promise<Read | undefined> {
  const path = pathOf('readArticle', route.articleId);
  const page = await readPage(upstream, `${path}${credentials.query}`, credentials);
  return page && { json: page.json, label: labelOf(path, why) };
}

/**
 * A next page's request target below the deployment's base address, with the client's
 * api_token when it used one; undefined for an address elsewhere (the token never leaves).
 */
function targetBelowBase(upstream: Upstream, address: string, query: string): string | undefined {
  const url = new URL(address);
  const basePath = upstream.base.pathname.replace(/\/$/, '');
  if (url.origin !== upstream.base.origin || !url.pathname.startsWith(`${basePath}/`)) return undefined;
  const token = new URLSearchParams(query).get('api_token');
  if (token !== null && !url.searchParams.has('api_token')) url.searchParams.set('api_token', token);
  return `${url.pathname.slice(basePath.length)}${url.search}`;
}

/** Every comment listed after a write, all pages along `Link: rel="next"`; undefined when a page cannot be read. */
export async function readListAfter(
  upstream: Upstream,
  route: RoutedRequest,
  credentials: ReturnType<typeof readCredentials>,
): Promise<Read | undefined> {
  const path = pathOf('listComments', route.articleId);
  const readAt = async (address: string): Promise<Page | undefined> => {
    const target = targetBelowBase(upstream, address, credentials.query);
    return target === undefined ? undefined : readPage(upstream, target, credentials);
  };
  const { pages, truncatedAt } = await walkPages(
    upstreamUrl(upstream.base, `${path}${credentials.query}`).toString(),
    readAt,
    (page, address) => (page ? nextLink(page.link ?? null, address) : undefined),
  );
  // A page missing, not a list, or past the walk's limit: judging part of a list would be a false report.
  const lists = pages.map((page) => page?.json);
  if (truncatedAt !== undefined || !lists.every(Array.isArray)) return undefined;
  return { json: (lists as unknown[][]).flat(), label: labelOf(path, 'after', pages.length) };
}

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
