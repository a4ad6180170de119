/**
 * One generated request and what the mock must make of it. A route (each of interface section 4,
 * unknown ones, the control API), a method (mostly the route's own, sometimes any Node knows), an
 * id, a key, a query, headers and a body are drawn independently, then combined into the bytes to
 * send and a plan: the operation it names, the article and key it targets, the payload the mock
 * parses, and the verdict.
 */
import { METHODS } from 'node:http';
import fc from 'fast-check';
import type { OperationId } from 'site-articles-schemas/catalogue';
import { isReservedKey } from 'site-articles-schemas/catalogue';
import { maxKeyLength } from '../../mock/rules/limits';
import { maxQueryLength } from '../../mock/core/limits';
import { bodyFor, bodySeedArbitrary, type BodySeed } from './bodies';
import type { HttpRequest } from './client';
import { decodeSegment, keySegmentArbitrary } from './keys';
import {
  contentTypeArbitrary,
  extrasArbitrary,
  idArbitrary,
  queryArbitrary,
  tokenArbitrary,
  type HeaderPart,
  type IdPart,
  type QueryPart,
  type TokenPart,
} from './parts';
import { combine, type Verdict } from './verdicts';

type RouteKind = 'article' | 'data' | 'comments' | 'unknown' | 'control';

const templates: Record<'article' | 'data' | 'comments', string[]> = {
  article: ['/admin/api/articles/{id}'],
  data: ['/admin/api/articles/{id}/data/{key}'],
  comments: [
    '/admin/api/articles/{id}/comments',
    '/admin/api/site/articles/{id}/comments.json',
    '/admin/api/site/articles/{id}/comments',
    '/admin/api/site/article/{id}/comments.json',
    '/admin/api/site/article/{id}/comments',
  ],
};
const unknownPaths = [
  '/',
  '/admin/api',
  '/admin/api/articles',
  '/admin/api/articles/1/contents',
  '/admin/api/pages/1',
  '/admin/api/people/1',
  '/admin/api/articles/1/data',
  '/admin/api/articles/1/data/',
  '/admin/api/articles/1/data/a/b',
  '/admin//api/articles/1',
  '/admin/api/articles/1;x',
  '/admin/api/articles/1.json',
  '/%2e%2e/admin/api/articles/1',
  '/admin/api/site/articles/1',
  '/admin/api/articles/1/comments.xml',
  '/admin%2Fapi/articles/1',
  '/__mock',
  '/__mock/unknown',
  `/${'x'.repeat(8000)}`,
];
const controlPaths = ['/__mock/state', '/__mock/journal', '/__mock/faults', '/__mock/fixture', '/__mock/reset'];
/** Methods each route serves; the rest answer 405 (unknown paths 404). */
const served: Record<RouteKind, string[]> = {
  article: ['GET', 'HEAD', 'PUT'],
  data: ['PUT', 'DELETE'],
  comments: ['GET', 'HEAD', 'POST'],
  unknown: ['GET', 'PUT'],
  control: ['GET', 'PUT'],
};
const operationOf: Record<string, OperationId | undefined> = {
  'article GET': 'readArticle',
  'article HEAD': 'readArticle',
  'article PUT': 'updateArticle',
  'data PUT': 'setDataKey',
  'data DELETE': 'deleteDataKey',
  'comments GET': 'listComments',
  'comments HEAD': 'listComments',
  'comments POST': 'postComment',
};
/** CONNECT opens a tunnel rather than asking for a resource; the raw-request tests cover it. */
const anyMethod = METHODS.filter((method) => method !== 'CONNECT');

interface CaseSeed {
  kind: RouteKind;
  pick: number;
  cosmetic: 'none' | 'upper' | 'slash';
  randomPath: string | undefined;
  method: string | undefined;
  id: IdPart;
  keySegment: string;
  query: QueryPart;
  contentType: HeaderPart;
  token: TokenPart;
  extras: HeaderPart;
  body: BodySeed;
  bodyOnRead: boolean;
  chunked: boolean;
}

export interface Plan {
  kind: RouteKind;
  operation?: OperationId;
  articleId?: number;
  key?: string;
  payload?: unknown;
  /** For deleteDataKey, `success` means "succeeds exactly when the key exists". */
  verdict: Verdict;
}

export interface FuzzCase {
  request: HttpRequest;
  plan: Plan;
}

const caseSeedArbitrary: fc.Arbitrary<CaseSeed> = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constantFrom<RouteKind>('article', 'data', 'comments'), weight: 12 },
    { arbitrary: fc.constantFrom<RouteKind>('unknown', 'control'), weight: 2 },
  ),
  pick: fc.nat(),
  cosmetic: fc.oneof(
    { arbitrary: fc.constant('none' as const), weight: 10 },
    { arbitrary: fc.constantFrom('upper' as const, 'slash' as const), weight: 1 },
  ),
  randomPath: fc.oneof(
    fc.constant(undefined),
    fc.array(keySegmentArbitrary, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
  ),
  method: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 5 },
    { arbitrary: fc.constantFrom(...anyMethod), weight: 1 },
  ),
  id: idArbitrary,
  keySegment: keySegmentArbitrary,
  query: queryArbitrary,
  contentType: contentTypeArbitrary,
  token: tokenArbitrary,
  extras: extrasArbitrary,
  body: bodySeedArbitrary,
  bodyOnRead: fc.boolean(),
  chunked: fc.boolean(),
});

