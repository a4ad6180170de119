/**
 * The mock's one request pipeline for the operations of section 4: a plain request in, a plain
 * answer out. Guard (CORS, query length, and any guards given), route (the catalogue's table),
 * token, media type, body, faults, rule, answer check, error catalogue. Adapters only translate:
 * adapters/node-listener.ts for `npm start`, adapters/express-app.ts for `createApp(...).app`.
 */
import { operations, type OperationId } from 'site-articles-schemas';
import { defaultRules, type Outcome, type RuleContext, type RuleSet } from '../rules';
import type { Clock } from '../rules/clock';
import { requireShortQuery } from './limits';
import type { SiteStore } from '../store/site-store';
import { errorAnswer, methodNotAllowedAnswer, outcomeAnswer } from './answers';
import { durably } from './durably';
import { baseUrl } from './base-url';
import { checkOutcome } from './check-answer';
import { controlAnswerHeaders } from './control-table';
import { corsHeaders, type CorsOrigins } from './cors';
import { applyFaults, hasFaults, type Faults } from './faults';
import { missingBody, parseJsonBody, requireJsonType } from './json-body';
import { runRule, type OperationRequest } from './operation-input';
import { headerValue, type PlainAnswer, type PlainRequest } from './plain';
import { parseQuery, splitTarget } from './query';
import { ResponseCache } from './response-cache';
import { decodedParams, matchRoute, type RouteMatch } from './route-table';
import { requireToken, type TokenMatcher } from './token';

/** What the pipeline reads at request time; the controls swap the store, faults and so on. */
export interface Live {
  store: SiteStore;
  rules: RuleSet;
  faults: Faults;
  clock: Clock;
  token: string | undefined;
  validateResponses: boolean;
  bodyLimit: number;
  corsOrigins: CorsOrigins;
}

/** A check before routing, for every route (the API's and `/__mock`): an answer refuses the request. */
export type Guard = (request: PlainRequest, path: string) => PlainAnswer | undefined;

export interface CoreParts {
  live: Live;
  tokenMatches: TokenMatcher;
  /** Checks before anything else (security/guard.ts: host, origin, control token); their answers carry no CORS. */
  guards?: Guard[];
  /** Resolves once every change so far is on disk (`--persist`); a write is answered only then. */
  settled?: () => Promise<void>;
  /** Called once per answered request, with the body bytes when the pipeline read them. */
  answered?: (request: PlainRequest, answer: PlainAnswer, details: { ms: number; body?: Uint8Array }) => void;
}

export interface GuardResult {
  /** Headers every answer to this request carries (CORS); a new object for each request. */
  headers: Record<string, string>;
  /** Set when the guard stage answers the request itself (a preflight, or a refusal). */
  answer?: PlainAnswer;
}

export interface Core {
  /** The route a request names, or undefined when it is not one of section 4's paths. */
  route(method: string, url: string): RouteMatch | undefined;
  /** The guard stage alone, for the control API (served by Express) and for the pipeline. */
  guard(request: PlainRequest): GuardResult;
  /** Answers a request; `route` is what `route()` gave for it, when the adapter asked already. */
  handle(request: PlainRequest, route?: RouteMatch): Promise<PlainAnswer>;
}

const readsBody = new Set<OperationId>(operations.filter((row) => 'request' in row).map((row) => row.id));
/** The operations that change the site (the catalogue's `changes`): they need the token and wait to be saved. */
const writes = new Set<OperationId>(operations.filter((row) => row.changes !== 'nothing').map((row) => row.id));
/** Reads that answer with a body: one is cached while what it shows is unchanged. */
const cachedReads = new Set<OperationId>(
  operations.filter((row) => row.changes === 'nothing' && 'answer' in row).map((row) => row.id),
);
const usesDefaultRules = (rules: RuleSet): boolean =>
  (Object.keys(defaultRules) as (keyof RuleSet)[]).every((name) => rules[name] === defaultRules[name]);

/**
 * The guards given (the host and origin checks) come first and answer without CORS. Then the
 * interface's routes get CORS (a preflight is answered here), and every other route (the control
 * API, the workbench) the headers that keep it to the mock's own page. An over-long query is refused.
 */
function guardStage(parts: CoreParts, request: PlainRequest, path: string, api: boolean): GuardResult {
  for (const extra of parts.guards ?? []) {
    const answer = extra(request, path);
    if (answer) return { headers: {}, answer };
  }
  const preflight = request.method === 'OPTIONS';
  const headers = api
    ? corsHeaders(parts.live.corsOrigins, headerValue(request, 'origin'), preflight)
    : { ...controlAnswerHeaders };
  if (preflight && api) return { headers, answer: { status: 204, headers: { 'Content-Length': '0' } } };
  try {
    requireShortQuery(request.originalUrl);
  } catch (error) {
    return { headers, answer: errorAnswer(error) };
  }
  return { headers };
}

