/**
 * The core's stages for the operations of section 4, after the guard and the route: token, media
 * type, body, faults, rule, answer check, and the wait for the disk (`--persist`). A read the
 * default rules answer comes from the response cache while what it shows is unchanged.
 */
import { operations, type OperationId } from 'site-articles-schemas/catalogue';
import { defaultRules, type Outcome, type RuleContext, type RuleSet } from '../rules';
import type { Clock } from '../rules/clock';
import type { SiteStore } from '../store/site-store';
import { methodNotAllowedAnswer, outcomeAnswer } from './answers';
import { baseUrl } from './base-url';
import { checkOutcome } from './check-answer';
import type { CorsOrigins } from './cors';
import { durably } from './durably';
import { applyFaults, hasFaults, type Faults } from './faults';
import { missingBody, parseJsonBody, requireJsonType } from './json-body';
import { runRule, type OperationRequest } from './operation-input';
import type { PlainAnswer, PlainRequest } from './plain';
import { parseQuery } from './query';
import { ResponseCache, type CachedRead } from './response-cache';
import { decodedParams, type RouteMatch } from './route-table';
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

export interface OperationParts {
  live: Live;
  tokenMatches: TokenMatcher;
  /** Resolves once every change so far is on disk (`--persist`); a write is answered only then. */
  settled?: () => Promise<void>;
  /** While a change to the article is unsaved, the site as saved, which its reads answer from (`--persist`). */
  committedView?: (articleId: number) => SiteStore | undefined;
}

/**
 * Answers a request a route of section 4 names; `read` records the body bytes for the journal. An
 * operation that waits on nothing (no body to read, no fault, no disk) is answered in the same turn.
 */
export type OperationStage = (
  request: PlainRequest,
  match: RouteMatch,
  search: string,
  read: { body?: Uint8Array },
) => PlainAnswer | Promise<PlainAnswer>;

const readsBody = new Set<OperationId>(operations.filter((row) => 'request' in row).map((row) => row.id));
/** The operations that change the site (the catalogue's `changes`): they need the token and wait to be saved. */
const writes = new Set<OperationId>(operations.filter((row) => row.changes !== 'nothing').map((row) => row.id));
/** Reads that answer with a body: one is cached while what it shows is unchanged. */
const cachedReads = new Set<OperationId>(
  operations.filter((row) => row.changes === 'nothing' && 'answer' in row).map((row) => row.id),
);

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
  operation: OperationId,
  query: Record<string, unknown>,
  read: { body?: Uint8Array },
): unknown {
  const { live } = parts;
  if (writes.has(operation)) requireToken(parts.tokenMatches, live.token, request.headers['x-api-token'], query);
  if (!readsBody.has(operation)) return undefined;
  // Absent or empty, the body is what is wrong, whatever the type says; so it is read (within the
  // limit) before its type is judged.
  if (!request.body.present) throw missingBody(operation);
  return request.body.read(live.bodyLimit).then((bytes) => {
    read.body = bytes;
    if (bytes.byteLength === 0) throw missingBody(operation);
    requireJsonType(request);
    return parseJsonBody(bytes);
  });
}

/** A cacheable read and the cache its answer is kept in (response-cache.ts). */
interface CacheKey extends CachedRead {
  cache: ResponseCache;
}

/** The outcome checked and serialised; a read of the default rules is cached when it can be. */
function finish(live: Live, operation: OperationId, outcome: Outcome, key: CacheKey | undefined): PlainAnswer {
  if (live.validateResponses) checkOutcome(operation, outcome);
  const plain = outcomeAnswer(outcome);
  return key && plain.status === 200 ? key.cache.set(key, plain) : plain;
}

/** What a rule reads: the store, and the response cache when a read's answer may come from it. */
interface Reading {
  store: SiteStore;
  cache: ResponseCache | undefined;
}

/**
 * The rule's outcome, checked and serialised. `cache` is given for a read the default rules answer:
 * its answer then comes from the cache when it can.
 */
function ruleAnswer(
  live: Live,
  reading: Reading,
  request: PlainRequest,
  input: OperationRequest,
): PlainAnswer | Promise<PlainAnswer> {
  const { store, cache } = reading;
  const base = baseUrl(request);
  let key: CacheKey | undefined;
  if (cache) {
    const { operation } = input;
    key = { cache, store, address: request.originalUrl, operation, base, articleId: Number(input.params.article_id) };
    const hit = cache.get(key);
    if (hit) return hit;
  }
  const context: RuleContext = { store, base, clock: live.clock };
  const outcome = runRule(live.rules, context, input);
  // Only a replaced rule answers with a promise; the mock's own stay on the synchronous path.
  return outcome instanceof Promise
    ? outcome.then((settled) => finish(live, input.operation, settled, key))
    : finish(live, input.operation, outcome, key);
}

export function operationStage(parts: OperationParts): OperationStage {
  const { live } = parts;
  const responseCache = new ResponseCache();
  const ownRules = ownRulesCheck();
  /**
   * Writes work on memory. A read of an article whose change is still being saved answers from the
   * site as saved, uncached (`--persist`: a change whose save fails is never shown); other reads
   * from memory, cached when the rules are the mock's own.
   */
  const readingFor = ({ operation, params }: OperationRequest): Reading => {
    const saved = writes.has(operation) ? undefined : parts.committedView?.(Number(params.article_id));
    if (saved) return { store: saved, cache: undefined };
    const cacheable = cachedReads.has(operation) && ownRules(live.rules);
    return { store: live.store, cache: cacheable ? responseCache : undefined };
  };
  /** An operation that meets a fault, or a write that waits for the disk (`--persist`). */
  const answerAfterWaiting = async (request: PlainRequest, input: OperationRequest): Promise<PlainAnswer> => {
    const { operation } = input;
    if (hasFaults(live.faults)) await applyFaults(live.faults, operation, request);
    const answer = ruleAnswer(live, readingFor(input), request, input);
    const plain = answer instanceof Promise ? await answer : answer;
    if (parts.settled && writes.has(operation)) await durably(parts.settled);
    return plain;
  };
  /**
   * The rest once the body (if any) is in. Each promise turn is work every answer pays for
   * (BENCHMARKS.md), so what waits on nothing more (no fault, no disk) is answered in this turn.
   */
  const answerWithBody = (
    request: PlainRequest,
    input: OperationRequest,
    body: unknown,
  ): PlainAnswer | Promise<PlainAnswer> => {
    input.body = body;
    const waitsForDisk = parts.settled !== undefined && writes.has(input.operation);
    if (waitsForDisk || hasFaults(live.faults)) return answerAfterWaiting(request, input);
    return ruleAnswer(live, readingFor(input), request, input);
  };
  return (request, match, search, read) => {
    const { operation } = match;
    const params = decodedParams(match.rawParams);
    if (!operation) return methodNotAllowedAnswer(match.allow);
    const query = parseQuery(search);
    const input: OperationRequest = { operation, params, query, body: undefined, originalUrl: request.originalUrl };
    const body = operationBody(parts, request, operation, query, read);
    if (body instanceof Promise) return body.then((parsed) => answerWithBody(request, input, parsed));
    return answerWithBody(request, input, body);
  };
}
