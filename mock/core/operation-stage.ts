/**
 * The core's stages for the operations of section 4, after the guard and the route: token, media
 * type, body, faults, rule, answer check, and the wait for the disk (`--persist`). A read the
 * default rules answer comes from the response cache while what it shows is unchanged.
 */
import { parseArticleId } from 'site-articles-schemas/conformance/routes';
import { defaultRules, type Outcome, type RuleContext, type RuleSet } from '../rules';
import type { Clock } from '../rules/clock';
import type { SiteStore } from '../store/site-store';
import { outcomeAnswer } from './answers';
import { baseUrl } from './base-url';
import { checkOutcome } from './check-answer';
import type { CorsOrigins } from './cors';
import { waitUntilSaved } from './wait-until-saved';
import { applyFaults, hasFaults, type Faults } from './faults';
import { missingBody, parseJsonBody, requireJsonType } from './json-body';
import type { OperationRequest, OperationRoute } from './operation-routes';
import type { PlainAnswer, PlainRequest } from './plain';
import { parseQuery } from './query';
import { ResponseCache, type CachedRead } from './response-cache';
import type { Kept, RouteHandler } from './route-list';
import { decodedParams } from './route-table';
import { requireToken, type TokenMatcher } from './token';

/** The mock's state as the pipeline reads it at request time; the controls swap the store, faults and so on. */
export interface MockState {
  store: SiteStore;
  rules: RuleSet;
  faults: Faults;
  clock: Clock;
  token: string | undefined;
  validateResponses: boolean;
  bodyLimit: number;
  corsOrigins: CorsOrigins;
}

export interface OperationParts {
  state: MockState;
  tokenMatches: TokenMatcher;
  /** Resolves once every change so far is on disk (`--persist`); a write is answered only then. */
  settled?: () => Promise<void>;
  /** While a change to the article is unsaved, the site as saved, which its reads answer from (`--persist`). */
  committedView?: (articleId: number) => SiteStore | undefined;
}

/**
 * The handler of one operation's row; `kept` records the body bytes for the journal. An operation
 * that waits on nothing (no body to read, no fault, no disk) is answered in the same turn.
 */
export type OperationStage = (route: OperationRoute) => RouteHandler;

/** Whether a rule set is the mock's own: decided once per rule set, not on every read. */
function ownRulesCheck(): (rules: RuleSet) => boolean {
  let checked: RuleSet | undefined;
  let own = false;
  return (rules) => {
    if (rules !== checked) {
      checked = rules;
      own = (Object.keys(defaultRules) as (keyof RuleSet)[]).every((name) => rules[name] === defaultRules[name]);
    }
    return own;
  };
}

/**
 * The operation's input after its token and media type pass: the parsed body of a write that takes
 * one (its bytes kept in `read`), undefined for the others. Only reading a body waits.
 */
function operationBody(
  parts: OperationParts,
  request: PlainRequest,
  route: OperationRoute,
  query: Record<string, unknown>,
  kept: Kept,
): unknown {
  const { state } = parts;
  const { input } = route;
  const operation = route.operation.id;
  if (input.token) requireToken(parts.tokenMatches, state.token, request.headers['x-api-token'], query);
  if (!input.body) return undefined;
  // Absent or empty, the body is what is wrong, whatever the type says; so it is read (within the
  // limit) before its type is judged.
  if (!request.body.present) throw missingBody(operation);
  return request.body.read(state.bodyLimit).then((bytes) => {
    kept.requestBody = bytes;
    if (bytes.byteLength === 0) throw missingBody(operation);
    requireJsonType(request);
    return parseJsonBody(bytes);
  });
}

/** A cacheable read with the cache its answer is kept in (response-cache.ts). */
interface ReadWithCache extends CachedRead {
  cache: ResponseCache;
}

/** The outcome checked and serialised; a read of the default rules is cached when it can be. */
function finish(
  state: MockState,
  route: OperationRoute,
  outcome: Outcome,
  read: ReadWithCache | undefined,
): PlainAnswer {
  if (state.validateResponses) checkOutcome(route, outcome);
  const plain = outcomeAnswer(outcome);
  return read && plain.status === 200 ? read.cache.set(read, plain) : plain;
}