function pathOf(seed: CaseSeed): string {
  if (seed.kind === 'unknown') return seed.randomPath ?? unknownPaths[seed.pick % unknownPaths.length] ?? '/';
  if (seed.kind === 'control') return controlPaths[seed.pick % controlPaths.length] ?? '/__mock/state';
  const template = templates[seed.kind][seed.pick % templates[seed.kind].length] ?? '';
  const literal =
    seed.cosmetic === 'upper' ? template.toUpperCase().replace('{ID}', '{id}').replace('{KEY}', '{key}') : template;
  return `${literal.replace('{id}', seed.id.segment).replace('{key}', seed.keySegment)}${seed.cosmetic === 'slash' ? '/' : ''}`;
}

function methodOf(seed: CaseSeed): string {
  const method = seed.method ?? served[seed.kind][seed.pick % served[seed.kind].length] ?? 'GET';
  // Resetting would throw away the state the invariants follow.
  return seed.kind === 'control' && method === 'POST' ? 'GET' : method;
}

function keyVerdict(operation: OperationId, key: string | undefined): Verdict {
  if (key === undefined || key === '' || isReservedKey(key)) return 'refused';
  return operation === 'setDataKey' && key.length > maxKeyLength ? 'refused' : 'success';
}

/** Node refuses a request whose line and headers pass 16 kB (431); near that, framing bytes decide. */
function headSize(request: HttpRequest): Verdict {
  const size =
    request.method.length +
    request.path.length +
    (request.headers ?? []).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  return size > 16_384 ? 'refused' : size > 15_000 ? 'either' : 'success';
}

function verdictOf(
  seed: CaseSeed,
  plan: Omit<Plan, 'verdict'>,
  method: string,
  query: string,
  bodyVerdict: Verdict,
): Verdict {
  // CORS preflights are answered for the interface's routes only: the control API takes no other origin.
  if (method === 'OPTIONS')
    return plan.kind === 'control'
      ? combine(seed.extras.verdict, 'refused')
      : plan.kind === 'unknown'
        ? combine(seed.extras.verdict, 'either')
        : seed.extras.verdict;
  const shortQuery: Verdict = plan.kind === 'control' || query.length <= maxQueryLength ? 'success' : 'refused';
  const common = combine(seed.extras.verdict, shortQuery);
  if (plan.kind === 'control') return combine(common, 'either');
  if (plan.kind === 'unknown') return combine(common, seed.randomPath === undefined ? 'refused' : 'either');
  const { operation } = plan;
  if (!operation) return 'refused';
  const found: Verdict = plan.articleId === undefined ? 'refused' : 'success';
  if (operation === 'readArticle' || operation === 'listComments')
    return combine(common, found, operation === 'listComments' ? seed.query.paging : 'success');
  const write = combine(common, found, seed.token.verdict);
  if (operation === 'deleteDataKey') return combine(write, keyVerdict(operation, plan.key));
  return combine(
    write,
    seed.contentType.verdict,
    bodyVerdict,
    operation === 'setDataKey' ? keyVerdict(operation, plan.key) : 'success',
  );
}

function build(seed: CaseSeed): FuzzCase {
  const method = methodOf(seed);
  const operation =
    seed.kind === 'unknown' || seed.kind === 'control' ? undefined : operationOf[`${seed.kind} ${method}`];
  const sendsBody = !['GET', 'HEAD', 'OPTIONS'].includes(method) || (seed.bodyOnRead && method !== 'HEAD');
  const body = sendsBody ? bodyFor(seed.body, operation) : undefined;
  const query = [...seed.query.params, ...seed.token.params].join('&');
  const key = seed.kind === 'data' ? decodeSegment(seed.keySegment) : undefined;
  const partial = {
    kind: seed.kind,
    ...(operation ? { operation } : {}),
    ...(seed.id.articleId === undefined ? {} : { articleId: seed.id.articleId }),
    ...(key === undefined ? {} : { key }),
    ...(body?.payload === undefined ? {} : { payload: body.payload }),
  };
  const headers: [string, string][] = [
    ...(sendsBody ? seed.contentType.headers : []),
    ...seed.token.headers,
    ...seed.extras.headers,
    ...(body?.encoding ? [['Content-Encoding', body.encoding] as [string, string]] : []),
  ];
  const request: HttpRequest = {
    method,
    path: `${pathOf(seed)}${query ? `?${query}` : ''}`,
    headers,
    ...(body?.bytes ? { body: body.bytes } : {}),
    chunked: seed.chunked,
  };
  return {
    request,
    plan: {
      ...partial,
      verdict: combine(headSize(request), verdictOf(seed, partial, method, query, body?.verdict ?? 'refused')),
    },
  };
}

/** A short account of a case for failure messages: never the whole of a 1 MB body. */
export function describeCase(fuzzCase: FuzzCase): string {
  const { request, plan } = fuzzCase;
  const body =
    request.body === undefined
      ? '(no body)'
      : `${Buffer.byteLength(request.body)} bytes: ${JSON.stringify(Buffer.from(request.body).toString('utf8').slice(0, 160))}`;
  return `${request.method} ${request.path.slice(0, 200)}\n  headers ${JSON.stringify(request.headers)}\n  body ${body}${request.chunked ? ' (chunked)' : ''}\n  plan ${JSON.stringify({ ...plan, payload: undefined }).slice(0, 300)}`;
}

export const fuzzCaseArbitrary: fc.Arbitrary<FuzzCase> = caseSeedArbitrary.map((seed) => {
  const fuzzCase = build(seed);
  return Object.assign(fuzzCase, { [fc.toStringMethod]: () => describeCase(fuzzCase) });
});
