/**
 * The mock's one request pipeline for the operations of section 4: a plain request in, a plain
 * answer out. Guard (CORS, query length, and any guards given), route (the catalogue's table),
 * token, media type, body, faults, rule, answer check, error catalogue. Adapters only translate:
 * adapters/node-listener.ts for `npm start`, adapters/express-app.ts for `createApp(...).app`.
 */
import { operations, type OperationId } from '../../schemas';
import { defaultRules, type Outcome, type RuleContext, type Rules } from '../rules';
import type { Clock } from '../rules/clock';
import { requireShortQuery } from '../rules/limits';
import type { SiteStore } from '../store/site-store';
import { errorAnswer, methodNotAllowedAnswer, outcomeAnswer } from './answers';
import { baseUrl } from './base-url';
import { checkOutcome } from './check-answer';
import { controlAnswerHeaders } from '../security/guard';
import { corsHeaders, type CorsOrigins } from './cors';
import { applyFaults, hasFaults, type Faults } from './faults';
import { parseJsonBody, requireJsonType } from './json-body';
import { runRule } from './operation-input';
import { headerValue, type PlainAnswer, type PlainRequest } from './plain';
import { parseQuery, splitTarget } from './query';
import { ResponseCache } from './response-cache';
import { decodedParams, matchRoute, type RouteMatch } from './route-table';
import { requireToken, type TokenMatcher } from './token';

/** What the pipeline reads at request time; the controls swap the store, faults and so on. */
export interface Live {
  store: SiteStore;
  rules: Rules;
  faults: Faults;
  clock: Clock;
  token: string | undefined;
  validateResponses: boolean;
  bodyLimit: number;
  corsOrigins: CorsOrigins;
}

/** A check before routing, for every route (the API's and `/__mock`): an answer refuses the request. */
export type Guard = (request: PlainRequest) => PlainAnswer | undefined;

export interface CoreParts {
  live: Live;
  tokenMatches: TokenMatcher;
  /** Checks before anything else (security/guard.ts: host, origin, control token); their answers carry no CORS. */
  guards?: Guard[];
  /** Called once per answered request, with the body bytes when the pipeline read them. */
  answered?: (request: PlainRequest, answer: PlainAnswer, details: { ms: number; body?: Uint8Array }) => void;
}

export interface GuardResult {
  /** Headers every answer to this request carries (CORS). */
  headers: Record<string, string>;
  /** Set when the guard stage answers the request itself (a preflight, or a refusal). */
  answer?: PlainAnswer;
}

export interface Core {
  /** The route a request names, or undefined when it is not one of section 4's paths. */
  route(method: string, url: string): RouteMatch | undefined;
  /** The guard stage alone, for the control API (served by Express) and for the pipeline. */
  guard(request: PlainRequest): GuardResult;
  handle(request: PlainRequest): Promise<PlainAnswer>;
}

const readsBody = new Set<OperationId>(operations.filter((row) => 'request' in row).map((row) => row.id));
const cachedReads = new Set<OperationId>(['readArticle', 'listComments']);
const usesDefaultRules = (rules: Rules): boolean =>
  (Object.keys(defaultRules) as (keyof Rules)[]).every((name) => rules[name] === defaultRules[name]);

/**
 * The guards given (the host and origin checks) come first and answer without CORS. Then the
 * interface's routes get CORS (a preflight is answered here), and every other route (the control
 * API, the workbench) the headers that keep it to the mock's own page. An over-long query is refused.
 */
function guardStage(parts: CoreParts, request: PlainRequest): GuardResult {
  for (const extra of parts.guards ?? []) {
    const answer = extra(request);
    if (answer) return { headers: {}, answer };
  }
  const api = matchRoute(request.method, splitTarget(request.url).path) !== undefined;
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

export function createCore(parts: CoreParts): Core {
  const { live } = parts;
  const cache = new ResponseCache();

  const guard = (request: PlainRequest): GuardResult => guardStage(parts, request);

  /** Everything after the guard; `read` records the body bytes for the `answered` hook. */
  const answer = async (request: PlainRequest, read: { body?: Uint8Array }): Promise<PlainAnswer> => {
    const { path, search } = splitTarget(request.url);
    const match = matchRoute(request.method, path);
    if (!match) throw new Error(`the core was handed ${request.method} ${path}, which is not an API route`);
    const { operation } = match;
    const params = decodedParams(match.rawParams);
    if (!operation) return methodNotAllowedAnswer(match.allow);
    const query = parseQuery(search);
    if (operation !== 'readArticle' && operation !== 'listComments') {
      requireToken(parts.tokenMatches, live.token, request.headers['x-api-token'], query);
    }
    let body: unknown;
    if (readsBody.has(operation)) {
      requireJsonType(request);
      read.body = await request.body.read(live.bodyLimit);
      body = parseJsonBody(read.body);
    }
    if (hasFaults(live.faults)) await applyFaults(live.faults, operation);
    const context: RuleContext = { store: live.store, base: baseUrl(request), clock: live.clock };
    const cacheable = cachedReads.has(operation) && usesDefaultRules(live.rules);
    const cacheKey = `${operation} ${context.base}${request.originalUrl}`;
    const hit = cacheable ? cache.get(context.store, cacheKey, Number(params.article_id)) : undefined;
    if (hit) return hit;
    const outcome: Outcome = runRule(live.rules, context, {
      operation,
      params,
      query,
      body,
      originalUrl: request.originalUrl,
    });
    if (live.validateResponses) checkOutcome(operation, outcome);
    const plain = outcomeAnswer(outcome);
    if (cacheable && plain.status === 200) cache.set(context.store, cacheKey, Number(params.article_id), plain);
    return plain;
  };

  const handle = async (request: PlainRequest): Promise<PlainAnswer> => {
    const started = performance.now();
    const guarded = guard(request);
    const read: { body?: Uint8Array } = {};
    let plain: PlainAnswer;
    try {
      plain = guarded.answer ?? (await answer(request, read));
    } catch (error) {
      plain = errorAnswer(error);
    }
    const final = { ...plain, headers: { ...guarded.headers, ...plain.headers } };
    parts.answered?.(request, final, { ms: performance.now() - started, ...read });
    return final;
  };

  return { route: (method, url) => matchRoute(method, splitTarget(url).path), guard, handle };
}