/** What a rule reads: the store, and the response cache when a read's answer may come from it. */
interface Reading {
  store: SiteStore;
  cache: ResponseCache | undefined;
  /** The article the path names (undefined: none), read from the path once for the whole answer. */
  articleId: number | undefined;
}

/**
 * The rule's outcome, checked and serialised. `cache` is given for a read the default rules answer:
 * its answer then comes from the cache when it can.
 */
function ruleAnswer(
  state: MockState,
  reading: Reading,
  request: PlainRequest,
  route: OperationRoute,
  input: OperationRequest,
): PlainAnswer | Promise<PlainAnswer> {
  const { store, cache, articleId } = reading;
  const base = baseUrl(request);
  let read: ReadWithCache | undefined;
  if (cache && articleId !== undefined) {
    const operation = route.operation.id;
    read = { cache, store, address: request.originalUrl, operation, base, articleId };
    const hit = cache.get(read);
    if (hit) return hit;
  }
  const context: RuleContext = { store, base, clock: state.clock };
  const outcome = route.rule(state.rules, context, input);
  // Only a replaced rule answers with a promise; the mock's own stay on the synchronous path.
  return outcome instanceof Promise
    ? outcome.then((settled) => finish(state, route, settled, read))
    : finish(state, route, outcome, read);
}

export function operationStage(parts: OperationParts): OperationStage {
  const { state } = parts;
  const responseCache = new ResponseCache();
  const ownRules = ownRulesCheck();
  /**
   * Writes work on memory. A read of an article whose change is still being saved answers from the
   * site as saved, uncached (`--persist`: a change whose save fails is never shown); other reads
   * from memory, cached when the rules are the mock's own.
   */
  const readingFor = (route: OperationRoute, input: OperationRequest): Reading => {
    const { stages } = route;
    const articleId = parseArticleId(input.params.article_id ?? '');
    const saved = stages.waitsForDisk || articleId === undefined ? undefined : parts.committedView?.(articleId);
    if (saved) return { store: saved, cache: undefined, articleId };
    const cacheable = stages.cached && ownRules(state.rules);
    return { store: state.store, cache: cacheable ? responseCache : undefined, articleId };
  };
  /** An operation that meets a fault, or a write that waits for the disk (`--persist`). */
  const answerAfterWaiting = async (
    request: PlainRequest,
    route: OperationRoute,
    input: OperationRequest,
  ): Promise<PlainAnswer> => {
    if (hasFaults(state.faults)) await applyFaults(state.faults, route.operation.id, request);
    const answer = ruleAnswer(state, readingFor(route, input), request, route, input);
    const plain = answer instanceof Promise ? await answer : answer;
    if (parts.settled && route.stages.waitsForDisk) await waitUntilSaved(parts.settled);
    return plain;
  };
  /**
   * The rest once the body (if any) is in. Each promise turn is work every answer pays for
   * (BENCHMARKS.md), so what waits on nothing more (no fault, no disk) is answered in this turn.
   */
  const answerWithBody = (
    request: PlainRequest,
    route: OperationRoute,
    input: OperationRequest,
    body: unknown,
  ): PlainAnswer | Promise<PlainAnswer> => {
    input.body = body;
    const waitsForDisk = parts.settled !== undefined && route.stages.waitsForDisk;
    if (waitsForDisk || hasFaults(state.faults)) return answerAfterWaiting(request, route, input);
    return ruleAnswer(state, readingFor(route, input), request, route, input);
  };
  return (route) => (request, routed, kept) => {
    const params = decodedParams(routed.rawParams);
    const query = parseQuery(routed.search);
    const input: OperationRequest = { params, query, body: undefined, originalUrl: request.originalUrl };
    const body = operationBody(parts, request, route, query, kept);
    if (body instanceof Promise) return body.then((parsed) => answerWithBody(request, route, input, parsed));
    return answerWithBody(request, route, input, body);
  };
}