/** The operation's input after its token and media type pass: the parsed body of a write (read into `read`). */
async function operationBody(
  parts: CoreParts,
  request: PlainRequest,
  operation: OperationId,
  query: Record<string, unknown>,
  read: { body?: Uint8Array },
): Promise<unknown> {
  const { live } = parts;
  if (writes.has(operation)) requireToken(parts.tokenMatches, live.token, request.headers['x-api-token'], query);
  if (!readsBody.has(operation)) return undefined;
  // Absent or empty, the body is what is wrong, whatever the type says; so it is read (within the
  // limit) before its type is judged.
  if (!request.body.present) throw missingBody(operation);
  read.body = await request.body.read(live.bodyLimit);
  if (read.body.byteLength === 0) throw missingBody(operation);
  requireJsonType(request);
  return parseJsonBody(read.body);
}

/** Where a cacheable read's answer is kept (response-cache.ts); undefined when it is not cached. */
type CacheKey = { store: SiteStore; text: string; articleId: number } | undefined;

/** The outcome checked and serialised; a read of the default rules is cached when it can be. */
function finish(
  live: Live,
  cache: ResponseCache,
  operation: OperationId,
  outcome: Outcome,
  key: CacheKey,
): PlainAnswer {
  if (live.validateResponses) checkOutcome(operation, outcome);
  const plain = outcomeAnswer(outcome);
  if (key && plain.status === 200) cache.set(key.store, key.text, key.articleId, plain);
  return plain;
}

/** The rule's outcome, checked and serialised; a read the default rules answer comes from the cache when it can. */
function ruleAnswer(
  live: Live,
  cache: ResponseCache,
  request: PlainRequest,
  input: OperationRequest,
): PlainAnswer | Promise<PlainAnswer> {
  const context: RuleContext = { store: live.store, base: baseUrl(request), clock: live.clock };
  const cacheable = cachedReads.has(input.operation) && usesDefaultRules(live.rules);
  const articleId = Number(input.params.article_id);
  const cacheKey = cacheable ? `${input.operation} ${context.base}${request.originalUrl}` : '';
  const hit = cacheable ? cache.get(context.store, cacheKey, articleId) : undefined;
  if (hit) return hit;
  const key: CacheKey = cacheable ? { store: context.store, text: cacheKey, articleId } : undefined;
  const outcome = runRule(live.rules, context, input);
  // Only a replaced rule answers with a promise; the mock's own stay on the synchronous path.
  return outcome instanceof Promise
    ? outcome.then((settled) => finish(live, cache, input.operation, settled, key))
    : finish(live, cache, input.operation, outcome, key);
}

export function createCore(parts: CoreParts): Core {
  const { live } = parts;
  const cache = new ResponseCache();

  const guard = (request: PlainRequest): GuardResult => {
    const { path } = splitTarget(request.url);
    return guardStage(parts, request, path, matchRoute(request.method, path) !== undefined);
  };

  /** Everything after the guard; `read` records the body bytes for the `answered` hook. */
  const answer = async (
    request: PlainRequest,
    match: RouteMatch,
    search: string,
    read: { body?: Uint8Array },
  ): Promise<PlainAnswer> => {
    const { operation } = match;
    const params = decodedParams(match.rawParams);
    if (!operation) return methodNotAllowedAnswer(match.allow);
    const query = parseQuery(search);
    const body = await operationBody(parts, request, operation, query, read);
    if (hasFaults(live.faults)) await applyFaults(live.faults, operation);
    const plain = await ruleAnswer(live, cache, request, {
      operation,
      params,
      query,
      body,
      originalUrl: request.originalUrl,
    });
    if (parts.settled && writes.has(operation)) await durably(parts.settled);
    return plain;
  };

  const handle = async (request: PlainRequest, known?: RouteMatch): Promise<PlainAnswer> => {
    const started = performance.now();
    const { path, search } = splitTarget(request.url);
    const match = known ?? matchRoute(request.method, path);
    const guarded = guardStage(parts, request, path, match !== undefined);
    const read: { body?: Uint8Array } = {};
    let plain: PlainAnswer;
    try {
      if (guarded.answer) plain = guarded.answer;
      else if (match) plain = await answer(request, match, search, read);
      else throw new Error(`the core was handed ${request.method} ${path}, which is not an API route`);
    } catch (error) {
      plain = errorAnswer(error);
    }
    // The guard's headers are this request's own, so the answer's are added to them in place.
    const final = { ...plain, headers: Object.assign(guarded.headers, plain.headers) };
    parts.answered?.(request, final, { ms: performance.now() - started, ...read });
    return final;
  };

  return { route: (method, url) => matchRoute(method, splitTarget(url).path), guard, handle };
}
