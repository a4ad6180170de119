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
import { ResponseCache } from './response-cache';
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
}

/**
 * Answers a request a route of section 4 names; `read` records the body bytes for the journal. A
 * read that waits on nothing (no body, no fault, no disk) is answered in the same turn.
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
const usesDefaultRules = (rules: RuleSet): boolean =>
  (Object.keys(defaultRules) as (keyof RuleSet)[]).every((name) => rules[name] === defaultRules[name]);

/** The operation's input after its token and media type pass: the parsed body of a write (read into `read`). */
async function operationBody(
  parts: OperationParts,
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

export function operationStage(parts: OperationParts): OperationStage {
  const { live } = parts;
  const cache = new ResponseCache();
  /** An operation that reads a body, writes, or meets a fault: each waits on something. */
  const answerAfterWaiting = async (
    request: PlainRequest,
    input: OperationRequest,
    read: { body?: Uint8Array },
  ): Promise<PlainAnswer> => {
    const { operation } = input;
    const body = await operationBody(parts, request, operation, input.query, read);
    if (hasFaults(live.faults)) await applyFaults(live.faults, operation);
    const plain = await ruleAnswer(live, cache, request, { ...input, body });
    if (parts.settled && writes.has(operation)) await durably(parts.settled);
    return plain;
  };
  return (request, match, search, read) => {
    const { operation } = match;
    const params = decodedParams(match.rawParams);
    if (!operation) return methodNotAllowedAnswer(match.allow);
    const input = { operation, params, query: parseQuery(search), body: undefined, originalUrl: request.originalUrl };
    if (readsBody.has(operation) || writes.has(operation) || hasFaults(live.faults)) {
      return answerAfterWaiting(request, input, read);
    }
    return ruleAnswer(live, cache, request, input);
  };
}
